"""Conceding: a seat leaves like an exploded player, at any moment, and the others play on."""

from __future__ import annotations

import random

import pytest

import cardroom
from cardroom.core.errors import IllegalAction
from cardroom.games.kittens.pending import PLACE, WINDOW
from cardroom.games.kittens.state import KittensState


def _play_with_concessions(players: int, preset: str, seed: int) -> tuple[int, set[str]]:
    """Random play in which seats concede at random moments; returns the concessions and phases seen."""
    game = cardroom.make("exploding-kittens", players=players, preset=preset)
    state = game.new_game(seed)
    rng = random.Random(seed)
    census = dict(state.census())
    conceded, phases = 0, set()
    actions: list[tuple[int, str]] = []
    while not state.is_over:
        assert isinstance(state, KittensState)
        if rng.random() < 0.04:
            seat = rng.choice(state.living())
            phases.add(state.phase)
            before_out, before_hand = state.out, state.hands[seat]
            state = state.apply(seat, "concede")
            assert isinstance(state, KittensState)
            # The hand goes where an exploded player's goes under the preset: discarded face up,
            # or set aside with the seat, out of the game.
            kept = () if game.options["exploded_cards"] == "discard" else before_hand
            assert state.out == (*before_out, seat) and state.hands[seat] == kept
            assert seat not in state.to_act
            actions.append((seat, "concede"))
            conceded += 1
        else:
            seat = rng.choice(state.to_act)
            act = rng.choice(state.legal_actions(seat))
            # Nobody ever gets to act for a seat that left, nor aim a play at it.
            if act.verb in ("favor", "pair", "triple"):
                assert int(act.args[-1]) not in state.out
            state = state.apply(seat, act)
            actions.append((seat, str(act)))
        assert dict(state.census()) == census  # every card is still somewhere
        for out in state.out:
            assert out not in state.to_act
    outcome = state.outcome
    assert outcome is not None and len(outcome.winners) == 1 and outcome.winners[0] not in state.out
    # The stored sequence, concessions included, replays to the very same game.
    again = game.replay(seed, actions)
    assert again.to_json() == state.to_json()
    return conceded, phases


@pytest.mark.parametrize(("players", "preset"), [(3, "classic"), (5, "current"), (4, "classic")])
def test_random_concessions_keep_the_game_whole_and_replayable(players: int, preset: str) -> None:
    total, phases = 0, set()
    for seed in range(25):
        conceded, seen = _play_with_concessions(players, preset, seed)
        total += conceded
        phases |= seen
    assert total > 20
    assert WINDOW in phases  # conceding while a Nope window is open was exercised


def test_concession_ends_the_turn_like_an_explosion_and_the_last_one_left_wins() -> None:
    game = cardroom.make("exploding-kittens", players=3)
    state = game.new_game(11)
    current = state.to_act[0]
    after = state.apply(current, "concede")
    assert isinstance(after, KittensState)
    assert after.to_act == (after.next_living(current),) and after.owed == 1
    assert after.legal_actions(current) == ()
    texts = [e.text for e in after.events()]
    assert f"P{current} concedes" in texts
    last = after.apply(after.to_act[0], "concede")
    assert last.is_over and last.outcome is not None
    (winner,) = last.outcome.winners
    assert winner not in (current, after.to_act[0])
    assert last.outcome.ranking[-1] == (current,)  # the first to leave ranks last


def test_a_defused_kitten_being_placed_leaves_with_the_player() -> None:
    game = cardroom.make("exploding-kittens", players=3)
    for seed in range(200):
        state = game.new_game(seed)
        rng = random.Random(seed)
        while not state.is_over and state.phase != PLACE:  # type: ignore[attr-defined]
            seat = rng.choice(state.to_act)
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over:
            break
    assert isinstance(state, KittensState) and state.phase == PLACE
    kittens_before = state.census()["exploding-kitten"]
    after = state.apply(state.current, "concede")
    assert isinstance(after, KittensState)
    assert after.census()["exploding-kitten"] == kittens_before
    assert after.phase != PLACE and after.current != state.current


def test_concede_is_never_a_legal_action_and_is_refused_when_it_cannot_happen() -> None:
    game = cardroom.make("exploding-kittens", players=3)
    assert all(a.verb != "concede" for a in game.action_space())
    state = game.new_game(3)
    assert all(str(a) != "concede" for s in range(3) for a in state.legal_actions(s))
    after = state.apply(1, "concede")
    with pytest.raises(IllegalAction, match="already out"):
        after.apply(1, "concede")
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply(7, "concede")


def test_a_game_with_a_concession_can_be_analysed_for_the_seat_that_gave_up() -> None:
    from cardroom.analysis.walk import analyse_game

    game = cardroom.make("exploding-kittens", players=3)
    state, rng, actions = game.new_game(7), random.Random(1), []
    conceder = state.to_act[0]
    while not state.is_over:
        seat = state.to_act[0]
        choice = "concede" if seat == conceder and len(actions) >= 4 else str(rng.choice(state.legal_actions(seat)))
        if choice == "concede" and any(a == "concede" for _, a in actions):
            choice = str(rng.choice(state.legal_actions(seat)))
        actions.append((seat, choice))
        state = state.apply(seat, choice)
    result = analyse_game(game, 7, actions, conceder, prior_games=4)
    mine = [i for i, (s, a) in enumerate(actions) if s == conceder and a != "concede"]
    assert result.decisions and len(result.decisions) <= len(mine)
