"""The ``rollout`` yardstick (judge.py says how it and the search are chosen): the reference engine's (or a
kernel's) paired rollouts, the heuristic playing every seat after the first action. The action with the
best paired estimate is the yardstick's move, and its advantage is measured again in a fresh stream of
worlds."""

from __future__ import annotations

import random
from typing import Any

from cardroom.analysis.engines import Rollouts
from cardroom.analysis.evaluate import Estimate, Precision, evaluate, remeasure
from cardroom.bots.policy import Policy
from cardroom.core.game import Game


class RolloutJudge:
    """One step over heuristic playouts, re-measured on fresh worlds (see the module doc)."""

    name = "rollout"
    reads_log = False

    def __init__(self, game: Game, engine: Rollouts, policy: Policy) -> None:
        self.game = game
        self.engine = engine
        self.policy = policy
        self.prior_games = engine.prior_games

    def describe(self, precision: Precision) -> str:
        return f"one step over the heuristic's playouts on the {self.engine.name} engine, re-measured on fresh worlds"

    def estimate(self, view: dict[str, Any], chosen: str, seed: int, precision: Precision) -> Estimate:
        est = evaluate(self.game, view, chosen, self.policy, random.Random(f"choose:{seed}"), precision,
                       engine=self.engine)  # fmt: skip
        selected = est.best.action
        est.selected, est.reference = selected, selected
        if selected == chosen:
            est.measured = (0.0, 0.0)
            return est
        fresh = random.Random(f"measure:{seed}").getrandbits(63)
        mean, half, worlds, _ = remeasure(self.engine, view, chosen, selected, fresh, precision)
        est.measured = (mean, half)
        est.playouts += 2 * worlds
        for v in est.values:
            if v.action == selected:
                v.advantage, v.half_width = mean, half
        return est

    def prior(self, seat: int, games: int, seed: int) -> tuple[float, float]:
        return self.engine.prior(seat, games, seed)
