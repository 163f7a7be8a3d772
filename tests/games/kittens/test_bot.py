"""The heuristic bot: legal from any view, and clearly stronger than random (a quick check; the full
2,000-game figures come from bench/bots/heuristic_bots.py --game kittens)."""

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


def test_steals_first_even_holding_a_defuse() -> None:
    """A pair takes a card and leaves the pile as it was, so it comes before the draw."""
    bot, rng = HeuristicBot(), random.Random(0)
    state = table([["defuse", "tacocat", "tacocat"], ["skip", "nope"]], ["favor", "nope", "exploding-kitten"])
    assert bot.choose(state.game, state.view(0), rng) == "pair tacocat 1"
    state = table([["defuse", "favor", "favor", "see-the-future"], ["skip"]], ["favor", "exploding-kitten"])
    assert bot.choose(state.game, state.view(0), rng) == "pair favor 1"


def test_five_icons_only_for_a_defuse_it_lacks() -> None:
    five = ["tacocat", "cattermelon", "beard-cat", "shuffle", "see-the-future"]
    bot, rng = HeuristicBot(), random.Random(0)
    state = table([five, ["skip"]], ["nope", "exploding-kitten", "attack"], discard=["defuse"])
    assert bot.choose(state.game, state.view(0), rng).startswith("five ")
    state = table([[*five, "defuse"], ["skip"]], ["nope", "exploding-kitten", "attack"], discard=["defuse"])
    assert not bot.choose(state.game, state.view(0), rng).startswith("five ")


def test_nopes_any_steal_aimed_at_it() -> None:
    bot, rng = HeuristicBot(), random.Random(0)
    for play, hand in (("pair tacocat 1", ["tacocat", "tacocat"]), ("favor 1", ["favor"])):
        state = table([hand, ["nope", "skip", "attack"]], ["shuffle"] * 4).apply(0, play)
        assert bot.choose(state.game, state.view(1), rng) == "nope", play


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
