"""The terminal screen draws every kind of view; the heuristic bot plays from views alone."""

from __future__ import annotations

import random

from rich.console import Console
from tests.games.tacocat.table import position

import cardroom
from cardroom.bots.uniform import RandomBot
from cardroom.cli.screens.tacocat import render
from cardroom.games.tacocat.bot import HeuristicBot


def text_of(view: dict[str, object]) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(render(view, cardroom.make("tacocat")))  # type: ignore[arg-type]
    return console.export_text()


def test_the_screen_shows_board_hand_and_table() -> None:
    state = position("4 7 9 11", "2 5 6 8 12", "defend:Y:8:-", discard="8", track="Y.#T....W")
    shown = text_of(state.view(1))
    assert "TACO" in shown and "#2" in shown and "You (WOW)" in shown
    assert " 2  5  6  8 12" in shown and "4 cards" in shown
    assert "YAY attacks with  8" in shown and "now answering the 8" in shown
    assert "Tacocat" in text_of(state.view(None))


def test_the_screen_shows_the_simultaneous_replacement_card_by_card() -> None:
    state = position("1 2 3 4 5 6 7", "4 5 6 8 9 10 11", "replace:both:-:-")
    state = state.apply(0, "discard 1").apply(0, "keep 2")
    mine = text_of(state.view(0))
    assert "cards decided: YAY 2 of 7, WOW 0 of 7" in mine and "you set aside:  1" in mine
    assert "Keep or discard your 3?" in mine
    theirs = text_of(state.view(1))
    assert "cards decided: YAY 2 of 7, WOW 0 of 7" in theirs and "Keep or discard your 4?" in theirs
    assert "set aside:  1" not in theirs


def test_the_screen_draws_every_phase_of_a_game() -> None:
    game = cardroom.make("tacocat")
    rng = random.Random(4)
    state = game.new_game(4)
    while not state.is_over:
        for seat in (None, *state.to_act):
            assert "Round" in text_of(state.view(seat))
        seat = rng.choice(state.to_act)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert "goal" in text_of(state.view(0))


def test_the_bot_keeps_its_lowest_card_and_defends_cheaply() -> None:
    bot, rng = HeuristicBot(), random.Random(0)
    game = cardroom.make("tacocat")
    attack = position("2 7 9 11", "1 3 4 5", "attack:Y").view(0)
    assert bot.choose(game, attack, rng) == "attack 11"
    defend = position("1 8 9 12", "2 5 10", "defend:W:7:-", discard="7").view(0)
    assert bot.choose(game, defend, rng) == "defend 8"
    beaten = position("1 3 4 5", "2 8 9", "defend:W:12:-", discard="12").view(0)
    assert bot.choose(game, beaten, rng) == "sacrifice"


def test_the_bot_decides_card_by_card_on_the_centre_space() -> None:
    """It keeps its lowest card and replaces every other card under 10 (a second 2 too)."""
    bot, rng = HeuristicBot(), random.Random(0)
    game = cardroom.make("tacocat", deck="print-and-play")
    state = position("2 2 5 7 9 10 12", "1 3 4 6 8 11 3", "replace:both:-:-", deck="print-and-play")
    chosen = []
    while 0 in state.to_act:
        text = bot.choose(game, state.view(0), rng)
        chosen.append(text)
        state = state.apply(0, text)
    assert chosen == ["keep 2", "discard 2", "discard 5", "discard 7", "discard 9", "keep 10", "keep 12"]
    assert state.marks[0] == (2, 5, 7, 9)


def test_the_bot_duels_with_a_middle_card_and_keeps_its_high_ones() -> None:
    """The lowest spare card of 7 or more; without one, the highest spare; never its one lowest card."""
    bot, rng = HeuristicBot(), random.Random(0)
    game = cardroom.make("tacocat")
    cases = (("2 7 9 12", "4 6 6 11", 7), ("1 4 9 12", "4 6 6 11", 9), ("2 3 5", "4 6 11", 5),
             ("7 7 12", "4 6 11", 7), ("3 8 8 11", "4 6 6 11", 8))  # fmt: skip
    for yay, wow, card in cases:
        duel = position(yay, wow, "duel:-:-").view(0)
        assert bot.choose(game, duel, rng) == f"duel {card}", yay


def test_the_heuristic_bot_beats_the_random_bot() -> None:
    game = cardroom.make("tacocat")
    wins = 0
    for i in range(60):
        me = i % 2
        bots = {me: HeuristicBot(), 1 - me: RandomBot()}
        rngs = {0: random.Random(i), 1: random.Random(i + 1000)}
        state = game.new_game(i)
        while not state.is_over:
            seat = state.to_act[0]
            state = state.apply(seat, bots[seat].choose(game, state.view(seat), rngs[seat]))
        wins += state.outcome is not None and me in state.outcome.winners
    assert wins >= 50  # about 99% over 1,000 games (bench/bots/heuristic_bots.py --game tacocat)
