"""The plain moves of T.A.C.O.'s rules engine: cards between deck, hands, tacos and piles.

:class:`cardroom.games.taco.engine.Engine` builds on these; it decides what happens (turns, windows,
effects, rounds), these only carry it out and say it.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardroom.core import events as ev
from cardroom.core.rng import derive
from cardroom.games.taco.cards import CardSpec
from cardroom.games.taco.table import Table

if TYPE_CHECKING:
    from cardroom.games.taco.game import TacoGame


class TableHands:
    """One working table and the plain moves on it: cards into and out of hands, tacos and piles,
    the events they say, and which cards an effect may target. No rule is decided here."""

    def __init__(self, game: TacoGame, tb: Table) -> None:
        self.game = game
        self.tb = tb
        self.cards = game.deck.cards
        self.n = game.players
        self.events: list[ev.Event] = []

    # -- small helpers -------------------------------------------------------------------------

    def spec(self, card: int) -> CardSpec:
        return self.cards[card]

    def name(self, card: int) -> str:
        return self.cards[card].name

    def slug(self, card: int) -> str:
        return self.cards[card].slug

    def seats(self) -> range:
        return range(self.n)

    def push(self, task: list[Any]) -> None:
        self.tb.stack.append(task)

    def say(self, kind: str, text: str, audience: Sequence[int] | None = None, **data: Any) -> None:
        aud = None if audience is None else frozenset(audience)
        self.events.append(ev.Event(kind, text, data, aud))

    def rng(self) -> random.Random:
        gen = derive(self.tb.seed, self.tb.counter)
        self.tb.counter += 1
        return gen

    def random_choice(self, items: Sequence[int]) -> int:
        return items[self.rng().randrange(len(items))]

    def owner_of(self, card: int) -> int:
        for seat, taco in enumerate(self.tb.tacos):
            if card in taco:
                return seat
        return -1

    def everyone(self) -> int:
        return (1 << self.n) - 1

    # -- moving cards ----------------------------------------------------------------------------

    def to_hand(self, seat: int, card: int) -> None:
        bisect.insort(self.tb.hands[seat], card)

    def from_hand(self, seat: int, card: int) -> None:
        self.tb.hands[seat].remove(card)
        self.tb.known.pop(card, None)

    def pick_from_hand(self, seat: int, slug: str) -> int:
        """The copy of ``slug`` a seat gives up: one others know about first, then the lowest id."""
        copies = [c for c in self.tb.hands[seat] if self.cards[c].slug == slug]
        known = [c for c in copies if c in self.tb.known]
        return (known or copies)[0]

    def draw(self, seat: int, reveal_forced: bool = False) -> int | None:
        tb = self.tb
        if not tb.deck:
            if not tb.discard:
                self.say("draw", f"P{seat} cannot draw: deck and discard pile are empty", seat=seat)
                return None
            tb.deck = tb.discard
            tb.discard = []
            self.rng().shuffle(tb.deck)
            self.say("reshuffle", "The discard pile is shuffled into a new deck", size=len(tb.deck))
        card = tb.deck.pop()
        self.to_hand(seat, card)
        self.say("draw", f"P{seat} draws a card", seat=seat)
        self.say("drew", f"You draw {self.name(card)}", [seat], card=self.slug(card), id=card)
        return card

    def discard_from_hand(self, seat: int, card: int) -> None:
        self.from_hand(seat, card)
        self.tb.discard.append(card)

    def gain(self, card: int) -> None:
        """A card entered a taco fresh: take its points from the pool (negative ones go back)."""
        printed = self.cards[card].points
        tb = self.tb
        if printed > 0:
            got = min(printed, tb.pool)  # the pool may hold less: take what is left
            tb.pool -= got
            tb.points[card] = got
        elif printed < 0:
            tb.points[card] = printed
            tb.pool -= printed

    def release(self, card: int, seat: int) -> None:
        """A card leaves a taco: its points go back to the pool; a negative card's owner regains them."""
        tb = self.tb
        tb.pool += tb.points[card]
        tb.points[card] = 0
        if tb.pool < 0:
            # The pool held less than the owner should regain: they regain what is left (the round
            # ends now), and the shortfall stays on their shell so every point is accounted for.
            tb.points[tb.tacos[seat][0]] += tb.pool
            tb.pool = 0

    def leave_taco(self, card: int) -> int:
        seat = self.owner_of(card)
        if self.tb.ages:
            self.tb.ages.pop(card, None)  # a poison that leaves a taco starts afresh if played again
        self.release(card, seat)
        self.tb.tacos[seat].remove(card)
        return seat

    def destroy(self, card: int) -> None:
        seat = self.leave_taco(card)
        self.tb.discard.append(card)
        self.say(
            "destroyed", f"{self.name(card)} in P{seat}'s taco is destroyed", card=self.slug(card), id=card, seat=seat
        )

    # -- targets ---------------------------------------------------------------------------------

    def targets(self, owner: int, verb: str, params: Mapping[str, Any], stage: int) -> list[tuple[int, int]]:
        """(seat, card) pairs a targeting effect may pick. For a swap, stage -1/-2 are your side/theirs."""
        kind = params.get("kind")
        out = []
        for seat, taco in enumerate(self.tb.tacos):
            if verb == "steal" and seat == owner:
                continue
            if verb == "swap" and (seat == owner) != (stage == -1):
                continue
            for card in taco[1:]:
                spec = self.cards[card]
                if verb == "destroy" and params.get("what") == "poison":
                    ok = spec.type == "poison"
                elif verb == "swap" or (verb == "return_card" and params.get("what") == "any"):
                    ok = spec.is_ingredient or spec.type == "poison"
                else:
                    ok = spec.is_ingredient and kind in (None, spec.food)
                if ok:
                    out.append((seat, card))
        return out

    def pick_target(self, seat: int, slug: str, pairs: list[tuple[int, int]]) -> int | None:
        """Copies of one card in one taco differ only by their points: an effect takes the most."""
        best: int | None = None
        for s, card in pairs:
            if (
                s == seat
                and self.cards[card].slug == slug
                and (best is None or self.tb.points[card] > self.tb.points[best])
            ):
                best = card
        return best
