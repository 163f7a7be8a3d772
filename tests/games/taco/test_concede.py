"""Conceding a T.A.C.O. match: the seat becomes an empty chair and the others play on."""

from __future__ import annotations

import random

import pytest

import cardroom
from cardroom.core.errors import IllegalAction
from cardroom.games.taco.concede import ConcededTacoState


def _game_with_concessions(players: int, seed: int, antics: bool) -> ConcededTacoState | None:
    game = cardroom.make("taco", players=players, antics=antics)
    state = game.new_game(seed)
    rng = random.Random(seed)
    census = dict(state.census())
    actions: list[tuple[int, str]] = []
    while not state.is_over:
        gone = getattr(state, "gone", ())
        assert not set(gone) & set(state.to_act)  # an empty chair is never waited on
        if rng.random() < 0.02 and len(gone) < players - 1:
            seat = rng.choice([s for s in range(players) if s not in gone])
            state = state.apply(seat, "concede")
            actions.append((seat, "concede"))
        else:
            seat = rng.choice(state.to_act)
            act = rng.choice(state.legal_actions(seat))
            state = state.apply(seat, act)
            actions.append((seat, str(act)))
        assert dict(state.census()) == census
        assert state.step == len(actions)  # a concession and the chairs' answers it sets off: one step
    again = game.replay(seed, actions)
    assert again.to_json() == state.to_json()
    loaded = game.load(state.to_json())  # a saved position keeps its empty chairs
    assert loaded.to_json() == state.to_json() and loaded.outcome == state.outcome
    return state if isinstance(state, ConcededTacoState) else None


@pytest.mark.parametrize(("players", "antics"), [(3, False), (4, True)])
def test_empty_chairs_rank_last_and_the_game_replays(players: int, antics: bool) -> None:
    conceded = 0
    for seed in range(6):
        state = _game_with_concessions(players, seed, antics)
        if state is None:
            continue
        conceded += len(state.gone)
        outcome = state.outcome
        assert outcome is not None
        tail = outcome.ranking[-len(state.gone) :]
        assert tail == tuple((s,) for s in reversed(state.gone))
        assert not set(outcome.winners) & set(state.gone)
        assert state.view(0)["conceded"] == list(state.gone)
    assert conceded >= 3


def test_the_last_player_in_wins_at_once() -> None:
    game = cardroom.make("taco", players=3)
    state = game.new_game(4)
    state = state.apply(0, "concede")
    assert not state.is_over and 0 not in state.to_act
    state = state.apply(2, "concede")
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == (1,) and state.outcome.ranking == ((1,), (2,), (0,))
    assert "conceded" in state.outcome.reason
    with pytest.raises(IllegalAction, match="over"):
        state.apply(1, "concede")


def test_concede_is_no_legal_action_and_a_seat_concedes_once() -> None:
    game = cardroom.make("taco", players=3)
    assert all(a.verb != "concede" for a in game.action_space())
    state = game.new_game(1).apply(2, "concede")
    assert all(a.verb != "concede" for s in state.to_act for a in state.legal_actions(s))
    with pytest.raises(IllegalAction, match="already conceded"):
        state.apply(2, "concede")
