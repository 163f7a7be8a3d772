"""A player concedes a T.A.C.O. match at a table of three or more: the others play on without them.

The rulebook has no way out of a match (nobody is ever eliminated); the room's ruling is:

- the conceding seat's hand is discarded face up and its taco destroyed: every card in it but the
  shell goes to the discard pile, and the points on them (and on the shell) go back to the pool, as
  when any ingredient is destroyed;
- from then on the seat is skipped in the turn order, draws and is dealt no cards (a card an effect
  would hand it is discarded), nothing is played into its taco, and it is asked in no window: where the rules would still ask it something (an Instant window, a hail of the Taco
  Master), it gives the answer that changes nothing (pass, hail), inside the same step as the move
  that led to it, so nobody ever waits on it and no window shows it as undecided;
- a decision that was waiting on the seat (its turn, a bonus play, a target, a discard) is dropped;
  a play of its that is waiting on an Instant window still resolves when the window closes;
- it ranks below every seat that stayed, whatever its points (of two who conceded, the later one
  ranks higher); when one player is left, the match ends and they win.

Conceding is never a legal action (bots, searches and learning environments never see it; the action
space is unchanged). It is a record of its own in the action sequence, the text ``concede``, which
``State.apply`` hands to :meth:`TacoState.concede`, so a replay of the stored actions walks it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cardroom.core import events as ev
from cardroom.core.action import Action, action
from cardroom.core.errors import IllegalAction
from cardroom.core.game import View
from cardroom.core.outcome import Outcome
from cardroom.games.taco.engine import Engine
from cardroom.games.taco.state import TacoState
from cardroom.games.taco.table import Table

if TYPE_CHECKING:
    from cardroom.games.taco.game import TacoGame

# What a seat that left answers where the rules still ask it: the answers that change nothing.
_IDLE = (action("pass"), action("hail"), action("accent"), action("end"))
# Decisions that belong to one seat (its second field): dropped when that seat leaves.
_OWN_DECISIONS = frozenset(("main", "bonus", "target", "choose", "discard", "draw_step", "poison"))


class _WithoutChairs(Engine):
    """The rules with some seats gone: their turns are skipped and they are dealt nothing."""

    def __init__(self, game: TacoGame, tb: Table, gone: tuple[int, ...]) -> None:
        super().__init__(game, tb)
        self.gone = gone

    def _task_turn(self, task: list[Any]) -> None:
        seat = int(task[1])
        if seat in self.gone:
            self.push(["turn", (seat + 1) % self.n])
            return
        super()._task_turn(task)

    def deal_one(self, seat: int) -> None:
        if seat not in self.gone:
            super().deal_one(seat)

    def draw(self, seat: int, reveal_forced: bool = False) -> int | None:
        return None if seat in self.gone else super().draw(seat, reveal_forced)

    def to_hand(self, seat: int, card: int) -> None:
        if seat in self.gone:  # an effect hands a card to a seat that left: it is discarded
            self.tb.discard.append(card)
            return
        super().to_hand(seat, card)


class ConcededTacoState(TacoState):
    """A T.A.C.O. state with seats that left: ``gone`` holds them, in the order they conceded."""

    __slots__ = ("gone",)

    gone: tuple[int, ...]

    def __init__(self, base: TacoState, gone: tuple[int, ...], step: int | None = None) -> None:
        super().__init__(base.game, base.tb, base.step if step is None else step, base.history)
        self.gone = gone

    def _engine(self, tb: Table) -> Engine:
        return _WithoutChairs(self.game, tb, self.gone)

    def _apply(self, seat: int, action: Action) -> TacoState:
        return _settle(TacoState._apply(self, seat, action), self.gone, self.step + 1)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        # Nothing is played into the taco of a seat that left.
        return tuple(a for a in TacoState.legal_actions(self, seat) if not _into_gone(a, self.gone))

    def _why_illegal(self, seat: int, action: Action) -> str:
        if _into_gone(action, self.gone):
            return f"P{action.args[1]} has left the match: nothing can be played into their taco"
        return TacoState._why_illegal(self, seat, action)

    @property
    def outcome(self) -> Outcome | None:
        base = super().outcome
        if base is None:
            return None
        gone = set(self.gone)
        staying = tuple(g for g in (tuple(s for s in group if s not in gone) for group in base.ranking) if g)
        ranking = (*staying, *((s,) for s in reversed(self.gone)))
        return Outcome(ranking[0], ranking, self.tb.reason, base.scores)

    def _view(self, seat: int | None) -> View:
        view = TacoState._view(self, seat)
        view["conceded"] = list(self.gone)
        return view

    def to_json(self) -> dict[str, Any]:
        data = TacoState.to_json(self)
        data["conceded"] = list(self.gone)
        return data

    def shuffle_unknown(self, seat: int | None, rng: random.Random) -> TacoState:
        return ConcededTacoState(TacoState.shuffle_unknown(self, seat, rng), self.gone)


def concede(state: TacoState, seat: int) -> TacoState:
    """The state after ``seat`` gives up (see the module's docstring); :class:`IllegalAction` if it cannot."""
    players = state.game.players
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise IllegalAction(f"there is no seat {seat!r}; seats are 0 to {players - 1}")
    if state.is_over:
        raise IllegalAction("the game is over; no more actions")
    gone = state.gone if isinstance(state, ConcededTacoState) else ()
    if seat in gone:
        raise IllegalAction("you have already conceded")  # said to the seat that asked, only
    gone = (*gone, seat)
    eng = _WithoutChairs(state.game, state.tb.clone(), gone)
    tb = eng.tb
    eng.say("concede", f"P{seat} concedes and leaves the match", seat=seat)
    hand = tb.hands[seat]
    for card in hand:
        tb.known.pop(card, None)
    tb.discard.extend(hand)
    tb.hands[seat] = []
    eng.say(
        "discard_hand",
        f"P{seat} discards their hand ({', '.join(eng.name(c) for c in hand) or 'no cards'})",
        seat=seat,
        cards=[eng.slug(c) for c in hand],
    )
    for card in list(tb.tacos[seat][1:]):
        eng.destroy(card)
    eng.release(tb.tacos[seat][0], seat)  # points on the shell go back too
    tb.stack = [t for t in tb.stack if not (t[0] in _OWN_DECISIONS and int(t[1]) == seat)]
    for task in tb.stack:
        if task[0] == "window" and task[2][seat] > 0:
            task[2][seat] = -1  # an Instant it readied left with its hand: it is asked again, and passes
    left = [s for s in range(players) if s not in gone]
    if len(left) == 1:
        tb.over = True
        tb.reason = f"P{left[0]} is the last player in: the others conceded"
        eng.say("win", f"P{left[0]} is the last player in and wins", seat=left[0])
    else:
        eng.run()  # the turn a dropped decision belonged to goes on (and passes to the next player)
    moved = TacoState(state.game, tb, state.step + 1, ev.extend(state.history, eng.events))
    return _settle(moved, gone, state.step + 1)


def _into_gone(act: Action, gone: tuple[int, ...]) -> bool:
    return act.verb == "play" and len(act.args) > 1 and int(act.args[1]) in gone


def _settle(state: TacoState, gone: tuple[int, ...], step: int) -> ConcededTacoState:
    """Let every seat that left answer what it is still asked, until only players are asked (or the
    match is over); the result counts as one step."""
    while True:
        chairs = [s for s in state.to_act if s in gone]
        here = ConcededTacoState(state, gone, step)
        if not chairs:
            return here
        seat = chairs[0]
        legal = state.legal_actions(seat)
        answer = next((idle for idle in _IDLE if idle in legal), legal[0])
        state = TacoState._apply(here, seat, answer)
