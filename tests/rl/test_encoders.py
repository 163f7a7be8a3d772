"""Encoders: fixed size, inside their declared bounds, named pieces that add up, built from views only."""

from __future__ import annotations

import random

import numpy as np
import pytest

import cardroom
from cardroom.rl.encoders import HashedViewEncoder, encoder_for
from cardroom.rl.interface import Interface
from cardroom.rl.spaces import ActionIndex
from tests.rl.conftest import TOY, variants

VARIANTS = variants()


def random_states(game: cardroom.Game, games: int, seed: int = 0, per_game: int = 40):  # type: ignore[no-untyped-def]
    """About ``per_game`` states spread over each of ``games`` random games, the last one included."""
    rng = random.Random(seed)
    for index in range(games):
        states = [game.new_game(index)]
        while not states[-1].is_over:
            state = states[-1]
            seat = rng.choice(state.to_act)
            states.append(state.apply(seat, rng.choice(state.legal_actions(seat))))
        stride = max(1, len(states) // per_game)
        yield from states[::stride]
        if (len(states) - 1) % stride:
            yield states[-1]


@pytest.mark.parametrize(("name", "preset", "options"), VARIANTS)
@pytest.mark.parametrize("generic", [False, True], ids=["own", "generic"])
def test_encodings_are_fixed_bounded_and_named(
    name: str, preset: str, options: dict[str, object], generic: bool
) -> None:
    game = cardroom.make(name, preset=preset, **options)
    encoder = encoder_for(game, generic=generic)
    assert "\n" in encoder.describe()
    for state in random_states(game, 3):
        for seat in [None, *range(game.players)]:
            view = state.view(seat)
            vector = encoder.encode(view)
            assert vector.shape == (encoder.size,) and vector.dtype == np.float32
            assert (vector >= encoder.low).all() and (vector <= encoder.high).all()
            named = encoder.named(view)
            assert list(named) == [p.name for p in encoder.pieces]
            assert np.array_equal(np.concatenate([a.ravel() for a in named.values()]), vector)


@pytest.mark.parametrize(("name", "preset", "options"), VARIANTS)
def test_observations_do_not_change_when_hidden_cards_are_redealt(
    name: str, preset: str, options: dict[str, object]
) -> None:
    game = cardroom.make(name, preset=preset, **options)
    interface = Interface(game)
    rng = random.Random(1)
    for state in random_states(game, 2, per_game=10):
        for seat in range(game.players):
            other = state.shuffle_unknown(seat, rng)
            assert np.array_equal(interface.observation(state, seat), interface.observation(other, seat))


@pytest.mark.parametrize(("name", "preset", "options"), VARIANTS)
def test_the_action_index_maps_both_ways_and_masks_the_legal_actions(
    name: str, preset: str, options: dict[str, object]
) -> None:
    game = cardroom.make(name, preset=preset, **options)
    index = ActionIndex(game)
    for i, act in enumerate(index.actions):
        assert index.index(act) == i and index.index(str(act)) == i and index.action(i) == act
    for state in random_states(game, 2):
        for seat in range(game.players):
            mask = index.mask(state.legal_actions(seat))
            assert [index.action(i) for i in np.flatnonzero(mask)] == sorted(state.legal_actions(seat))


def test_an_unknown_game_gets_the_generic_encoder() -> None:
    assert isinstance(encoder_for(cardroom.make(TOY)), HashedViewEncoder)


def test_the_command_prints_the_layout_and_the_action_table(capsys: pytest.CaptureFixture[str]) -> None:
    from cardroom.rl.__main__ import main

    main([TOY, "--preset", "sneaky-four"])
    out = capsys.readouterr().out
    assert "features" in out and "action space: 26 actions" in out and "0  play 1" in out


def test_a_registered_encoder_is_found_by_game_name() -> None:
    from cardroom.rl import encoders
    from cardroom.rl.encoders import Encoder, Piece, register_encoder

    class HandOnly(Encoder):
        def layout(self) -> list[Piece]:
            return [Piece("hand", (24,), "my hand as counts by value", 4)]

        def fill(self, view, out):  # type: ignore[no-untyped-def]
            for card in view["hand"]:
                out["hand"][card - 1] += 1

    register_encoder(TOY, HandOnly)
    try:
        game = cardroom.make(TOY, preset="sneaky")
        encoder = encoder_for(game)
        assert isinstance(encoder, HandOnly)
        assert encoder.encode(game.new_game(1).view(0)).sum() == 4  # four cards dealt
        assert isinstance(encoder_for(game, generic=True), HashedViewEncoder)
    finally:
        del encoders._REGISTERED[TOY]
