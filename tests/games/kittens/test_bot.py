"""The heuristic bot: legal from any view, and clearly stronger than random (a quick check; the full
2,000-game figures come from bench/kittens_bots.py)."""

from __future__ import annotations

import random

import cardroom
from cardroom.bots.specs import make_bot
from cardroom.bots.uniform import RandomBot
from cardroom.games.kittens.bot import HeuristicBot, top_risk

from .table import everyone_passes, table


def test_registered_as_the_games_heuristic_bot() -> None:
    game = cardroom.make("exploding-kittens")
    assert isinstance(make_bot("heuristic", game), HeuristicBot)


def test_risk_counts_what_it_saw() -> None:
    state = table([["see-the-future"], ["tacocat"]], ["skip", "favor", "nope", "exploding-kitten", "tacocat"])
    assert top_risk(state.view(0)) == 1 / 5
    state = everyone_passes(state.apply(0, "play see-the-future"))
    assert top_risk(state.view(0)) == 0.0
    assert top_risk(state.view(1)) == 1 / 5


def test_escapes_a_known_kitten_and_places_it_for_the_next_player() -> None:
    bot, rng = HeuristicBot(), random.Random(0)
    state = table([["see-the-future", "skip"], ["tacocat"]], ["exploding-kitten", "favor", "nope"])
    state = everyone_passes(state.apply(0, "play see-the-future"))
    assert bot.choose(state.game, state.view(0), rng) == "play skip"
    state = table([["defuse"], ["tacocat"]], ["exploding-kitten", "favor", "nope"]).apply(0, "draw")
    assert bot.choose(state.game, state.view(0), rng) == "place 0"


def test_nopes_an_attack_on_itself() -> None:
    bot, rng = HeuristicBot(), random.Random(0)
    state = table([["attack"], ["nope", "tacocat"]], ["favor"] * 4).apply(0, "play attack")
    assert bot.choose(state.game, state.view(1), rng) == "nope"


def _win_rate(players: int, games: int, preset: str) -> float:
    game = cardroom.make("exploding-kittens", preset=preset, players=players)
    wins = 0
    for i in range(games):
        hero = i % players
        bots = [RandomBot() if s != hero else HeuristicBot() for s in range(players)]
        state, rng = game.new_game(50_000 + i), random.Random(i)
        while not state.is_over:
            seat = state.to_act[0]
            state = state.apply(seat, bots[seat].choose(game, state.view(seat), rng))
        assert state.outcome is not None
        wins += hero in state.outcome.winners
    return wins / games


def test_beats_random() -> None:
    for preset in ("classic", "current"):
        assert _win_rate(2, 150, preset) >= 0.75
        assert _win_rate(4, 100, preset) >= 0.40
