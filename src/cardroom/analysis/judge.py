"""Which yardstick judges a decision: the `hard` bot's search where the game has a compiled kernel,
else a one-step look-ahead over heuristic playouts. Both keep choosing and measuring apart.

A judge answers one question, ``estimate(view, chosen, seed, precision)``: every legal action's win
chance from the seat's view, the yardstick's move (``Estimate.selected``) and the seat's loss against
it measured on worlds the choice never saw (``Estimate.measured``).

- ``search`` (search_judge.py): ISMCTS on the kernel, at least the `hard` bot's budget.
- ``rollout`` (rollout_judge.py): the reference engine's (or a kernel's) paired rollouts, the heuristic playing
  every seat after the first action. The action with the best paired estimate is the yardstick's
  move, and its advantage is measured again in a fresh stream of worlds. Weaker (one step over the
  heuristic), for games or options without a compiled kernel.
"""

from __future__ import annotations

from typing import Any, Protocol

from cardroom.analysis.engines import Rollouts, kernel_module, rollouts_for
from cardroom.analysis.evaluate import Estimate, Precision
from cardroom.analysis.rollout_judge import RolloutJudge
from cardroom.bots.policy import Policy
from cardroom.core.game import Game

YARDSTICKS = ("auto", "search", "rollout")


class Judge(Protocol):
    name: str
    prior_games: int
    reads_log: bool  # whether ``estimate`` wants the seat's log in the view (inference)

    def estimate(self, view: dict[str, Any], chosen: str, seed: int, precision: Precision) -> Estimate: ...

    def prior(self, seat: int, games: int, seed: int) -> tuple[float, float]: ...

    def describe(self, precision: Precision) -> str: ...


def judge_for(game: Game, engine: str, policy: Policy, yardstick: str = "auto",
              infer: str = "off") -> tuple[Judge, Rollouts]:  # fmt: skip
    """The judge ``yardstick`` names (``auto``: the search wherever the game has a compiled kernel and
    ``engine`` allows it), and the rollout engine (concessions and the reference path use it). With
    ``infer`` (an opponent model) the search weighs its worlds by the others' observed choices, as the
    ``expert`` bot does (docs/inference.md)."""
    if yardstick not in YARDSTICKS:
        raise ValueError(f"yardstick must be one of {', '.join(YARDSTICKS)}, not {yardstick!r}")
    rollouts = rollouts_for(game, engine if engine != "kernel" or kernel_module(game) else "auto", policy)
    kernel = None if engine == "reference" else _search_kernel(game)
    if engine == "kernel" and kernel is None:
        raise ValueError(
            f"{game.name} with these options has no compiled kernel (is numba installed?); "
            "use engine 'auto' or 'reference'"
        )
    if yardstick == "search" and kernel is None:
        raise ValueError(f"the search yardstick needs {game.name}'s compiled kernel; use yardstick 'rollout'")
    if kernel is not None and yardstick != "rollout":
        from cardroom.analysis.search_judge import SearchJudge

        return SearchJudge(game, kernel, infer=infer), rollouts
    if infer != "off":
        raise ValueError("inference (infer) needs the search yardstick, on a compiled kernel")
    return RolloutJudge(game, rollouts, policy), rollouts


def _search_kernel(game: Game) -> Any:
    from cardroom.core.compiled_registry import compiled_kernel_of

    return compiled_kernel_of(game)
