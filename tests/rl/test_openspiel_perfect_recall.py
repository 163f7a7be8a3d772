"""The information-state tensor is perfect recall: different histories of a seat never share a tensor."""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest

from cardroom.rl import openspiel


@pytest.mark.parametrize(
    ("name", "params", "games"),
    [
        ("tacocat", {}, 30),
        ("exploding-kittens", {"players": 3}, 8),
        ("taco", {"players": 3}, 3),
    ],
)
def test_two_histories_of_a_seat_never_share_a_tensor(name: str, params: dict[str, object], games: int) -> None:
    """Ground truth, kept beside the game: per seat, every decision's actor, the seat's own action text,
    and the seat's whole view (JSON) right after. The tensor must tell any two such histories apart."""
    openspiel.register(name)
    game = pyspiel.load_game(openspiel.short_name(name), params)
    rng = random.Random(13)
    seen: dict[tuple[int, bytes], tuple[object, ...]] = {}
    checked = 0
    for deal in range(games):
        state = game.new_initial_state()
        state.apply_deal(deal)
        players = game.num_players()
        truth: list[list[object]] = [
            [(-1, None, json.dumps(state.cardroom_state.view(p), sort_keys=True))] for p in range(players)
        ]
        while not state.is_terminal():
            player = state.current_player()
            tensor = np.asarray(state.information_state_tensor(player), np.float32)
            key, history = (player, tensor.tobytes()), tuple(truth[player])
            assert seen.setdefault(key, history) == history, f"{name} deal {deal}: two histories share a tensor"
            checked += 1
            action = rng.choice(state.legal_actions())
            text = state.action_to_string(player, action)
            state.apply_action(action)
            for p in range(players):
                view = json.dumps(state.cardroom_state.view(p), sort_keys=True)
                truth[p].append((player, text if p == player else None, view))
    assert checked > 50 * games


def test_the_information_state_is_not_the_observation_and_has_a_stated_size() -> None:
    openspiel.register("tacocat")
    game = pyspiel.load_game("cardroom_tacocat")
    slots = game.max_game_length() + 1
    assert game.information_state_tensor_size() == game.observation_tensor_size() + 1 + 4 * slots
    state = game.new_initial_state()
    state.apply_deal(3)
    rng = random.Random(1)
    for _ in range(10):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    info = state.information_state_tensor(player)
    assert info[: game.observation_tensor_size()] == state.observation_tensor(player)
    history = state.observation_history(player)
    assert len(history) == 11 and history[0][0] == -1  # the deal, then ten decisions
    assert info[game.observation_tensor_size()] == pytest.approx(11 / slots)
