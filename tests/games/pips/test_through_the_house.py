"""Pips, declared in its own folder and one registry line, runs through the house's machinery: the hard
bot's search on its compiled kernel, the analysis of a finished game, and the balance lab. Nothing
outside ``cardroom/games/pips`` names it."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

import cardroom
from cardroom.analysis import Precision, analyse_game
from cardroom.analysis.evaluate import heuristic_actions
from cardroom.balance import BalanceConfig
from cardroom.balance.play import engine_path
from cardroom.balance.run import run_balance
from cardroom.bots import make_bot
from cardroom.bots.fast_ismcts import FastISMCTSBot
from cardroom.core.compiled_registry import compiled_kernel_of

# A whole game at a few worlds a decision: enough to check the bookkeeping, in seconds.
ROUGH = Precision(half_width=0.3, min_worlds=4, max_worlds=4, batch=4, search_playouts=256, min_runs=2, max_runs=2)


def test_the_hard_bots_search_runs_on_the_toys_kernel_and_beats_chance() -> None:
    game = cardroom.make("pips")
    kernel = compiled_kernel_of(game)
    assert kernel is not None and kernel.name == "pips"
    bot = make_bot("ismcts:iterations=300", game)
    assert isinstance(bot, FastISMCTSBot)
    other, wins = make_bot("random", game), 0
    for seed in range(20):
        state, rng = game.new_game(seed), random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            text = (bot if seat == seed % 2 else other).choose(game, state.view(seat), rng)
            assert text in {str(a) for a in state.legal_actions(seat)}
            state = state.apply(seat, text)
        wins += state.outcome is not None and state.outcome.winners == (seed % 2,)
    assert wins >= 13  # the search takes most games from random play (about 16 of 20)
    again = make_bot("ismcts:iterations=300", game)
    view = game.new_game(3).view(0)
    assert bot.choose(game, view, random.Random(7)) == again.choose(game, view, random.Random(7))


def test_a_finished_game_is_analysed_on_the_kernel() -> None:
    game = cardroom.make("pips")
    actions = heuristic_actions(game, 4)
    result = analyse_game(game, 4, actions, 1, precision=ROUGH, prior_games=8, engine="kernel").to_json()
    assert result["engine"] == "kernel"
    assert result["decisions"] and all(0.0 <= d["win_before"] <= 1.0 for d in result["decisions"])
    assert result["result"] in (0.0, 1.0)
    assert result["start"] + result["total_luck"] - result["total_loss"] == pytest.approx(result["result"])
    result.pop("seconds")
    again = analyse_game(game, 4, actions, 1, precision=ROUGH, prior_games=8, engine="kernel").to_json()
    again.pop("seconds")
    assert again == result


def test_the_balance_lab_runs_the_toy_on_its_kernel_and_on_the_reference() -> None:
    on_kernel = BalanceConfig("pips", ("heuristic",), games=40, seed=3, blocks=2, engine="kernel")
    assert engine_path(on_kernel) == "simulate"
    for config in (on_kernel, replace(on_kernel, engine="reference")):
        result = run_balance(config)
        seats = result.summary["seats"]
        assert len(seats) == 2 and sum(s["win_share"] for s in seats) == pytest.approx(1.0)
        again = run_balance(config).summary  # reproducible from the seed (as text: a figure of no games is NaN)
        assert json.dumps(again, sort_keys=True) == json.dumps(result.summary, sort_keys=True)
    assert result.summary["engine"] == "reference"
