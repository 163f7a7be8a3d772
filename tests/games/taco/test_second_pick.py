"""Our ``second_pick`` option (the ``v3`` preset): at 2 players the second player is dealt six cards and
discards one before the first turn. The default at 2 players (``standard`` keeps v2); no effect at 3 or
more players; the compiled kernel deals it, so the lab and the bots play it fast."""

from __future__ import annotations

import random

import pytest
from tests.games.taco.test_rules import _finish_round

import cardroom
from cardroom.balance import BalanceConfig
from cardroom.balance.kernel_run import kernel_driver
from cardroom.balance.play import engine_path
from cardroom.bots.specs import make_bot
from cardroom.core.errors import InvalidOptions
from cardroom.fast import kernel_of, simulate
from cardroom.games.taco.state import TacoState


def _check_the_pick(state: TacoState) -> TacoState:
    """The second player holds six and must discard one (why: opening) before the first player's turn."""
    tb = state.tb
    second = (tb.first + 1) % 2
    assert state.to_act == (second,)
    assert len(tb.hands[second]) == 6 and len(tb.hands[tb.first]) == (6 if tb.first == tb.trophy else 5)
    assert state.view(second)["prompt"] == {"kind": "discard", "seats": [second], "count": 1, "why": "opening"}
    assert {str(a) for a in state.legal_actions(second)} == {
        f"discard {state.game.deck.cards[c].slug}"
        for c in tb.hands[second]  # type: ignore[attr-defined]
    }
    card = tb.hands[second][0]
    slug = state.game.deck.cards[card].slug  # type: ignore[attr-defined]
    after = state.apply(second, f"discard {slug}")
    assert len(after.tb.hands[second]) == 5
    assert after.tb.discard[-1] == card  # face up, as every discard
    assert after.tb.turn == tb.first and after.tb.turns == 1  # then the first player's turn, as usual
    assert after.tb.pool == after.tb.pool_start  # nothing scored before the first turn
    return after


def test_on_by_default_at_two_players_and_v2_stays_selectable() -> None:
    game = cardroom.make("taco", players=2)
    assert game.preset == "v3" and game.options["second_pick"] is True and game.options["deck"] == "v2"
    _check_the_pick(game.new_game(3))
    plain = cardroom.make("taco", preset="standard", players=2)
    assert plain.options["second_pick"] is False
    state = plain.new_game(3)
    assert sorted(len(h) for h in state.tb.hands) == [5, 6]  # five dealt each; the first player drew one
    assert state.to_act == (state.tb.first,)


@pytest.mark.parametrize("players", [3, 4, 8])
def test_three_or_more_players_keep_the_standard_preset(players: int) -> None:
    game = cardroom.make("taco", players=players)
    assert game.preset == "standard" and game.options["second_pick"] is False


def test_a_record_of_the_old_default_replays_as_it_was_played() -> None:
    """Records and stored tables name their preset: one made when two players got "standard" (before
    the fair start was the default), even one saved before the option existed, deals as v2 still."""
    described = cardroom.make("taco", preset="standard", players=2).describe()
    assert described["preset"] == "standard"
    options = {k: v for k, v in described["options"].items() if k != "second_pick"}  # an older record
    again = cardroom.make("taco", preset=described["preset"], **options)
    assert again.options["second_pick"] is False
    assert (
        again.new_game(9).tb.to_json() == cardroom.make("taco", preset="standard", players=2).new_game(9).tb.to_json()
    )


def test_the_v3_preset_is_deck_v2_with_the_second_pick() -> None:
    game = cardroom.make("taco", preset="v3", players=2)
    assert game.options["deck"] == "v2" and game.options["second_pick"] is True
    _check_the_pick(game.new_game(3))


def test_every_round_of_a_match_gives_the_second_player_the_pick() -> None:
    game = cardroom.make("taco", players=2, rounds=3, second_pick=True)
    rng = random.Random(8)
    state = _check_the_pick(game.new_game(12))
    state = _finish_round(state, rng)
    assert state.tb.round == 2 and state.tb.first == state.tb.trophy
    _check_the_pick(state)  # the trophy holder goes first with six; the other player picks from six


@pytest.mark.parametrize("players", [3, 4, 8])
def test_no_effect_at_three_or_more_players(players: int) -> None:
    on = cardroom.make("taco", players=players, second_pick=True).new_game(5)
    off = cardroom.make("taco", players=players).new_game(5)
    assert on.tb.to_json() == off.tb.to_json()


def test_refused_values() -> None:
    """(A v3 match reloading and replaying is in test_rules.py.)"""
    with pytest.raises(InvalidOptions, match="option 'second_pick' cannot be 'yes'; allowed: False, True"):
        cardroom.make("taco", players=2, second_pick="yes")


def test_every_fast_path_plays_it_on_the_kernel() -> None:
    """The kernel deals the pick (the differential tests in tests/kernels hold it to the reference): simulate,
    the lab and the ISMCTS bot play v3 on the kernel, and the bot answers the opening pick."""
    from cardroom.games.taco.kernel_codec import unsupported

    game = cardroom.make("taco", preset="v3", players=2)
    assert unsupported(game) is None and kernel_of(game) is not None
    assert kernel_driver(game, ("heuristic",)) is not None
    assert simulate(game, 2, "heuristic", seed=1).path == "kernel"
    state = game.new_game(1)
    seat = state.to_act[0]
    choice = make_bot("ismcts:iterations=20", game).choose(game, state.view(seat), random.Random(0))
    assert choice in {str(a) for a in state.legal_actions(seat)} and choice.startswith("discard ")
    assert engine_path(BalanceConfig("taco", games=4, options={"players": 2})) == "kernel"
    assert engine_path(BalanceConfig("taco", games=4, preset="v3", options={"players": 2}, engine="kernel")) == "kernel"
