"""The analysis sees only the seat's view, gives the same answer from the same seed, and adds up."""

from __future__ import annotations

import json
import multiprocessing
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest

import cardroom
from cardroom.analysis import LABELS, Precision, analyse_game, evaluate, from_json
from cardroom.analysis.evaluate import heuristic_actions
from cardroom.analysis.judge import judge_for
from cardroom.analysis.walk import Point, evaluate_point
from cardroom.bots.policy import make_policy
from cardroom.core.game import Game, State

# Four worlds a decision sample the unseen cards as eight did (what must not change is which worlds the
# seat's view draws), at half the rollouts.
COARSE = Precision(half_width=0.2, min_worlds=4, max_worlds=4, batch=4, search_playouts=512, min_runs=2, max_runs=2)
# A whole game at two worlds a decision: enough to check the bookkeeping (and to tell two analysis
# seeds apart), in seconds. The rollouts of those worlds are nearly all the reference engine's time.
ROUGH = Precision(half_width=0.3, min_worlds=2, max_worlds=2, batch=2, search_playouts=256, min_runs=2, max_runs=2)


def _decision_points(game: Game, seed: int, seat: int) -> list[State]:
    state, found = game.new_game(seed), []
    for s, text in heuristic_actions(game, seed):
        if s == seat and len(state.legal_actions(seat)) > 1:
            found.append(state)
        state = state.apply(s, text)
    return found


@pytest.mark.parametrize(
    ("name", "options", "engine"),
    [("tacocat", {}, "reference"), ("tacocat", {}, "kernel"), ("exploding-kittens", {"players": 3}, "reference")],
)
def test_a_decision_is_analysed_the_same_when_unseen_cards_are_dealt_again(
    name: str, options: dict[str, int], engine: str
) -> None:
    game = cardroom.make(name, **options)
    policy = make_policy(game, "heuristic")
    judge = judge_for(game, engine, policy)[0]  # the search on the kernel, rollouts on the reference
    points = _decision_points(game, 5, 0)
    redeal = random.Random(99)
    for state in points[2 :: max(1, len(points) // 3)][:3]:
        view = state.view(0)
        chosen = view["legal_actions"][-1]
        # The whole decision as the analysis takes it: the reference move, then every action's value.
        first = evaluate_point(judge, Point(state.step, view, chosen, 0, [], False), 7, COARSE)
        for _ in range(2):
            other = state.shuffle_unknown(0, redeal)
            assert other.to_json() != state.to_json() or name == "tacocat"
            again = evaluate_point(judge, Point(state.step, other.view(0), chosen, 0, [], False), 7, COARSE)
            assert (again.selected, again.measured) == (first.selected, first.measured)
            assert [v.to_json() for v in again.values] == [v.to_json() for v in first.values]
            assert (again.worlds, again.playouts) == (first.worlds, first.playouts)


def _analysis(seed: int, analysis_seed: int, engine: str) -> dict[str, object]:
    game = cardroom.make("tacocat")
    result = analyse_game(
        game,
        seed,
        heuristic_actions(game, seed),
        1,
        precision=ROUGH,
        analysis_seed=analysis_seed,
        prior_games=8,
        engine=engine,
    ).to_json()
    assert result["engine"] == engine
    assert from_json(result).to_json() == result  # what a server sends, a client reads back whole
    result.pop("seconds")
    return result


@pytest.mark.parametrize("engine", ["reference", "kernel"])
def test_same_seed_same_analysis_and_the_decomposition_adds_up(engine: str) -> None:
    first = _analysis(3, analysis_seed=1, engine=engine)
    assert first == _analysis(3, analysis_seed=1, engine=engine)
    assert first != _analysis(3, analysis_seed=2, engine=engine)
    json.dumps(first, allow_nan=False)
    decisions = first["decisions"]
    assert isinstance(decisions, list) and decisions
    assert {d["label"] for d in decisions} <= set(LABELS)
    # start + luck - losses is the result, exactly: each change is counted once.
    total = first["start"] + first["total_luck"] - first["total_loss"]  # type: ignore[operator]
    assert total == pytest.approx(first["result"], abs=1e-9)
    # A quiet stretch (nothing unforeseen) changes nothing: its decisions share one pooled value.
    luck = first["luck"]
    assert isinstance(luck, list) and any(x["kind"] == "drift" for x in luck)
    assert all(x["change"] == pytest.approx(0, abs=1e-9) for x in luck if x["kind"] == "drift")
    timeline = first["timeline"]
    assert isinstance(timeline, list) and timeline[0][0] == 0 and timeline[-1][1] == first["result"]


def test_bad_requests_say_what_is_wrong() -> None:
    game = cardroom.make("tacocat")
    state = game.new_game(1)
    policy = make_policy(game, "heuristic")
    with pytest.raises(ValueError, match="not a legal action"):
        evaluate(game, state.view(0), "attack 99", policy, random.Random(0))
    actions = heuristic_actions(game, 1)
    with pytest.raises(ValueError, match="not finished"):
        analyse_game(game, 1, actions[:10], 0)
    with pytest.raises(ValueError, match="no seat 2"):
        analyse_game(game, 1, actions, 2)


@pytest.fixture(scope="module")
def workers() -> Iterator[ProcessPoolExecutor]:
    """Two spawned worker processes shared by both games' analyses: each spawn imports the package and
    loads the kernels again, and a worker that has run one analysis must answer the next the same."""
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        yield pool


@pytest.mark.parametrize(("name", "options"), [("exploding-kittens", {"players": 2}), ("tacocat", {})])
def test_worker_processes_give_the_same_analysis(
    name: str, options: dict[str, int], workers: ProcessPoolExecutor
) -> None:
    game = cardroom.make(name, **options)  # both on their compiled kernels
    actions = heuristic_actions(game, 2)
    serial = analyse_game(game, 2, actions, 0, precision=ROUGH, prior_games=8).to_json()
    parallel = analyse_game(game, 2, actions, 0, precision=ROUGH, prior_games=8, executor=workers).to_json()
    assert serial["engine"] == "kernel"
    serial.pop("seconds")
    parallel.pop("seconds")
    assert parallel == serial
