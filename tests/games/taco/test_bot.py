"""The heuristic bot: always legal, complies with the antics, and beats random play."""

from __future__ import annotations

import random

import cardroom
from cardroom.bots.uniform import RandomBot
from cardroom.core.bot import Bot
from cardroom.games.taco.arrange import arrange
from cardroom.games.taco.bot import HeuristicBot
from cardroom.games.taco.game import TacoGame


def _play(game: cardroom.Game, bots: list[Bot], seed: int) -> tuple[int, ...]:
    rng = random.Random(seed)
    state = game.new_game(seed)
    while not state.is_over:
        for seat in state.to_act:
            view = state.view(seat)
            choice = bots[seat].choose(game, view, rng)
            assert choice in view["legal_actions"]
        seat = state.to_act[0]
        state = state.apply(seat, bots[seat].choose(game, state.view(seat), rng))
    assert state.outcome is not None
    return state.outcome.winners


def test_the_bot_always_picks_a_legal_action_and_names_itself() -> None:
    game = cardroom.make("taco", players=4, antics=True, gimme_trophy=True)
    bots: list[Bot] = [HeuristicBot(), HeuristicBot(), RandomBot(), HeuristicBot()]
    assert isinstance(bots[0], Bot) and bots[0].name == "heuristic"
    assert TacoGame.heuristic_bot == "cardroom.games.taco.bot:HeuristicBot"
    for seed in range(3):
        _play(game, bots, seed)


def test_the_bot_complies_with_the_antics_and_keeps_instants_for_defence() -> None:
    game = cardroom.make("taco", players=3, antics=True)
    assert isinstance(game, TacoGame)
    state = arrange(game, hands={1: ["mold", "no-way-jose"]}, tacos={0: ["taco-master"]}, deck_top=["lettuce"])
    rng = random.Random(1)
    assert HeuristicBot().choose(game, state.view(1), rng) == "hail"
    state = state.apply(1, "hail").apply(2, "hail")
    # Seat 0 plays an ingredient into its own taco: seat 1 lets it stand, keeping its Instant.
    state = state.apply(0, "play lettuce 0")
    assert HeuristicBot().choose(game, state.view(1), rng) == "pass"
    # But a Mold aimed at seat 1's taco gets stopped.
    state = arrange(
        game, hands={0: ["mold"], 1: ["no-way-jose"]}, tacos={1: ["carnitas", "avocado"]}, deck_top=["lettuce"]
    )
    state = state.apply(0, "use mold")
    assert HeuristicBot().choose(game, state.view(1), rng) == "instant no-way-jose"


def test_the_bot_feeds_bad_cards_to_the_leader_and_takes_points() -> None:
    game = cardroom.make("taco", players=3)
    assert isinstance(game, TacoGame)
    state = arrange(
        game, hands={0: ["mystery-meat"]}, tacos={2: ["carnitas", "avocado"], 1: ["tomato"]}, deck_top=["lettuce"]
    )
    assert HeuristicBot().choose(game, state.view(0), random.Random(1)) == "play mystery-meat 2"
    state = arrange(game, hands={0: ["tomato", "carnitas"]}, deck_top=["lettuce"])
    assert HeuristicBot().choose(game, state.view(0), random.Random(1)) == "play carnitas 0"


def test_the_bot_beats_three_random_bots() -> None:
    game = cardroom.make("taco", players=4)
    wins = 0
    for i in range(40):
        bots: list[Bot] = [RandomBot() for _ in range(4)]
        bots[i % 4] = HeuristicBot()
        wins += (i % 4) in _play(game, bots, 500 + i)
    assert wins >= 24  # the full measurement (bench/bots/heuristic_bots.py --game taco) gives about 94%
