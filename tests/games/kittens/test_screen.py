"""The terminal screen draws every phase of a game without error and hides nothing it should show."""

from __future__ import annotations

import io
import random

from rich.console import Console

import cardroom
from cardroom.cli.screens import screen_for
from cardroom.cli.screens.kittens import render


def test_screen_renders_every_phase() -> None:
    for preset in ("classic", "current"):
        game = cardroom.make("exploding-kittens", preset=preset, players=3)
        assert screen_for(game) is render
        rng = random.Random(4)
        state = game.new_game(4)
        phases = set()
        while True:
            seat = state.to_act[0] if state.to_act else 0
            console = Console(width=100, record=True, file=io.StringIO())
            console.print(render(state.view(seat), game))
            shown = console.export_text()
            assert f"Draw pile: {len(state.pile)} cards" in shown
            phases.add(state.phase)
            if state.is_over:
                break
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert {"turn", "window", "over"} <= phases
