"""The tests' toy game is a game like any other: the conformance suite over its presets and over
variants that mix their shapes, and concessions that keep every card and rank the leavers last."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from cardroom.core import IllegalAction, InvalidOptions
from cardroom.core.conformance import Variant, conformance_test
from tests.support.toy_game import ToyGame, registered

MIXED: list[Variant] = [
    ("dealt-nopes", "standard", {"players": 3, "nopes": "dealt"}),
    ("together-nope", "standard", {"players": 3, "hand": 3, "turns": "together"}),
    ("together-veto", "veto", {"players": 4, "cards": 20, "turns": "together", "quiet": "pass"}),
    ("seat-burn", "standard", {"players": 3, "cards": 14, "hand": 4, "rounds": 3, "reaction": "burn"}),
    ("sneaky-leaving", "sneaky-four", {"concede": True, "nopes": "dealt"}),
]


@pytest.fixture(autouse=True, scope="module")
def _toy_registered() -> Iterator[None]:
    with registered():
        yield


test_conformance = conformance_test(
    "toy", games=12, chunks=1, deep_every=1, variants=[*((p, p, {}) for p in ToyGame.presets), *MIXED]
)


CONCEDING = [("veto", {"players": 5, "cards": 15}), *[(v[1], {**v[2], "concede": True}) for v in MIXED]]


@pytest.mark.parametrize(("preset", "options"), CONCEDING)
def test_concessions_keep_every_card_and_rank_the_leavers_last(preset: str, options: dict[str, object]) -> None:
    game = ToyGame(preset=preset, **options)
    rng = random.Random(7)
    for seed in range(30):
        state = game.new_game(seed)
        census, left = state.census(), list[int]()
        while not state.is_over:
            if rng.random() < 0.1 and len(left) < game.players - 1:
                seat = rng.choice([s for s in range(game.players) if s not in left])
                state, left = state.concede(seat), [*left, seat]
                with pytest.raises(IllegalAction, match="game is over" if state.is_over else "left the game already"):
                    state.concede(seat)
            else:
                seat = rng.choice(state.to_act)
                state = state.apply(seat, rng.choice(state.legal_actions(seat)))
            assert state.census() == census and not set(left) & set(state.to_act)
            for seat in range(game.players):
                view = state.view(seat)
                assert game.sample(json.loads(json.dumps(view)), rng).view(seat) == view
        assert state.outcome is not None
        assert [group for group in state.outcome.ranking[len(state.outcome.ranking) - len(left) :]] == [
            (s,) for s in reversed(left)
        ]


def test_a_two_seat_game_and_a_game_without_the_rule_refuse_a_concession() -> None:
    with pytest.raises(IllegalAction, match="two-seat"):
        ToyGame(preset="veto", players=2).new_game(1).concede(0)
    with pytest.raises(IllegalAction, match="no rule for a seat leaving"):
        ToyGame(players=3).new_game(1).concede(0)


def test_too_few_cards_for_the_hands_is_refused() -> None:
    with pytest.raises(InvalidOptions, match="5 seats of 3 cards need 15 cards"):
        ToyGame(preset="veto", players=5)
