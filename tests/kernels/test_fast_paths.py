"""The fast path behind the public names: ``ismcts`` on a kernel, ``ismcts-ref``, ``simulate``."""

from __future__ import annotations

import random

import pytest

import cardroom
from cardroom.bots import make_bot
from cardroom.bots.fast_ismcts import FastISMCTSBot
from cardroom.bots.ismcts import ISMCTSBot
from cardroom.core.registry import game_names, kit_of
from cardroom.fast import kernel_of, simulate


def test_ismcts_searches_on_the_kernel_and_ismcts_ref_on_the_reference() -> None:
    game = cardroom.make("tacocat")
    fast = make_bot("ismcts:iterations=200", game)
    ref = make_bot("ismcts-ref:iterations=200", game)
    assert isinstance(fast, FastISMCTSBot) and fast.name == "ismcts:iterations=200"
    assert isinstance(ref, ISMCTSBot) and not isinstance(ref, FastISMCTSBot)
    assert ref.name == "ismcts-ref:iterations=200"
    state = game.new_game(2)
    seat = state.to_act[0]
    for bot in (fast, ref):
        assert bot.choose(game, state.view(seat), random.Random(0)) in state.view(seat)["legal_actions"]
        assert bot.last.iterations == 200  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", game_names())
def test_ismcts_searches_on_a_kernel_exactly_when_the_game_has_one(name: str) -> None:
    game = cardroom.make(name)
    kernel = kernel_of(game)
    assert isinstance(make_bot("ismcts:iterations=5", game), FastISMCTSBot) == (kernel is not None and kernel.COMPILED)
    assert (kernel is not None) == (kit_of(game).kernel is not None)  # the game's kit names it


def test_kittens_ismcts_searches_on_the_kernel() -> None:
    game = cardroom.make("exploding-kittens", players=3)
    bot = make_bot("ismcts:iterations=100", game)
    assert isinstance(bot, FastISMCTSBot)
    state = game.new_game(5)
    seat = state.to_act[0]
    view = state.view(seat)
    assert bot.choose(game, view, random.Random(0)) in view["legal_actions"]
    assert bot.last.iterations == 100  # type: ignore[attr-defined]


def test_options_the_kernel_does_not_hold_use_the_reference_everywhere() -> None:
    game = cardroom.make("tacocat", deck="9,9,9,9,9,9,9,9,9,9,9,9")  # 108 cards: more than 64
    assert not isinstance(make_bot("ismcts:iterations=5", game), FastISMCTSBot)
    run = simulate(game, 3, "random", seed=4)
    assert run.path == "reference" and run.games == 3 and sum(run.wins) == 3
    assert simulate(game, 3, "random", seed=4).winners == run.winners


def test_simulate_is_deterministic_and_says_which_engine_ran() -> None:
    game = cardroom.make("tacocat", preset="print-and-play")
    run = simulate(game, 500, "random", seed=3)
    assert run.path == "kernel" and run.games == 500 and sum(run.wins) == 500 and run.actions > 500 * 20
    assert simulate(game, 500, "random", seed=3).winners == run.winners
    split = simulate(game, 500, "random", seed=3, workers=2)  # two processes, the same games
    assert (split.winners, split.actions) == (run.winners, run.actions)


@pytest.mark.parametrize(
    ("n", "policy", "workers"), [(-1, "random", 1), (3, "clever", 1), (2.5, "random", 1), (3, "random", 0)]
)
def test_simulate_refuses_bad_input(n: object, policy: str, workers: int) -> None:
    with pytest.raises(ValueError, match=r"policy must be|whole number"):
        simulate(cardroom.make("tacocat"), n, policy, workers=workers)  # type: ignore[arg-type]
