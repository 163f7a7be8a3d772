"""The analysis with inference (``infer=MODEL``): its search weighs the imagined worlds by the others'
observed choices, read from the seat's own log, as the ``expert`` bot does (docs/inference.md)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardroom
from cardroom.analysis import Precision, analyse_game
from cardroom.analysis.judge import judge_for
from cardroom.analysis.walk import decision_points, evaluate_point
from cardroom.bots.policy import make_policy
from cardroom.bots.specs import make_bot
from cardroom.core.bot import ask
from cardroom.games.kittens.placements import placements

QUICK = Precision(half_width=0.2, min_worlds=8, max_worlds=8, batch=8, search_playouts=2048, min_runs=2, max_runs=2)


def _heuristic_game(seed: int) -> list[tuple[int, str]]:
    game = cardroom.make("exploding-kittens", players=2)
    bots = [make_bot("heuristic", game) for _ in range(2)]
    rng, state, actions = random.Random(seed), game.new_game(seed), []
    while not state.is_over:
        seat = state.to_act[0]
        text = ask(bots[seat], state, seat, rng)
        actions.append((seat, text))
        state = state.apply(seat, text)
    return actions


def _after_a_placement(game: Any) -> tuple[Any, int]:
    """A decision to draw or play, of a seat without a Defuse, just after the other put a Kitten back
    where the heuristic puts it (the next draw): drawing there is death, if the judge reads the log."""
    for seed in range(40):
        actions = _heuristic_game(seed)
        for seat in (0, 1):
            for point in decision_points(game, seed, actions, seat, logs=True)[0]:
                view = {**point.view, "log": point.log}
                if ("draw" in view["legal_actions"] and "defuse" not in view["hand"]
                        and any(p.drawn_since == 0 and p.first == 0 for p in placements(view))):  # fmt: skip
                    return point, seat
    raise AssertionError("no such decision in 40 heuristic games")


def test_the_inferring_judge_fears_the_kitten_the_heuristic_put_on_top() -> None:
    game = cardroom.make("exploding-kittens", players=2)
    point, _ = _after_a_placement(game)
    policy = make_policy(game, "heuristic")
    plain = evaluate_point(judge_for(game, "auto", policy, "search")[0], point, 1, QUICK)
    weighed = evaluate_point(judge_for(game, "auto", policy, "search", "heuristic")[0], point, 1, QUICK)
    draw = {v.action: v.win for v in plain.values}["draw"]
    feared = {v.action: v.win for v in weighed.values}["draw"]
    # Uniformly dealt, the Kitten is rarely on top; under the heuristic model it nearly always is.
    assert feared < 0.15 < draw, (feared, draw)


def test_inference_needs_the_search_and_a_game_with_evidence() -> None:
    kittens, taco = cardroom.make("exploding-kittens", players=2), cardroom.make("taco", players=4)
    with pytest.raises(ValueError, match="needs the search yardstick"):
        judge_for(kittens, "auto", make_policy(kittens, "heuristic"), "rollout", "ismcts")
    with pytest.raises(ValueError, match="reads no evidence in taco"):
        judge_for(taco, "auto", make_policy(taco, "heuristic"), "search", "ismcts")
    with pytest.raises(ValueError, match="infer must be one of off, heuristic, ismcts"):
        analyse_game(kittens, 1, _heuristic_game(1), 0, precision=QUICK, infer="oracle")


def test_an_inferring_analysis_adds_up() -> None:
    game = cardroom.make("exploding-kittens", players=2)
    actions = _heuristic_game(3)
    a = analyse_game(game, 3, actions, 0, precision=QUICK, infer="ismcts")
    assert "weighed by the others' choices (model ismcts)" in a.yardstick
    total = a.start + a.total_luck - a.total_loss
    assert total == pytest.approx(a.result, abs=1e-9)
