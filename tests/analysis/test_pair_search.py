"""The analysis's choosing search is the `hard` bot's search, playout for playout, and stops early only
where its answer is settled; the measuring search plays the two compared actions alone."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

import cardroom
from cardroom.analysis.evaluate import heuristic_actions
from cardroom.analysis.pair_search import choose, paired_root, settled
from cardroom.bots.ismcts import SearchSettings
from cardroom.core.compiled_registry import compiled_kernel_of
from cardroom.core.game import Game


def settings(game: Game, playouts: int) -> object:
    kernel = compiled_kernel_of(game)
    assert kernel is not None
    bot = SearchSettings({}, "ismcts", game.name)
    return kernel.Settings(iterations=playouts, deadline=math.inf, exploration=bot.exploration, bias=bot.bias,
                           paired=True, z=bot.z, spread=bot.spread, playout=bot.playout)  # fmt: skip


def views(game: Game, seed: int, count: int) -> list[dict[str, object]]:
    state, out = game.new_game(seed), []
    for seat, text in heuristic_actions(game, seed):
        if len(state.legal_actions(seat)) > 2 and len(out) < count:
            out.append(state.view(seat))
        state = state.apply(seat, text)
    return out


@pytest.mark.parametrize(
    ("name", "options"), [("tacocat", {}), ("exploding-kittens", {"players": 2}), ("taco", {"players": 4})]
)
def test_the_full_choosing_search_is_the_bots_search_playout_for_playout(name: str, options: dict[str, int]) -> None:
    game = cardroom.make(name, **options)
    kernel = compiled_kernel_of(game)
    assert kernel is not None
    st = settings(game, 600)
    for view in views(game, 3, 4):
        bot = kernel.Searcher(game).search(view, random.Random(5), st)
        ours = choose(kernel.Searcher(game), view, random.Random(5), st, early=False)
        assert (ours.action, ours.iterations, ours.root) == (bot.action, bot.iterations, bot.root)


def test_a_settled_answer_is_the_full_searchs_prefix() -> None:
    """A stopped search answers what the full one had at that point: its rows are the full run's
    prefix (the same draws in the same order), so the bench can tell whether stopping changed a choice."""
    game = cardroom.make("tacocat")
    kernel = compiled_kernel_of(game)
    assert kernel is not None
    st = settings(game, 4000)
    for view in views(game, 8, 3):
        seen: list[tuple[int, str]] = []
        full = choose(kernel.Searcher(game), view, random.Random(2), st, early=False, seen=seen)
        stopped = choose(kernel.Searcher(game), view, random.Random(2), st)
        assert full.iterations == 4000
        if seen:
            assert (stopped.iterations, stopped.action) == seen[0]
        else:
            assert stopped.root == full.root


def rows(*diffs: tuple[float, float], n: int = 1000) -> np.ndarray:
    """A paired root's results after ``n`` worlds: the default, then (mean, sd) of each other action's
    difference against it."""
    out = np.zeros((1 + len(diffs), 5))
    out[0] = (n, n / 2, n, 0.0, 0.0)
    for j, (mean, sd) in enumerate(diffs, 1):
        out[j] = (n, n / 2, n, n * mean, n * (sd * sd + mean * mean))
    return out


def test_settled_only_where_no_plausible_rest_changes_the_answer() -> None:
    z, spread, limit = 2.0, 0.25, 3 * 4000  # 4,000 worlds an action at the end, 1,000 so far
    assert settled(rows((-0.2, 0.3), (-0.15, 0.3)), limit, z, spread)  # the default clearly stands
    assert not settled(rows((0.0, 0.3), (-0.2, 0.3)), limit, z, spread)  # one is as good: open
    assert settled(rows((0.25, 0.3), (-0.2, 0.3)), limit, z, spread)  # one clearly beats it, alone
    assert not settled(rows((0.25, 0.3), (0.24, 0.3)), limit, z, spread)  # two do, too close to tell
    assert not settled(rows((-0.2, 0.3), (-0.2, 0.3), n=1), limit, z, spread)  # one world tells nothing


def test_the_measuring_search_plays_the_two_actions_alone() -> None:
    game = cardroom.make("tacocat")
    kernel = compiled_kernel_of(game)
    assert kernel is not None
    st = settings(game, 0)
    view = views(game, 4, 1)[0]
    pair = list(view["legal_actions"])[:2]  # type: ignore[call-overload]
    got = paired_root(kernel.Searcher(game), view, pair, random.Random(1), st, 100)
    assert sorted(got) == sorted(pair)
    assert got[pair[0]][0] == got[pair[1]][0] == 100 and got[pair[0]][2] == 0.0
    assert all(0.0 <= mean <= 1.0 for _, mean, _ in got.values())
    assert paired_root(kernel.Searcher(game), view, pair, random.Random(1), st, 100) == got  # same draws, same rows


@pytest.mark.parametrize(
    ("name", "options"), [("tacocat", {}), ("exploding-kittens", {"players": 2}), ("exploding-kittens", {"players": 4})]
)
def test_the_measuring_search_of_every_root_action_is_the_full_searchs_root(name: str, options: dict[str, int]) -> None:
    """Given the full search's root actions in its order, the measuring search plays the same worlds on
    the same draws: each action's worlds, mean and paired difference are the full search's, exactly.
    (Not in T.A.C.O.: its heuristic breaks ties on the kernel's generator, so there the full search
    draws once more, choosing its default move, before its first world.)"""
    game = cardroom.make(name, **options)
    kernel = compiled_kernel_of(game)
    assert kernel is not None
    worlds = 40
    for view in views(game, 6, 2):
        st = settings(game, worlds * len(view["legal_actions"]))  # type: ignore[arg-type]
        full = kernel.Searcher(game).search(view, random.Random(9), st)
        order = [str(row["action"]) for row in full.root]
        got = paired_root(kernel.Searcher(game), view, order, random.Random(9), st, worlds)
        assert sorted(order) == sorted(view["legal_actions"])  # type: ignore[call-overload]
        assert [got[a] for a in order] == [(r["worlds"], r["mean"], r["vs_default"]) for r in full.root]
