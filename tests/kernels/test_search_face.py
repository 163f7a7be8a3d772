"""The search written once (core/compiled_search.py) as every game's kernel offers it: growing trees,
the oracle on the kernel, and the bots' reference search while kernels load in the background."""

from __future__ import annotations

import math
import random
import threading
from typing import Any

import pytest

import cardroom
from cardroom.bots import make_bot
from cardroom.bots.fast_ismcts import FastISMCTSBot, KernelOracleBot
from cardroom.core import compiled_registry
from cardroom.games.tacocat import kernel_api as tacocat_api


def _view(name: str, **options: Any) -> tuple[Any, dict[str, Any]]:
    game = cardroom.make(name, **options)
    state = game.new_game(3)
    return game, state.view(state.to_act[0])


@pytest.mark.parametrize("paired", [True, False])
def test_the_node_arrays_grow_and_the_search_is_the_same_as_in_large_arrays(paired: bool) -> None:
    game, view = _view("tacocat")
    settings = tacocat_api.Settings(iterations=3000, deadline=math.inf, paired=paired)
    small = tacocat_api.Searcher(game, capacity=64)
    grown = small.search(view, random.Random(4), settings)
    assert len(small.tree.keys) > 64 and grown.nodes > 64  # it grew instead of filling at 64 nodes
    large = tacocat_api.Searcher(game, capacity=1 << 16).search(view, random.Random(4), settings)
    assert (grown.action, grown.nodes, grown.root) == (large.action, large.nodes, large.root)


def test_the_node_arrays_stop_at_their_limit_and_the_playouts_go_on() -> None:
    """On a thread of its own (a thread's arrays are shared by its searches and keep their size)."""
    game, view = _view("tacocat")
    out: list[Any] = []

    def run() -> None:
        searcher = tacocat_api.Searcher(game, capacity=64, max_capacity=128)
        found = searcher.search(view, random.Random(1), tacocat_api.Settings(iterations=3000, deadline=math.inf))
        out.append((found.iterations, found.nodes, len(searcher.tree.keys)))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert out == [(3000, 128, 128)]


@pytest.mark.parametrize(
    ("name", "options"), [("tacocat", {}), ("exploding-kittens", {"players": 3}), ("taco", {"players": 3})]
)
def test_the_oracle_runs_on_the_kernel_from_the_true_state(name: str, options: dict[str, Any]) -> None:
    game = cardroom.make(name, **options)
    state = game.new_game(8)
    seat = state.to_act[0]
    oracle = make_bot("oracle:iterations=60", game, allow_cheats=True)
    assert isinstance(oracle, KernelOracleBot)
    first = oracle.choose_with_state(game, state, seat, random.Random(2))
    assert first in [str(a) for a in state.legal_actions(seat)]
    assert oracle.last.iterations in (0, 60)  # 0: a single legal action needs no search
    assert oracle.choose_with_state(game, state, seat, random.Random(2)) == first  # a pure function of rng


def test_taco_offers_compiled_rollouts_for_the_analysis() -> None:
    from cardroom.games.taco import kernel_api

    game, view = _view("taco", players=3)
    actions = list(view["legal_actions"])[:3]
    rows = kernel_api.rollouts(game, view, actions, seed=5, first=0, worlds=6)
    assert rows.shape == (6, len(actions)) and ((rows >= 0) & (rows <= 1)).all()
    again = kernel_api.rollouts(game, view, actions, seed=5, first=2, worlds=2)
    assert (again == rows[2:4]).all()  # world i depends only on (view, seed, i)


def test_while_a_kernel_loads_in_the_background_the_bot_searches_on_the_reference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Until the loader has the kernel the bot searches on the reference engine, without importing the
    kernel module (the loading thread holds its import lock: a timed decision waited on it and the room
    played a random move); from the first decision after, it searches on the kernel."""
    from cardroom.bots import fast_ismcts

    game, view = _view("tacocat")
    monkeypatch.setattr(compiled_registry, "_background", [tacocat_api.__name__])
    monkeypatch.setattr(compiled_registry, "_loading", {tacocat_api.__name__})
    monkeypatch.setattr(compiled_registry, "_ready", set())
    assert not compiled_registry.ready(tacocat_api.__name__)
    found = fast_ismcts.compiled_kernel_of
    monkeypatch.setattr(fast_ismcts, "compiled_kernel_of", lambda g: pytest.fail("imported a loading kernel"))
    bot = make_bot("ismcts:iterations=30", game)
    assert bot.name == "ismcts:iterations=30"
    choice = bot.choose(game, view, random.Random(0))
    assert choice in view["legal_actions"] and bot.last.iterations == 30  # a whole search, on the reference
    monkeypatch.setattr(fast_ismcts, "compiled_kernel_of", found)
    compiled_registry._ready.add(tacocat_api.__name__)  # the loader is done
    assert bot.choose(game, view, random.Random(0)) in view["legal_actions"]
    assert isinstance(bot, fast_ismcts.LoadingKernelBot) and isinstance(bot._loaded, FastISMCTSBot)
    assert bot.last.iterations == 30


def test_a_paired_search_tries_every_root_action_even_with_more_actions_than_a_chunk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each call into the compiled loop starts a fresh world at the first root action: a chunk smaller
    than the root once left every later action untried (T.A.C.O. at four seats has more than 64)."""
    from cardroom.core import kernel_face

    game = cardroom.make("tacocat")
    state, chooser = game.new_game(5), random.Random(5)
    while len(state.legal_actions(state.to_act[0])) <= 4:  # on to a decision with more than a chunk
        seat = state.to_act[0]
        state = state.apply(seat, chooser.choice(state.legal_actions(seat)))
    view = state.view(state.to_act[0])
    monkeypatch.setattr(kernel_face, "CHUNK", 4)
    settings = tacocat_api.Settings(iterations=40 * len(view["legal_actions"]), deadline=math.inf, paired=True)
    result = tacocat_api.Searcher(game).search(view, random.Random(2), settings)
    assert result.root and all(row["worlds"] > 0 for row in result.root)
    assert len(result.root) == len(view["legal_actions"])


def test_a_stopped_server_leaves_its_process_out_of_background_mode(tmp_path: Any) -> None:
    """An in-process server (a test's client) put its process in background mode for good: an arena run
    later in the same process then searched on the reference engine and played other games."""
    from fastapi.testclient import TestClient

    from cardroom.server.edge.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'room.sqlite3'}")):
        assert not compiled_registry.ready(tacocat_api.__name__) or tacocat_api.__name__ in compiled_registry._ready
    assert compiled_registry.ready(tacocat_api.__name__)


def test_a_paired_search_stopped_by_its_rule_is_the_search_of_that_budget() -> None:
    """The stop rule is asked after every chunk of worlds; where it ends the search, the answer and the
    root rows are those of a search whose budget was the playouts played by then."""
    game, view = _view("tacocat")
    settings = tacocat_api.Settings(iterations=3000, deadline=math.inf, paired=True)
    asked: list[int] = []

    def stop(found: Any) -> bool:
        asked.append(found.playouts)
        return len(asked) == 5

    stopped = tacocat_api.Searcher(game).search(view, random.Random(6), settings, stop)
    assert asked == sorted(set(asked)) and stopped.iterations == asked[-1] < 3000
    settings.iterations = asked[-1]
    whole = tacocat_api.Searcher(game).search(view, random.Random(6), settings)
    assert (stopped.action, stopped.iterations, stopped.nodes, stopped.root) == (
        whole.action,
        whole.iterations,
        whole.nodes,
        whole.root,
    )


def test_a_stop_rule_needs_the_paired_root() -> None:
    game, view = _view("tacocat")
    settings = tacocat_api.Settings(iterations=30, deadline=math.inf, paired=False)
    with pytest.raises(ValueError, match="paired root"):
        tacocat_api.Searcher(game).search(view, random.Random(0), settings, lambda found: True)
