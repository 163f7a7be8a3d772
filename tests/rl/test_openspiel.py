"""OpenSpiel: every game loads, OpenSpiel's random simulation plays it through, IS-MCTS plays it."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

import cardroom
from cardroom.bots import RandomBot
from cardroom.rl import openspiel
from cardroom.rl.spielbot import SpielBot, ismcts_factory
from tests.rl.conftest import TOY, variants

VARIANTS = variants()


def whole_but_short(name: str, options: dict[str, object]) -> dict[str, object]:
    """The options of a game played through below: T.A.C.O. with a pool of 12 taco points (a round ends
    when the pool runs dry), which keeps each preset's own rounds and rules (the match and gimme presets
    still play three rounds) at a third of the rulebook pool's steps."""
    return {**options, "pool": 12} if name == "taco" else options


def load(name: str, preset: str | None, options: dict[str, object]) -> pyspiel.Game:
    openspiel.register(name)
    params: dict[str, object] = {"preset": preset or ""}
    params.update(options)
    return pyspiel.load_game(openspiel.short_name(name), params)


@pytest.mark.parametrize(("name", "preset", "options"), VARIANTS)
def test_random_sim(name: str, preset: str, options: dict[str, object]) -> None:
    game = load(name, preset, whole_but_short(name, options))
    # T.A.C.O. games run to hundreds of steps: one is enough to go through every kind of node.
    sims = 1 if name == "taco" else 3
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "preset", "options"), VARIANTS)
def test_tensors_and_strings_come_from_the_view(name: str, preset: str, options: dict[str, object]) -> None:
    game = load(name, preset, whole_but_short(name, options))
    state = game.new_initial_state()
    state.apply_deal(7)
    rng = random.Random(0)
    while not state.is_terminal():
        player = state.current_player()
        inner = state.cardroom_state
        assert len(state.information_state_tensor(player)) == game.information_state_tensor_size()
        assert np.allclose(state.observation_tensor(player), game.interface.encoder.encode(inner.view(player)))
        resampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert resampled.information_state_string(player) == state.information_state_string(player)
        state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == pytest.approx(0.0)


def test_the_registered_toy_game_plays_without_anything_per_game() -> None:
    assert openspiel.register(TOY) == "cardroom_toy"
    game = pyspiel.load_game("cardroom_toy(preset=sneaky-four)")
    assert game.num_players() == 4
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def play_ismcts_vs_random(name: str, games: int, sims: int, preset: str | None = None) -> list[float]:
    """IS-MCTS in seat 0 (on the OpenSpiel state), cardroom's random bot in the others (on its view)."""
    game = load(name, preset, {})
    bot = ismcts_factory(sims)(game, np.random.RandomState(0))
    rival = RandomBot()
    rng = random.Random(0)
    scores = []
    for index in range(games):
        state = game.new_initial_state()
        state.apply_deal(index)
        while not state.is_terminal():
            player = state.current_player()
            if player == 0:
                state.apply_action(bot.step(state))
            else:
                view = state.cardroom_state.view(player)
                text = rival.choose(game.interface.game, view, rng)
                state.apply_action(game.interface.actions.index(text))
        scores.append(state.returns()[0])
    return scores


def test_ismcts_plays_complete_games_of_the_toy_game() -> None:
    scores = play_ismcts_vs_random(TOY, games=4, sims=30, preset="sneaky")
    assert len(scores) == 4


def test_ismcts_plays_complete_tacocat_games_against_random() -> None:
    # Four simulations a decision go through every part of the search (world samples, the tree, a
    # rollout each) as ten did, at under half the CPU: this checks that whole games play, not strength.
    scores = play_ismcts_vs_random("tacocat", games=2, sims=4)
    assert len(scores) == 2 and all(s in (-1.0, 0.0, 1.0) for s in scores)


def test_an_openspiel_bot_is_a_cardroom_bot_seeing_only_a_view() -> None:
    game = cardroom.make(TOY, preset="sneaky")
    bot = SpielBot(ismcts_factory(20))
    state = game.new_game(5)
    text = bot.choose(game, state.view(0), random.Random(1))
    assert text in [str(a) for a in state.legal_actions(0)]


def test_openspiels_rl_environment_plays_a_game() -> None:
    from open_spiel.python import rl_environment

    openspiel.register(TOY)
    env = rl_environment.Environment("cardroom_toy", preset="sneaky-four")
    rng = np.random.default_rng(0)
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
    assert sum(step.rewards) == pytest.approx(0.0)
