"""The terminal screen draws any view: players, spectators, windows and the end of a match."""

from __future__ import annotations

import random

from rich.console import Console

import cardroom
from cardroom.cli.screens.taco import render


def _text(view: dict[str, object], game: cardroom.Game) -> str:
    console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render(view, game))  # type: ignore[arg-type]
    return console.export_text()


def test_the_screen_renders_every_view_of_a_game() -> None:
    game = cardroom.make("taco", players=3, antics=True, gimme_trophy=True)
    state = game.new_game(5)
    rng = random.Random(5)
    seen_window = False
    while not state.is_over:
        if state.step % 7 == 0:
            for seat in (None, 0, 1, 2):
                text = _text(state.view(seat), game)
                assert "Pool:" in text and "own design" in text
        if state.view(None)["prompt"]["kind"] == "window":
            seen_window = True
            assert "every player decides" in _text(state.view(0), game)
        seat = state.to_act[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert seen_window
    assert "Match over" in _text(state.view(0), game)
