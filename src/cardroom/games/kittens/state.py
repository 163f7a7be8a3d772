"""The immutable state of one Exploding Kittens game.

Zones hold card kinds (see ``cards``): hands sorted, the draw pile top first, the discard pile bottom
first. Besides the cards, the state keeps what each seat knows that others may not: positions in the
draw pile (See the Future, a Kitten it placed) and cards it knows another seat holds (Favors, steals, a
draw it saw coming). Views show a seat its own knowledge; ``sample`` and ``shuffle_unknown`` respect it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from itertools import chain
from typing import TYPE_CHECKING, Any

from cardroom.core import events as ev
from cardroom.core.action import Action
from cardroom.core.game import State, View
from cardroom.core.outcome import Outcome
from cardroom.games.kittens import cards as C
from cardroom.games.kittens.concede import concede
from cardroom.games.kittens.hidden import shuffle_unknown
from cardroom.games.kittens.legal import legal_actions, why_illegal
from cardroom.games.kittens.notation import to_json
from cardroom.games.kittens.pending import FAVOR, FIELDS, FIVE, NAME, OVER, PLACE, TAKE, WINDOW, Pending
from cardroom.games.kittens.position import to_line
from cardroom.games.kittens.rules import apply
from cardroom.games.kittens.view import build_view

if TYPE_CHECKING:
    from cardroom.games.kittens.game import KittensGame

# A seat's knowledge of the draw pile: (position, kind) pairs sorted by position, 0 = top.
PileKnown = tuple[tuple[int, int], ...]
# A seat's knowledge of the hands: per holder seat, cards it surely holds (a sorted lower bound).
HandKnown = tuple[tuple[int, ...], ...]


class KittensState(State):
    __slots__ = ("_census", "_legal", "_to_act", "game", "history", "step", *FIELDS)

    game: KittensGame  # narrower than State's
    # The other fields' types are those of __init__'s parameters; only the caches are declared here.
    _census: dict[str, int] | None
    _legal: dict[int, tuple[Action, ...]]
    _to_act: tuple[int, ...] | None

    def __init__(
        self,
        game: KittensGame,
        *,
        step: int,
        history: ev.Chain,
        seed: int,
        counter: int,
        hands: tuple[tuple[int, ...], ...],
        pile: tuple[int, ...],
        discard: tuple[int, ...],
        removed: tuple[int, ...],
        out: tuple[int, ...],
        current: int,
        owed: int,
        attacked: bool,
        phase: str,
        pending: Pending | None,
        undecided: tuple[int, ...],
        pile_known: tuple[PileKnown, ...],
        hand_known: tuple[HandKnown, ...],
    ) -> None:
        self.game = game
        self.step = step
        self.history = history
        self.seed = seed
        self.counter = counter
        self.hands = hands
        self.pile = pile
        self.discard = discard
        self.removed = removed
        self.out = out
        self.current = current
        self.owed = owed
        self.attacked = attacked
        self.phase = phase
        self.pending = pending
        self.undecided = undecided
        self.pile_known = pile_known
        self.hand_known = hand_known
        self._legal = {}
        self._to_act = None
        self._census = None

    # -- who acts, what is legal -----------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        found = self._to_act
        if found is None:
            found = self._to_act = self._who_acts()
        return found

    def _who_acts(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == WINDOW:
            return self.undecided
        if phase == OVER:
            return ()
        pending = self.pending
        if phase == FAVOR and pending is not None:
            return (pending.target,)
        if phase in (NAME, FIVE, TAKE) and pending is not None:
            return (pending.actor,)
        return (self.current,)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        cache = self._legal
        found = cache.get(seat)
        if found is None:
            found = cache[seat] = legal_actions(self, seat) if seat in self.to_act else ()
        return found

    @property
    def reaction_window(self) -> bool:
        """The Nope window: every living seat still undecided may Nope the card just played."""
        return self.phase == WINDOW and bool(self.to_act)

    def default_answer(self, seat: int) -> str | None:
        """Saying nothing in a Nope window lets the play stand."""
        return "pass" if self.phase == WINDOW and seat in self.to_act else None

    def concede(self, seat: int) -> State:
        """``seat`` leaves as an exploded player does (see :mod:`cardroom.games.kittens.concede`)."""
        return concede(self, seat)

    def _apply(self, seat: int, action: Action) -> State:
        return apply(self, seat, action)

    def _why_illegal(self, seat: int, action: Action) -> str:
        return why_illegal(self, seat, action)

    # -- facts anyone can see ----------------------------------------------------------------------

    def alive(self, seat: int) -> bool:
        return seat not in self.out

    def living(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.game.players) if s not in self.out)

    def next_living(self, seat: int) -> int:
        n = self.game.players
        for step in range(1, n + 1):
            other = (seat + step) % n
            if other not in self.out:
                return other
        return seat

    def targets(self, seat: int) -> tuple[int, ...]:
        """Seats a Favor, pair or triple by ``seat`` may target: other living players holding a card."""
        return tuple(s for s in range(self.game.players) if s != seat and s not in self.out and self.hands[s])

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        winner = self.living()
        ranking = (winner, *((s,) for s in reversed(self.out)))
        return Outcome(winners=winner, ranking=ranking, reason="last player standing")

    def census(self) -> Mapping[str, int]:
        if self._census is None:
            counts = Counter(chain(*self.hands, self.pile, self.discard, self.removed))
            if self.phase == PLACE:
                counts[C.KITTEN] += 1  # the drawn Kitten, face up, between the hand and the pile
            self._census = {slug: counts[k] for k, slug in enumerate(C.SLUGS)}
        return dict(self._census)

    # -- views, notation, hidden information -------------------------------------------------------

    def _view(self, seat: int | None) -> View:
        return build_view(self, seat)

    def to_json(self) -> dict[str, Any]:
        return to_json(self)

    def position(self) -> str:
        """The one-line position notation (every card and secret, no history); ``game.load`` reads it."""
        return to_line(self)

    def shuffle_unknown(self, seat: int | None, rng: random.Random) -> State:
        return shuffle_unknown(self, seat, rng)
