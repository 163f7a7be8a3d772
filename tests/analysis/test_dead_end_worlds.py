"""A seat that explodes in Exploding Kittens, analysed on the reference engine (no Numba, or
`--engine reference`): the analysis finishes from both seats.

It used to fail with "this view has no legal action: the seat is not to act". In this game the other
seat plays five different icons; valuing the luck after its first card, the reference engine deals
worlds from the exploding seat's view, and some dealt hands cannot finish the five: that seat is to
act with no legal action, a world the real game never reaches. Such a world is dealt again."""

from __future__ import annotations

import random

import pytest

import cardroom
from cardroom.analysis import Precision, analyse_game
from cardroom.analysis.engines import ReferenceRollouts, world_scores
from cardroom.bots.policy import make_policy

TINY = Precision(half_width=0.5, min_worlds=4, max_worlds=4, batch=4)


def _drawing_game(seed: int) -> tuple[cardroom.Game, list[tuple[int, str]]]:
    """Seat 0 draws whenever it may (a person who never plays around a Kitten) against the heuristic."""
    game = cardroom.make("exploding-kittens", players=2)
    heuristic = make_policy(game, "heuristic")
    rng, state, actions = random.Random(seed), game.new_game(seed), []
    while not state.is_over:
        seat = state.to_act[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        text = (
            ("draw" if "draw" in legal else rng.choice(legal)) if seat == 0 else str(heuristic.move(state, seat, rng))
        )
        actions.append((seat, text))
        state = state.apply(seat, text)
    return game, actions


def test_an_explosion_analysed_on_the_reference_engine_from_both_seats() -> None:
    game, actions = _drawing_game(2)
    assert any(text.startswith("five ") for seat, text in actions if seat == 1)  # the case this pins
    final = game.replay(2, actions)
    assert final.outcome is not None and final.outcome.winners == (1,)  # seat 0 exploded
    for seat in (0, 1):
        a = analyse_game(game, 2, actions, seat, precision=TINY, prior_games=4, engine="reference",
                         yardstick="rollout")  # fmt: skip
        assert a.start + a.total_luck - a.total_loss == pytest.approx(a.result, abs=1e-9)
        assert a.result == float(seat == 1)


def test_a_dead_end_is_dealt_again_and_the_same_seed_gives_the_same_world() -> None:
    game, actions = _drawing_game(2)
    state = game.new_game(2)
    for seat, text in actions:  # to the first card of the other seat's five different icons
        if seat == 1 and text.startswith("five "):
            state = state.apply(seat, text)
            break
        state = state.apply(seat, text)
    view = state.view(0)
    policy = make_policy(game, "heuristic")
    values = [world_scores(game, view, ws, policy)[0] for ws in range(40)]
    assert values == [world_scores(game, view, ws, policy)[0] for ws in range(40)]
    assert all(v in (0.0, 1.0) for v in values)
    assert ReferenceRollouts(game, policy).hold(view, 7, 0, 20) == ReferenceRollouts(game, policy).hold(view, 7, 0, 20)
