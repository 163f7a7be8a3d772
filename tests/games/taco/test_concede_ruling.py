"""The room's ruling on leaving a T.A.C.O. match at three or more seats: the hand is discarded, the
taco destroyed with its points back in the pool, the seat skipped in the turn order and asked in no
window, ranked below every seat that stayed."""

from __future__ import annotations

import random

import pytest

import cardroom
from cardroom.core.game import State
from cardroom.games.taco.concede import ConcededTacoState
from cardroom.games.taco.state import TacoState


def _played(players: int, seed: int, steps: int) -> State:
    """A match played at random for ``steps`` steps, stopped with something in the first seat's taco
    if it can be."""
    state = cardroom.make("taco", players=players).new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("players", [3, 4, 8])
def test_the_hand_is_discarded_and_the_taco_destroyed_with_its_points_back(players: int) -> None:
    for seed in range(40):
        state = _played(players, seed, 30 + seed)
        assert isinstance(state, TacoState)
        seat = next((s for s in range(players) if len(state.tb.tacos[s]) > 1), None)
        if not state.is_over and seat is not None:
            break
    else:
        raise AssertionError("no match with an ingredient in a taco")
    before = state.view(None)
    hand = list(state.tb.hands[seat])
    taco_points = before["taco_points"][seat]
    after = state.apply(seat, "concede")
    assert isinstance(after, ConcededTacoState) and after.gone == (seat,)
    view = after.view(None)
    assert view["hand_sizes"][seat] == 0 and len(after.tb.tacos[seat]) == 1  # only the shell is left
    assert view["taco_points"][seat] == 0
    assert set(hand) <= set(after.tb.discard)
    assert view["pool"] == before["pool"] + taco_points or after.tb.round != state.tb.round
    assert after.census() == state.census()
    kinds = [e["kind"] for e in after.log(None)[len(state.log(None)) :]]
    assert kinds[:2] == ["concede", "discard_hand"] and (len(state.tb.tacos[seat]) == 1 or "destroyed" in kinds)


@pytest.mark.parametrize("players", [3, 4, 8])
def test_a_seat_that_left_is_skipped_asked_nothing_dealt_nothing_and_ranked_last(players: int) -> None:
    gone_first, gone_later = 1, players - 1
    for seed in range(3):
        game = cardroom.make("taco", players=players, rounds=2)
        state: State = game.new_game(seed).apply(gone_first, "concede")
        rng = random.Random(seed)
        actions: list[tuple[int, str]] = [(gone_first, "concede")]
        rounds_seen = set()
        while not state.is_over:
            assert isinstance(state, ConcededTacoState)
            rounds_seen.add(state.tb.round)
            for gone in state.gone:
                assert gone not in state.to_act  # never asked, in a window or anywhere else
                assert not state.tb.hands[gone]  # dealt nothing in later rounds either
            if len(actions) == 40 and players > 3:
                state = state.apply(gone_later, "concede")
                actions.append((gone_later, "concede"))
                continue
            seat = rng.choice(state.to_act)
            act = str(rng.choice(state.legal_actions(seat)))
            state = state.apply(seat, act)
            actions.append((seat, act))
        assert isinstance(state, ConcededTacoState) and state.outcome is not None
        # Skipped in the turn order: after its concession, no turn of that seat's begins.
        events = state.events()
        left_at = {e.data["seat"]: i for i, e in enumerate(events) if e.kind == "concede"}
        turns = [(i, e.data["seat"]) for i, e in enumerate(events) if e.kind == "turn"]
        assert all(not (seat in left_at and i > left_at[seat]) for i, seat in turns)
        assert len({seat for i, seat in turns if i > max(left_at.values())}) > 1 or state.tb.over
        ranking = state.outcome.ranking
        tail = tuple((s,) for s in reversed(state.gone))
        assert ranking[-len(state.gone) :] == tail and not set(state.outcome.winners) & set(state.gone)
        assert game.replay(seed, actions).to_json() == state.to_json()
        assert rounds_seen == {1, 2} or state.tb.over


def test_at_two_seats_the_other_seat_wins() -> None:
    state = cardroom.make("taco", players=2).new_game(5).apply(0, "concede")
    assert state.is_over and state.outcome is not None and state.outcome.winners == (1,)
