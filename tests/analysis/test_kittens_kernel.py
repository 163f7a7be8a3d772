"""Exploding Kittens analysed on its compiled kernel: the same answers as the reference engine within
their intervals, worlds that depend only on (view, seed, index), no leak of unseen cards, and the
same numbers compiled and as plain Python."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys

import pytest

import cardroom
from cardroom.analysis import Precision
from cardroom.analysis.engines import KernelRollouts, ReferenceRollouts, rollouts_for
from cardroom.analysis.judge import judge_for
from cardroom.analysis.walk import Point, evaluate_point
from cardroom.bots.policy import make_policy
from cardroom.core.game import Game
from tests.analysis.test_fairness_and_determinism import _decision_points

COARSE = Precision(half_width=0.2, min_worlds=64, max_worlds=64, batch=32, search_playouts=512, min_runs=2, max_runs=2)


def _game(players: int = 2) -> Game:
    return cardroom.make("exploding-kittens", players=players)


def test_auto_takes_the_kittens_kernel_for_two_and_more_players() -> None:
    for players in (2, 5):
        assert isinstance(rollouts_for(_game(players)), KernelRollouts)
    assert isinstance(rollouts_for(_game(), "reference"), ReferenceRollouts)


def test_a_world_is_the_same_whichever_batch_asks_for_it() -> None:
    """World i depends on (view, seed, i) only: batches and dropped or reordered actions change nothing."""
    game = _game()
    engine = rollouts_for(game, "kernel")
    for state in _decision_points(game, 4, 0)[1:4]:
        view = state.view(0)
        legal = list(view["legal_actions"])
        whole = engine.rows(view, legal, 11, 0, 40)
        parts = engine.rows(view, legal, 11, 0, 15) + engine.rows(view, legal[::-1], 11, 15, 25)
        assert parts[:15] == whole[:15]
        assert [row[::-1] for row in parts[15:]] == whole[15:]
        assert engine.rows(view, legal[1:2], 11, 7, 3) == [row[1:2] for row in whole[7:10]]
        assert all(r in (0.0, 1.0) for row in whole for r in row)  # a two-player game has one winner
        assert whole != engine.rows(view, legal, 12, 0, 40)  # another seed, other worlds


def test_with_five_players_a_result_is_the_seats_share_of_the_win() -> None:
    """1 for the last seat standing, 0 otherwise (1/5 only for a playout cut off at the step limit),
    and the kernel's average agrees with the reference engine's for the same action."""
    game = _game(5)
    view = _decision_points(game, 3, 0)[0].view(0)
    act = [view["legal_actions"][0]]
    rows = rollouts_for(game, "kernel").rows(view, act, 5, 0, 2048)
    assert {r for row in rows for r in row} <= {0.0, 0.2, 1.0}
    fast = sum(row[0] for row in rows) / len(rows)
    ref_rows = rollouts_for(game, "reference").rows(view, act, 5, 0, 96)
    ref = sum(row[0] for row in ref_rows) / len(ref_rows)
    assert 0.05 < fast < 0.5  # a fair share is 0.2
    noise = math.hypot(math.sqrt(fast * (1 - fast) / 2048), math.sqrt(fast * (1 - fast) / 96))
    assert abs(fast - ref) <= 4 * noise + 0.01


def _means(rows: list[list[float]]) -> tuple[list[float], list[float], list[float], list[float]]:
    """Per column: the mean and its standard error, and the mean paired difference from column 0 and
    its standard error."""
    n = len(rows)
    cols = list(zip(*rows, strict=True))
    diffs = [[r - b for r, b in zip(col, cols[0], strict=True)] for col in cols]

    def stats(values: tuple[float, ...] | list[float]) -> tuple[float, float]:
        mean = sum(values) / n
        return mean, math.sqrt(max(0.0, sum(v * v for v in values) / n - mean * mean) / n)

    wins, diff = [stats(c) for c in cols], [stats(d) for d in diffs]
    return [w[0] for w in wins], [w[1] for w in wins], [d[0] for d in diff], [d[1] for d in diff]


@pytest.mark.parametrize(("players", "seed", "which"), [(2, 2, 1), (2, 7, 3), (2, 9, 5), (3, 5, 2)])
def test_kernel_and_reference_agree_within_their_intervals(players: int, seed: int, which: int) -> None:
    """Every action's win chance and paired advantage over the heuristic's move: the reference's
    estimate and the kernel's differ by less than their combined noise (4 standard errors)."""
    game = _game(players)
    view = _decision_points(game, seed, 0)[which].view(0)
    legal: list[str] = list(view["legal_actions"])
    heuristic = make_policy(game, "heuristic").move_from_view(view, random.Random(0))
    # The heuristic's move first, then one action of each verb, else a spread of them (placing a
    # Kitten): four actions at most, for a few reference playouts.
    verbs: dict[str, str] = {}
    for act in legal:
        verbs.setdefault(act.split()[0], act)
    spread = legal[:: max(1, len(legal) // 3)]
    actions = list(dict.fromkeys([heuristic, *verbs.values(), *spread]))[:4]
    assert len(actions) >= 2
    ref = _means(rollouts_for(game, "reference").rows(view, actions, 3, 0, 128))
    fast = _means(rollouts_for(game, "kernel").rows(view, actions, 3, 0, 4096))
    for j in range(len(actions)):
        assert abs(ref[0][j] - fast[0][j]) <= 4 * math.hypot(ref[1][j], fast[1][j]) + 0.01, actions[j]
        assert abs(ref[2][j] - fast[2][j]) <= 4 * math.hypot(ref[3][j], fast[3][j]) + 0.01, actions[j]
    assert max(fast[3]) < 0.015  # the kernel's 4,096 worlds pin each advantage to +-3 points (95%)


@pytest.mark.parametrize("players", [2, 3])
def test_a_decision_is_analysed_the_same_when_unseen_cards_are_dealt_again(players: int) -> None:
    game = _game(players)
    policy = make_policy(game, "heuristic")
    judge = judge_for(game, "kernel", policy)[0]  # the hard bot's search, on the kernel
    points = _decision_points(game, 5, 0)
    redeal = random.Random(99)
    changed = 0
    for state in points[1 :: max(1, len(points) // 4)][:4]:
        view = state.view(0)
        chosen = view["legal_actions"][-1]
        first = evaluate_point(judge, Point(state.step, view, chosen, 0, [], False), 7, COARSE)
        for _ in range(2):
            other = state.shuffle_unknown(0, redeal)
            changed += other.to_json() != state.to_json()  # late in a game few cards may be unseen
            again = evaluate_point(judge, Point(state.step, other.view(0), chosen, 0, [], False), 7, COARSE)
            assert (again.selected, again.measured) == (first.selected, first.measured)
            assert [v.to_json() for v in again.values] == [v.to_json() for v in first.values]
            assert (again.worlds, again.playouts) == (first.worlds, first.playouts)
    assert changed >= 4


def test_compiled_and_plain_python_give_the_same_numbers() -> None:
    """NUMBA_DISABLE_JIT=1 runs the same source as plain Python: the same worlds, the same results."""
    code = (
        "import json, cardroom\n"
        "from cardroom.analysis.evaluate import heuristic_actions\n"
        "from cardroom.games.kittens import kernel_api as api\n"
        "out = []\n"
        "for players, seed in ((2, 3), (4, 1)):\n"
        "    g = cardroom.make('exploding-kittens', players=players)\n"
        "    state = g.new_game(seed)\n"
        "    for step, (s, text) in enumerate(heuristic_actions(g, seed)):\n"
        "        if s == 0 and step > 6 and len(state.legal_actions(0)) > 1:\n"
        "            break\n"
        "        state = state.apply(s, text)\n"
        "    view = state.view(0)\n"
        "    out.append(api.rollouts(g, view, view['legal_actions'], 2**62 + seed, 5, 24).tolist())\n"
        "print(api.COMPILED, json.dumps(out))\n"
    )
    runs = []
    for jit in ("0", "1"):
        env = {**os.environ, "NUMBA_DISABLE_JIT": jit}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr[-2000:]
        runs.append(out.stdout)
    assert runs[0].startswith("True ") and runs[1].startswith("False ")
    compiled, plain = json.loads(runs[0].removeprefix("True ")), json.loads(runs[1].removeprefix("False "))
    assert compiled == plain
    assert all(len(rows) == 24 and rows[0] for rows in compiled)
