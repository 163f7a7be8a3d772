"""The ansi render shows the learner's own hand legibly; PettingZoo's state() is every seat's observation."""

from __future__ import annotations

import numpy as np
import pytest

from cardroom.rl.gymnasium import CardroomEnv
from cardroom.rl.pettingzoo import raw_env


@pytest.mark.parametrize("name", ["tacocat", "exploding-kittens", "taco"])
def test_gymnasium_ansi_render_shows_the_hand_by_name(name: str) -> None:
    env = CardroomEnv(name, opponents="random", render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert text is not None
    hand = env.game_state.view(env.seat)["hand"] if env.game_state is not None else []
    line = next(row for row in text.splitlines() if row.startswith("hand"))
    for card in hand:
        assert str(card["card"] if isinstance(card, dict) else card) in line
    assert '"id"' not in line and not text.lstrip().startswith("{")  # names, not raw JSON
    assert all(len(row) <= 100 for row in text.splitlines())


def test_pettingzoo_render_is_the_acting_agents_view_and_state_covers_every_seat() -> None:
    env = raw_env("exploding-kittens", players=3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text is not None and "hand (" in text and "spectator" not in text
    state = env.state()
    assert env.state_space.contains(state)
    assert state.shape == (3 * env.observation_space("player_0")["observation"].shape[0],)
    size = state.shape[0] // 3
    for seat in range(3):
        assert np.array_equal(state[seat * size : (seat + 1) * size], env.observe(f"player_{seat}")["observation"])
