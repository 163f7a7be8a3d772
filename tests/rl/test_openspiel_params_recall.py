"""OpenSpiel: every option is a parameter, games pickle, and the information state is more than the view."""

from __future__ import annotations

import pickle
import random

import pyspiel
import pytest

from cardroom.rl import openspiel, spieldeals


def test_every_option_is_a_load_game_parameter() -> None:
    openspiel.register("taco")
    game = pyspiel.load_game("cardroom_taco", {"rounds": 3, "antics": True, "players": 3, "pool": 30})
    assert game.interface.game.options == {
        "players": 3,
        "pool": 30,
        "rounds": 3,
        "gimme_trophy": False,
        "antics": True,
        "second_pick": False,
        "deck": "v2",
    }
    # Unset options keep the preset's values: the gimme preset's trophy and rounds are not overridden.
    gimme = pyspiel.load_game("cardroom_taco", {"preset": "gimme"}).interface.game.options
    assert gimme["gimme_trophy"] is True and gimme["rounds"] == 3
    tacocat = pyspiel.load_game("cardroom_tacocat(ties=redeal)")
    assert tacocat.interface.game.options["ties"] == "redeal"
    assert set(tacocat.get_parameters()) >= {"deck", "jumbo", "ties", "board", "preset", "deals"}


def test_a_bad_option_value_is_refused_naming_what_is_allowed() -> None:
    openspiel.register("tacocat")
    with pytest.raises(Exception, match="allowed: 'arrow', 'duel-winner', 'redeal'"):
        pyspiel.load_game("cardroom_tacocat(ties=never)")


def test_games_pickle_by_name_and_parameters() -> None:
    openspiel.register("tacocat")
    game = pyspiel.load_game("cardroom_tacocat(ties=redeal,deals=9)")
    back = pickle.loads(pickle.dumps(game))
    assert back.get_parameters() == game.get_parameters()
    assert back.interface.game.options == game.interface.game.options
    state = back.new_initial_state()
    state.apply_deal(4)
    assert state.legal_actions() == [a for a in state.legal_actions() if a < back.num_distinct_actions()]


@pytest.mark.parametrize("name", ["tacocat", "exploding-kittens"])
def test_information_state_tensors_never_repeat_within_a_game(name: str) -> None:
    openspiel.register(name)
    game = pyspiel.load_game(openspiel.short_name(name))
    assert game.information_state_tensor_size() > game.observation_tensor_size()
    rng = random.Random(5)
    repeats_info = 0
    for deal in range(3):
        state = game.new_initial_state()
        state.apply_deal(deal)
        seen: set[tuple[int, tuple[float, ...]]] = set()
        while not state.is_terminal():
            player = state.current_player()
            key = (player, tuple(state.information_state_tensor(player)))
            repeats_info += key in seen
            seen.add(key)
            assert state.information_state_string(player) != state.observation_string(player)
            state.apply_action(rng.choice(state.legal_actions()))
    assert repeats_info == 0


def test_a_resampled_world_keeps_the_seats_information_state() -> None:
    openspiel.register("tacocat")
    game = pyspiel.load_game("cardroom_tacocat")
    rng = random.Random(2)
    state = game.new_initial_state()
    state.apply_deal(11)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    world = state.resample_from_infostate(player, None)
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.information_state_tensor(player) == state.information_state_tensor(player)


def test_the_deal_is_chosen_over_small_chance_nodes() -> None:
    assert spieldeals.deal_digits(1 << 14) == (128, 128)
    assert spieldeals.deal_digits(100) == (100,)
    assert spieldeals.deal_digits(131) == (131,)  # a prime above the limit keeps one node
    openspiel.register("tacocat")
    game = pyspiel.load_game("cardroom_tacocat")
    assert game.max_chance_outcomes() == 128
    root = game.new_initial_state()
    assert root.is_chance_node() and len(root.chance_outcomes()) == 128
    by_digits = game.new_initial_state()
    by_digits.apply_action(3)
    assert by_digits.is_chance_node()
    by_digits.apply_action(5)
    by_deal = game.new_initial_state()
    by_deal.apply_deal(3 * 128 + 5)
    assert by_digits.cardroom_state.to_json() == by_deal.cardroom_state.to_json()
    with pytest.raises(ValueError, match="deal must be 0 to 16383"):
        game.new_initial_state().apply_deal(1 << 14)
