"""Seeds fix every shuffle; the seed itself is never shown."""

from __future__ import annotations

import random

import cardroom
from cardroom.games.tacocat import TacocatState


def random_game(seed: int, policy: int) -> tuple[TacocatState, list[tuple[int, str]]]:
    game = cardroom.make("tacocat")
    rng = random.Random(policy)
    state = game.new_game(seed)
    actions: list[tuple[int, str]] = []
    while not state.is_over:
        seat = rng.choice(state.to_act)
        act = str(rng.choice(state.legal_actions(seat)))
        actions.append((seat, act))
        nxt = state.apply(seat, act)
        assert isinstance(nxt, TacocatState)
        state = nxt
    return state, actions


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    a, actions = random_game(2024, 1)
    b, _ = random_game(2024, 1)
    assert a == b and a.to_json() == b.to_json()
    assert cardroom.make("tacocat").replay(2024, actions) == a


def test_different_seeds_deal_differently() -> None:
    game = cardroom.make("tacocat")
    assert len({game.new_game(seed).notation().split()[1] for seed in range(20)}) == 20


def test_no_seed_means_a_fresh_secret_one() -> None:
    game = cardroom.make("tacocat")
    assert game.new_game().seed != game.new_game().seed


def test_the_seed_is_in_no_view_or_log() -> None:
    state, _ = random_game(987654321987, 3)
    for seat in (None, 0, 1):
        assert "987654321987" not in repr(state.view(seat)) + repr(state.log(seat))
