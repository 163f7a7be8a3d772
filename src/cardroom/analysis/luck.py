"""Luck per event: the seat's win chance after every event it did not decide, from its own view.

Between two of the seat's decisions the game moves on by events: the outcome of the seat's own move
(a card drawn), its forced steps, every other seat's action (a replacement, a duel's answer, a steal),
and, first of all, the deal. Each is one luck entry: the seat's win chance after it minus before it.

The value after an event is, in order of precedence:

- the next checkpoint's, where the event ends a stretch: the next decision's value before its move
  (the yardstick's), or the result at the game's end. So the entries add up exactly to the stretch's
  change, and ``start + sum(luck) - sum(losses) = result`` holds term by term;
- the value before it, where nothing the seat could not foresee happened: the seat's own step whose
  view comes out the same in imagined worlds as in the real one, an event that left the seat's view
  as it was, or any event of a quiet stretch (``walk.checkpoints`` pools those). Such an entry is
  exactly 0 (kind ``drift``);
- otherwise the seat's chance from its view after the event: imagined worlds dealt from what it
  could not see, played to the end by the heuristic for every seat, with no move of its own first
  (``Rollouts.hold``; on a compiled kernel, its ``rollouts`` with the action ``HOLD``). The seed is
  derived from the analysis seed and the step, so the value depends on the view alone.

The heuristic's playouts value a position a little lower for the seat than the yardstick's search
(which plays on better): an entry that ends at a decision carries that gap up, the entry after it
down. Every entry carries its own standard error.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardroom.analysis.engines import Rollouts
from cardroom.analysis.report import Luck
from cardroom.core.game import Game, State

DEAL = -1  # the deal's acting seat, and its step: before the game's first step
# Worlds behind the value after an event, where the engine's default (``Rollouts.event_worlds``) is too
# dear: a four-player T.A.C.O. game has some 250 events a seat, against its 30-second budget.
EVENT_WORLDS = {"taco": 128}


@dataclass(slots=True)
class Move:
    """One event of the game: an action record (or the deal), and what the seat saw of it."""

    step: int  # the state's step before the action (DEAL for the deal)
    actor: int  # the seat that acted; DEAL for the deal
    texts: list[str]  # the log entries the seat saw from it
    view: dict[str, Any]  # the seat's view after it
    foreseen: bool  # the seat's own step whose view came out as in any imagined world


def deal(state: State, seat: int) -> Move:
    texts = [e["text"] for e in state.log(seat)]
    return Move(DEAL, DEAL, texts or ["the deal"], state.view(seat), False)


def follow(game: Game, before: State, actor: int, text: str, after: State, seat: int, seen: int) -> Move:
    """The event of ``actor`` playing ``text`` in ``before`` (giving ``after``), from ``seat``'s chair;
    ``seen`` is how many log entries the seat had seen before it."""
    view = after.view(seat)
    foreseen = False
    if actor == seat:
        foreseen = True
        mine = before.view(seat)
        for k in range(2):  # two imagined worlds: a revealed card would differ in one of them
            if game.sample(mine, random.Random(k)).apply(actor, text).view(seat) != view:
                foreseen = False
                break
    return Move(before.step, actor, [e["text"] for e in after.log(seat)[seen:]], view, foreseen)


def hold_value(rollouts: Rollouts, view: dict[str, Any], seed: int, worlds: int) -> tuple[float, float]:
    """The seat's chance from ``view`` where it need not be the one to act: (mean, standard error)."""
    found = rollouts.hold(view, seed, 0, worlds)
    mean = math.fsum(found) / len(found)
    var = max(mean * (1 - mean), 0.25 / len(found))  # a few equal results are not certainty
    return mean, math.sqrt(var / len(found))


def event_seed(analysis_seed: int, step: int) -> int:
    return random.Random(f"analysis-event:{analysis_seed}:{step}").getrandbits(63)


def stretch(moves: Sequence[Move], before: float, before_se: float, end: float, end_se: float, quiet: bool,
            rollouts: Rollouts, analysis_seed: int, worlds: int) -> list[Luck]:  # fmt: skip
    """One luck entry per move, from the checkpoint ``before`` to the checkpoint ``end`` (see the
    module doc); the entries' changes sum to ``end - before`` exactly (they telescope)."""
    out: list[Luck] = []
    value, se = before, before_se
    last_view: str | None = None
    for k, move in enumerate(moves):
        view_key = json.dumps(move.view, sort_keys=True, default=str)
        carried = quiet or move.foreseen or view_key == last_view
        if k == len(moves) - 1:
            after, after_se = end, end_se
        elif carried:
            after, after_se = value, se
        else:
            after, after_se = hold_value(rollouts, move.view, event_seed(analysis_seed, move.step), worlds)
        out.append(Luck(move.step, move.step, move.texts, value, after, math.hypot(se, after_se),
                        carried and after == value))
        value, se, last_view = after, after_se, view_key
    return out
