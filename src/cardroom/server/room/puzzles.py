"""Puzzles from a player's games (docs/challenges.md): their costliest decisions, read from the
analysis of their seat (``cardroom.analysis``'s JSON: each decision with every legal action's
estimated win chance), posed again as exercises.

A decision becomes a puzzle only where it has one clear answer: the best action's win chance at least
:data:`MARGIN` above every other action's, the best being the analysis's own better move, and the
player did not play it. Nothing of the answer is shown before the attempt (:func:`position` is the
seat's own view at that step and its legal actions, no win chances); afterwards the answer is told in
the analysis's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardroom.core.game import Game
from cardroom.server.room.live import marked_log
from cardroom.server.store import Posed

MARGIN = 0.10  # win chance (10 points) by which the one best answer must beat the next


def posed(decision: dict[str, Any]) -> Posed | None:
    """A decision of an analysis's JSON as a puzzle, or None where it is not one (no cost, no single
    answer clear of the next by :data:`MARGIN`, or the player found it)."""
    values = sorted(decision.get("actions") or [], key=lambda v: -float(v["win"]))
    if len(values) < 2 or float(decision.get("loss", 0.0)) <= 0.0:
        return None
    best, runner_up = values[0], values[1]
    if best["action"] != decision["best"] or best["action"] == decision["chosen"]:
        return None
    if float(best["win"]) - float(runner_up["win"]) < MARGIN:
        return None
    chosen = next((v for v in values if v["action"] == decision["chosen"]), None)
    return Posed(
        step=int(decision["step"]),
        answer=str(best["action"]),
        answer_win=float(best["win"]),
        next_win=float(runner_up["win"]),
        chosen=str(decision["chosen"]),
        chosen_win=float(decision["win_after"] if chosen is None else chosen["win"]),
        loss=float(decision["loss"]),
        did=str(decision.get("did") or decision["chosen"]),
        better=str(decision.get("better") or best["action"]),
    )


def pose_all(analysis: dict[str, Any]) -> list[Posed]:
    """Every puzzle of one analysed game, costliest first."""
    found = [p for p in (posed(d) for d in analysis.get("decisions", [])) if p is not None]
    return sorted(found, key=lambda p: (-p.loss, p.step))


@dataclass(frozen=True)
class Position:
    view: dict[str, Any]  # the seat's own view before its decision (what it knew then, nothing more)
    log: list[dict[str, Any]]
    legal: list[str]


def position(
    game: Game, seed: int, moves: list[tuple[int, str]], seat: int, step: int, names: dict[int, str]
) -> Position:
    """The seat's view just before its decision at ``step`` of a game (moves: the table's (seat, action)s)."""
    state = game.replay(seed, moves[:step])
    view = state.view(seat)
    return Position(view, marked_log(state, seat, [], names), [str(a) for a in state.legal_actions(seat)])
