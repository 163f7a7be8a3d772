"""Where every card of a toy game is, and the rules that move them (tests/support/toy/game.py states them).

A :class:`Table` is changed in place by one action's rule and returns the events it makes; the state
copies it first, so every state stays immutable.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from cardroom.core import events as ev
from cardroom.core.rng import derive

# The view key of each reaction's tokens (a burn needs none).
TOKEN_VIEWS = {"nope": "nopes", "veto": "vetoes"}
_NESTED = ("hands", "tricks", "burned")  # lists of lists
_FLAT = ("deck", "played", "chosen", "tokens", "taken", "scores", "gone", "asked")


@dataclass(frozen=True)
class Rules:
    """The options the flow of play depends on."""

    turns: str
    reaction: str
    rounds: int

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Rules:
        return cls(str(options["turns"]), str(options["reaction"]), int(options["rounds"]))


@dataclass
class Table:
    rules: Rules
    hands: list[list[int]]
    deck: list[int]  # face down, top first
    played: list[int] = field(default_factory=list)  # cards played face up, in order (turns by seat)
    tricks: list[list[int | None]] = field(default_factory=list)  # each round's cards by seat (together)
    chosen: list[int | None] = field(default_factory=list)  # this round's face-down choices (together)
    burned: list[list[int]] = field(default_factory=list)  # discarded face down: burns, a conceded hand
    tokens: list[int] = field(default_factory=list)  # Nopes or vetoes left
    taken: list[int] = field(default_factory=list)  # turns played
    scores: list[int] = field(default_factory=list)
    gone: list[int] = field(default_factory=list)  # seats that conceded, in order
    asked: list[int] = field(default_factory=list)  # seats the open window still waits for
    pending: int | None = None  # the card the window is about
    owner: int | None = None  # the seat it scores for if it stands
    noped: int = 0
    sighing: int | None = None
    turn: int = 0
    over: bool = False
    seed: int | None = None  # only where Nopes are dealt at every window

    @classmethod
    def fresh(cls, options: Mapping[str, Any], hands: list[list[int]], deck: list[int]) -> Table:
        n = len(hands)
        return cls(
            Rules.of(options),
            hands,
            deck,
            chosen=[None] * n,
            burned=[[] for _ in range(n)],
            tokens=[1] * n,
            taken=[0] * n,
            scores=[0] * n,
        )

    def copy(self) -> Table:
        out = copy.copy(self)
        for name in _NESTED:
            setattr(out, name, [list(inner) for inner in getattr(self, name)])
        for name in _FLAT:
            setattr(out, name, list(getattr(self, name)))
        return out

    def to_json(self) -> dict[str, Any]:
        copied = self.copy()
        return {f.name: getattr(copied, f.name) for f in fields(copied) if f.name != "rules"}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], options: Mapping[str, Any]) -> Table:
        loaded = cls(Rules.of(options), **{k: v for k, v in data.items() if k != "rules"})
        return loaded.copy()

    # -- who may do what ---------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    def living(self) -> list[int]:
        return [s for s in range(self.players) if s not in self.gone]

    def turns_left(self, seat: int) -> int:
        return self.rules.rounds - self.taken[seat] if self.rules.rounds else len(self.hands[seat])

    def can_play(self, seat: int) -> bool:
        return seat not in self.gone and bool(self.hands[seat]) and self.turns_left(seat) > 0

    def to_act(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.sighing is not None:
            return (self.sighing,)
        if self.asked:
            return tuple(self.asked)
        if self.rules.turns == "seat":
            return (self.turn,)
        return tuple(s for s in self.living() if self.chosen[s] is None)

    @property
    def window(self) -> bool:
        return self.pending is not None and self.sighing is None and bool(self.asked)

    def may_react(self, seat: int) -> bool:
        if self.rules.reaction == "burn":
            return len(self.hands[seat]) > max(self.turns_left(seat), 0)
        return self.tokens[seat] > 0

    # -- the rules of each action ------------------------------------------------------------------

    def play(self, seat: int, card: int, step: int) -> list[ev.Event]:
        self.hands[seat].remove(card)
        if self.rules.turns == "together":
            self.chosen[seat] = card
            return self._reveal_if_all_chose(step)
        self.played.append(card)
        self.taken[seat] += 1
        return [
            ev.Event("play", f"P{seat} plays {card}", {"seat": seat, "card": card}),
            *self._open_window(card, seat, step),
        ]

    def nope(self, seat: int, step: int) -> list[ev.Event]:
        self.tokens[seat] -= 1
        self.noped += 1
        self.asked = self._asked_about(self.owner)
        self._deal_nopes(step)
        return [ev.Event("nope", f"P{seat} says nope", {"seat": seat})]

    def veto(self, seat: int) -> list[ev.Event]:
        """The play is cancelled at once; its player must sigh (unless it has left)."""
        self.tokens[seat] -= 1
        self.sighing = None if self.owner in self.gone else self.owner
        self.pending, self.owner, self.asked = None, None, []
        if self.sighing is None:
            self._advance()
        return [ev.Event("veto", f"P{seat} vetoes the card", {"seat": seat})]

    def sigh(self, seat: int) -> list[ev.Event]:
        self.sighing = None
        self._advance()
        return [ev.Event("sigh", f'P{seat}: "alas"', {"seat": seat})]

    def burn(self, seat: int) -> list[ev.Event]:
        low = min(self.hands[seat])
        self.hands[seat].remove(low)
        self.burned[seat] = sorted([*self.burned[seat], low])
        self.asked.remove(seat)
        self._close_if_answered()
        return [ev.Event("burn", f"P{seat} burns a card", {"seat": seat})]

    def let_stand(self, seat: int) -> list[ev.Event]:
        """The quiet answer: no event, so nobody learns it before the window closes."""
        self.asked.remove(seat)
        self._close_if_answered()
        return []

    def concede(self, seat: int, step: int) -> list[ev.Event]:
        self.gone.append(seat)
        chose = self.chosen[seat]
        mine = [*self.hands[seat], *([] if chose is None else [chose])]
        self.burned[seat] = sorted([*self.burned[seat], *mine])
        self.hands[seat], self.chosen[seat] = [], None
        events = [ev.Event("concede", f"P{seat} concedes", {"seat": seat})]
        if len(self.living()) == 1:
            self.over, self.pending, self.owner, self.asked, self.sighing = True, None, None, [], None
            self._take_back_choices()
        elif self.sighing == seat:
            self.sighing = None
            self._advance()
        elif self.pending is not None:
            if seat in self.asked:
                self.asked.remove(seat)  # its answer is the quiet one
            self._close_if_answered()
        elif self.rules.turns == "together":
            events += self._reveal_if_all_chose(step)
        elif self.turn == seat:
            self._advance()
        return events

    # -- the flow between actions ------------------------------------------------------------------

    def _reveal_if_all_chose(self, step: int) -> list[ev.Event]:
        """Every seat still in has chosen: the cards are turned up and the highest takes the round."""
        if any(self.chosen[s] is None for s in self.living()):
            return []
        trick, self.chosen = list(self.chosen), [None] * self.players
        self.tricks.append(trick)
        for s in self.living():
            self.taken[s] += 1
        best = max(c for c in trick if c is not None)
        winner = trick.index(best)
        shown = ev.Event("round", f"P{winner}'s {best} takes the round", {"seat": winner, "cards": trick})
        return [shown, *self._open_window(best, winner, step)]

    def _take_back_choices(self) -> None:
        """A round that is never turned up: each card chosen for it goes back to its hand."""
        for seat, card in enumerate(self.chosen):
            if card is not None:
                self.hands[seat] = sorted([*self.hands[seat], card])
        self.chosen = [None] * self.players

    def _open_window(self, card: int, owner: int, step: int) -> list[ev.Event]:
        self.pending, self.owner, self.noped = card, owner, 0
        last_round = bool(self.rules.rounds) and all(self.taken[s] >= self.rules.rounds for s in self.living())
        if self.rules.reaction == "burn" and last_round:
            self._close_if_answered()  # nothing is left to burn for
            return []
        self.asked = self._asked_about(owner)
        self._deal_nopes(step)
        return []

    def _asked_about(self, owner: int | None) -> list[int]:
        """A veto is asked of the others; a nope or a burn of every seat still in."""
        return [s for s in self.living() if not (self.rules.reaction == "veto" and s == owner)]

    def _deal_nopes(self, step: int) -> None:
        """A new window: with dealt Nopes, each seat's is drawn again (hidden)."""
        if self.seed is not None:
            draw = derive(self.seed, step)
            self.tokens = [int(draw.random() < 0.5) for _ in self.tokens]

    def _close_if_answered(self) -> None:
        """Every seat asked has answered: the play stands unless noped an odd number of times."""
        if self.pending is None or self.asked:
            return
        if self.noped % 2 == 0 and self.owner is not None:
            self._score(self.owner, self.pending)
        self.pending, self.owner = None, None
        self._advance()

    def _score(self, owner: int, card: int) -> None:
        if self.rules.turns == "seat":
            self.scores[owner] += card
            return
        self.scores[owner] += 1
        if self.deck:
            self.hands[owner] = sorted([*self.hands[owner], self.deck.pop(0)])

    def _advance(self) -> None:
        """The next seat that can play has the turn (or, together, the next round starts); else the end."""
        if self.rules.turns == "together":
            self.over = not all(self.can_play(s) for s in self.living())
            return
        for offset in range(1, self.players + 1):
            seat = (self.turn + offset) % self.players
            if self.can_play(seat):
                self.turn = seat
                return
        self.turn = (self.turn + 1) % self.players
        self.over = True
