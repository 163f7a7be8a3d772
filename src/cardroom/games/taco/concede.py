"""A player concedes a T.A.C.O. match: their seat becomes an empty chair.

The rulebook has no way out of a match (nobody is ever eliminated), so a conceding player's seat stays
at the table and the match goes on around it, as it would around a player who walked away:

- the chair keeps its taco (the others may still raid it) and its hand; it is ranked below every
  player still in, whatever its points (of two who conceded, the later one ranks higher);
- it decides nothing that matters: it passes every Instant window and bonus play and ends its turns
  without a play; what the rules force on it, it does in the rules' first listed way, into its own
  taco where it can (a "play immediately" card, a discard down to seven); it always hails the Taco
  Master and keeps up an accent (bots always comply);
- these moves are made inside the same step as the move that led to them, so nobody waits on the
  chair and a window never shows it as undecided;
- when one player is left, the match ends and they win.

Conceding is never a legal action (bots, searches and learning environments never see it; the action
space is unchanged). It is a record of its own in the action sequence, the text ``concede``, which
``TacoState.apply`` hands to :func:`concede`, so a replay of the stored actions walks it.
"""

from __future__ import annotations

import random
from typing import Any

from cardroom.core import events as ev
from cardroom.core.action import Action, action
from cardroom.core.errors import IllegalAction
from cardroom.core.game import View
from cardroom.core.outcome import Outcome
from cardroom.games.taco.state import TacoState

CONCEDE = "concede"
# What an empty chair answers, where the question allows it.
_IDLE = (action("pass"), action("end"), action("hail"), action("accent"))


class ConcededTacoState(TacoState):
    """A T.A.C.O. state with empty chairs: ``gone`` holds the seats that conceded, in order."""

    __slots__ = ("gone",)

    gone: tuple[int, ...]

    def __init__(self, base: TacoState, gone: tuple[int, ...], step: int | None = None) -> None:
        super().__init__(base.game, base.tb, base.step if step is None else step, base.history)
        self.gone = gone

    def _apply(self, seat: int, action: Action) -> TacoState:
        moved = TacoState._apply(self, seat, action)
        return _settle(moved, self.gone, self.step + 1)

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
        raise IllegalAction(f"P{seat} has already conceded")
    gone = (*gone, seat)
    tb = state.tb.clone()
    events = [ev.Event("concede", f"P{seat} concedes: an empty chair from now on", {"seat": seat}, None)]
    left = [s for s in range(players) if s not in gone]
    if len(left) == 1:
        tb.over = True
        tb.reason = f"P{left[0]} is the last player in: the others conceded"
        events.append(ev.Event("win", f"P{left[0]} is the last player in and wins", {"seat": left[0]}, None))
    moved = TacoState(state.game, tb, state.step + 1, ev.extend(state.history, events))
    return _settle(moved, gone, state.step + 1)


def _settle(state: TacoState, gone: tuple[int, ...], step: int) -> ConcededTacoState:
    """Let every empty chair that is asked something answer, until only players are asked (or the
    match is over); the result counts as one step."""
    while True:
        chairs = [s for s in state.to_act if s in gone]
        if not chairs:
            return ConcededTacoState(state, gone, step)
        seat = chairs[0]
        moved = TacoState._apply(state, seat, _chair_choice(state, seat))
        assert isinstance(moved, TacoState)
        state = moved


def _chair_choice(state: TacoState, seat: int) -> Action:
    legal = state.legal_actions(seat)
    for idle in _IDLE:
        if idle in legal:
            return idle
    own = [a for a in legal if a.verb in ("play", "target") and len(a.args) > 1 and int(a.args[1]) == seat]
    return own[0] if own else legal[0]
