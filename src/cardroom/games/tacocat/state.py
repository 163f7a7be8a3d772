"""The Tacocat state: one immutable value holding a whole game, secrets included.

Fields (all immutable values, so states share them freely):

- ``seed``, ``counter``: the secret seed and how many shuffles have used it.
- ``round``: rounds dealt so far; ``pos``: Tacocat's position (0 = YAY's goal); ``covered``: a bit
  per covered position.
- ``hands``: each seat's cards, sorted, without cards it has marked or laid down (below).
- ``draw``: the draw pile, top first; ``discard``: face-up discards, a count per value 1..12.
- ``phase``: ``replace``, ``duel``, ``attack``, ``defend`` or ``over``; ``actor``: the seat replacing
  (``BOTH`` when both replace at once), attacking, or (when over) the winner.
- ``limit``, ``swapped``: how many cards the replacing seat may and did discard (``-1``: any number).
- ``marks``, ``decided``: in a simultaneous replacement, the cards each seat chose to replace (hidden
  from the other until both are done) and how many of its dealt cards it has decided about. A seat
  decides about its dealt cards one at a time, lowest first (``keep N`` or ``discard N``), so the
  number of decisions never depends on the choices; it is done when it has decided about them all.
- ``picks``: each seat's face-down duel card (0: none yet).
- ``attack``, ``answers``: the attack being answered and the answers so far (+v defends, -v sacrifices).
- ``duel_winner``: who won this round's last duel (-1: none); ``last_duel``, ``last_play``,
  ``last_round``: the latest duel reveal, finished exchange and round result, kept for the views.
- ``floors``: per seat, the lowest value its cards can still have this round. A sacrifice shows the
  sacrificer's lowest card, so everything they keep is at least that: public knowledge, which the
  views state and ``sample`` respects.
- ``acting``, ``menu``: the seats to act and each seat's legal actions, derived from the above when a
  state is made (every caller asks for them, usually more than once).

A rule step copies the state into a mutable ``Draft`` (same layout), changes it and turns it back
into a state by switching its class: the cheapest copy Python offers, and no state is ever changed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardroom.core import events as ev
from cardroom.core.action import Action
from cardroom.core.game import State, View
from cardroom.core.outcome import Outcome
from cardroom.games.tacocat.actions import DONE
from cardroom.games.tacocat.board import BOTH
from cardroom.games.tacocat.phases import ATTACK, DEFEND, DUEL, OVER, REPLACE

if TYPE_CHECKING:
    from cardroom.games.tacocat.game import TacocatGame

Pair = tuple[tuple[int, ...], tuple[int, ...]]
Play = tuple[int, tuple[int, ...], tuple[int, ...]]

_ONLY_DONE = (DONE,)

FIELDS = (
    "game", "seed", "counter", "step", "history", "round", "pos", "covered", "hands", "draw", "discard",
    "phase", "actor", "limit", "swapped", "marks", "decided", "picks", "attack", "answers", "duel_winner",
    "last_duel", "last_play", "last_round", "floors", "acting", "menu",
)  # fmt: skip


class TacocatState(State):
    __slots__ = FIELDS

    game: TacocatGame
    seed: int
    counter: int
    step: int
    history: ev.Chain
    round: int
    pos: int
    covered: int
    hands: Pair
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    phase: str
    actor: int
    limit: int
    swapped: int
    marks: Pair
    decided: tuple[int, int]
    picks: tuple[int, int]
    attack: tuple[int, ...]
    answers: tuple[int, ...]
    duel_winner: int
    last_duel: tuple[int, int] | None
    last_play: Play | None
    last_round: tuple[int, int, int] | None
    floors: tuple[int, int]
    acting: tuple[int, ...]
    menu: tuple[tuple[Action, ...], tuple[Action, ...]]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Tacocat state is immutable; apply() returns a new one")

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle and copy through the JSON form: the default would assign fields one by one.
        return (_restore, (self.game, self.to_json()))

    # -- the contract ------------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.acting

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        return self.menu[seat] if seat == 0 or seat == 1 else ()

    def _apply(self, seat: int, action: Action) -> State:
        return _rules.apply(self, seat, action)

    def _why_illegal(self, seat: int, action: Action) -> str:
        from cardroom.games.tacocat.illegal import why_illegal

        return why_illegal(self, seat, action)

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        winner = self.actor
        name = ("YAY", "WOW")[winner]
        return Outcome((winner,), ((winner,), (1 - winner,)), f"{name} moved Tacocat onto the {name} goal")

    def _view(self, seat: int | None) -> View:
        from cardroom.games.tacocat.views import view

        return view(self, seat)

    def to_json(self) -> dict[str, Any]:
        from cardroom.games.tacocat.notation import to_json

        return to_json(self)

    def census(self) -> Mapping[str, int]:
        counts = list(self.discard)
        for group in (*self.hands, *self.marks, self.draw, self.picks):
            for v in group:
                if v:
                    counts[v - 1] += 1
        return {str(v + 1): n for v, n in enumerate(counts)}

    def shuffle_unknown(self, seat: int | None, rng: random.Random) -> State:
        from cardroom.games.tacocat.hidden import shuffle_unknown

        return shuffle_unknown(self, seat, rng)

    # -- Tacocat's own ----------------------------------------------------------------------------

    def hand_sizes(self) -> tuple[int, int]:
        """Cards each seat holds as the other sees it: marked cards still count, a laid duel card not."""
        h, m = self.hands, self.marks
        return (len(h[0]) + len(m[0]), len(h[1]) + len(m[1]))

    def notation(self) -> str:
        """The one-line position notation (see docs/tacocat.md); ``game.load`` reads it back."""
        from cardroom.games.tacocat.notation import write

        return write(self)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"<TacocatState {self.notation()}>"


def _restore(game: TacocatGame, data: dict[str, Any]) -> TacocatState:
    return game.load(data)


class Draft(TacocatState):
    """A state under construction: the same fields, assignable. ``freeze`` makes it a state."""

    __slots__ = ()
    __setattr__ = object.__setattr__  # type: ignore[assignment]


def draft(s: TacocatState) -> Draft:
    """A mutable copy. Written out field by field: a loop over names with getattr is twice as slow."""
    d = object.__new__(Draft)
    d.game = s.game
    d.seed = s.seed
    d.counter = s.counter
    d.step = s.step
    d.history = s.history
    d.round = s.round
    d.pos = s.pos
    d.covered = s.covered
    d.hands = s.hands
    d.draw = s.draw
    d.discard = s.discard
    d.phase = s.phase
    d.actor = s.actor
    d.limit = s.limit
    d.swapped = s.swapped
    d.marks = s.marks
    d.decided = s.decided
    d.picks = s.picks
    d.attack = s.attack
    d.answers = s.answers
    d.duel_winner = s.duel_winner
    d.last_duel = s.last_duel
    d.last_play = s.last_play
    d.last_round = s.last_round
    d.floors = s.floors
    d.acting = s.acting
    d.menu = s.menu
    return d


def freeze(d: Draft) -> TacocatState:
    """Finish a draft: compute who acts, then turn it into an immutable state (same object)."""
    d.acting = who = acting(d)
    d.menu = (legal_actions(d, 0) if 0 in who else (), legal_actions(d, 1) if 1 in who else ())
    d.__class__ = TacocatState  # type: ignore[assignment]
    return d


def legal_actions(s: TacocatState, seat: int) -> tuple[Action, ...]:
    """The legal actions of a seat that is to act."""
    phase = s.phase
    legal = s.game.legal
    if phase == ATTACK:
        return legal.attacks(s.hands[seat])
    if phase == DEFEND:
        return legal.defences(s.hands[seat], s.attack[len(s.answers)])
    if phase == DUEL:
        return legal.duels(s.hands[seat])
    if s.actor == BOTH:
        return legal.decisions(next_undecided(s, seat))
    if 0 <= s.limit <= s.swapped:
        return _ONLY_DONE  # replaced as many as allowed: only "done" is left
    return legal.discards(s.hands[seat])


def dealt(s: TacocatState, seat: int) -> tuple[int, ...]:
    """A seat's hand as dealt for the simultaneous replacement: kept, undecided and marked cards."""
    return tuple(sorted(s.hands[seat] + s.marks[seat]))


def is_done(s: TacocatState, seat: int) -> bool:
    """Whether a seat has decided about every dealt card in the simultaneous replacement."""
    return s.decided[seat] >= len(s.hands[seat]) + len(s.marks[seat])


def next_undecided(s: TacocatState, seat: int) -> int:
    """The card a seat decides about next in the simultaneous replacement (its dealt hand, lowest first)."""
    return dealt(s, seat)[s.decided[seat]]


def acting(s: TacocatState) -> tuple[int, ...]:
    phase = s.phase
    if phase == ATTACK or (phase == REPLACE and s.actor >= 0):
        return (s.actor,)
    if phase == DEFEND:
        return (1 - s.actor,)
    if phase == DUEL:
        return tuple(seat for seat in (0, 1) if not s.picks[seat])
    if phase == REPLACE:
        return tuple(seat for seat in (0, 1) if not is_done(s, seat))
    return ()


# Imported last: the rules build states from drafts, and the hot path should not re-import per action.
from cardroom.games.tacocat import rules as _rules  # noqa: E402
