"""The estimate that chooses the yardstick's move is not the one that measures it: where every action
is truly worth the same, the noisy best looks better than the seat's move, but the fresh measurement
finds no loss, and no verdict is given."""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import cardroom
from cardroom.analysis import Precision
from cardroom.analysis.search_judge import SearchJudge

NOISE = 0.03  # the standard error of one search's estimate of an action's win chance


@dataclass
class FakeResult:
    action: str
    iterations: int
    nodes: int = 0
    root: list[dict[str, Any]] = field(default_factory=list)


class FakeSearcher:
    """A search whose every action is truly worth 50%: each run's estimates are 50% plus noise, and its
    choice is the noisy best (the bias the judge must not pass on)."""

    def __init__(self, game: object) -> None:
        self.game = game

    def search(self, view: dict[str, Any], rng: random.Random, settings: Any) -> FakeResult:
        legal = list(view["legal_actions"])
        noise = {a: rng.gauss(0.0, NOISE) for a in legal}
        base = legal[0]  # the default move, against which the paired differences are given
        root = [{"action": a, "worlds": settings.iterations // len(legal), "mean": 0.5 + noise[a],
                 "vs_default": noise[a] - noise[base]} for a in legal]  # fmt: skip
        return FakeResult(max(legal, key=lambda a: noise[a]), settings.iterations, root=root)


FAKE = SimpleNamespace(Searcher=FakeSearcher, Settings=lambda **kw: SimpleNamespace(**kw))


def fake_choose(searcher: FakeSearcher, view: dict[str, Any], rng: random.Random, settings: Any,
                early: bool) -> FakeResult:  # fmt: skip
    return searcher.search(view, rng, settings)


def fake_measure(searcher: FakeSearcher, view: dict[str, Any], pair: list[str], rng: random.Random, settings: Any,
                 worlds: int) -> dict[str, tuple[int, float, float]]:  # fmt: skip
    """A measuring run of the two actions alone: each 50% plus its own noise, paired against the first."""
    noise = [rng.gauss(0.0, NOISE) for _ in pair]
    return {a: (worlds, 0.5 + e, e - noise[0]) for a, e in zip(pair, noise, strict=True)}


def test_the_noisy_best_is_measured_again_and_found_no_better() -> None:
    game = cardroom.make("tacocat")
    legal = [f"action {i}" for i in range(6)]
    view = {"seat": 0, "legal_actions": legal}  # all the judge and the fake search read
    judge = SearchJudge(game, FAKE, fake_choose, fake_measure)  # type: ignore[arg-type]
    naive, measured, verdicts = [], [], 0
    for seed in range(200):
        chosen = legal[seed % len(legal)]
        est = judge.estimate(view, chosen, seed, Precision(search_playouts=1024))
        if est.selected == chosen:
            assert est.loss == 0.0 and est.measured == (0.0, 0.0)
            continue
        # What the choosing search alone would have said: the best's noisy edge over the chosen.
        first = judge._run(view, seed, 0, 1024)[1]
        naive.append(first.rows[est.selected][2] - first.rows[chosen][2])
        assert est.measured is not None
        measured.append(est.measured[0])
        low, _ = est.loss_interval
        verdicts += low > 0 and est.loss >= 0.05
    assert len(measured) > 100
    assert statistics.mean(naive) > NOISE  # the best of several noisy estimates is biased upwards
    assert abs(statistics.mean(measured)) < NOISE / 3  # measured on fresh runs: no bias left
    assert verdicts <= 0.05 * len(measured)  # noise alone seldom earns a verdict
