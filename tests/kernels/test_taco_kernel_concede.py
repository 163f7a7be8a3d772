"""T.A.C.O.'s kernel at a table where a seat left (concede.py): after the concession it plays exactly
like the reference engine (the empty chair skipped, dealt nothing, nothing played into its taco, its
answers given), and its search chooses only moves the reference allows.

It used to offer plays into the conceded seat's taco (seed 4, seat 1 leaving at step 12), so the
analysis fell back to the reference's rollouts there."""

from __future__ import annotations

import math
import random

import pytest

import cardroom
from cardroom.core.game import Game, State
from cardroom.games.taco.game import TacoGame
from cardroom.games.taco.kernel import GONE
from cardroom.games.taco.kernel_api import COMPILED, Searcher, Settings
from cardroom.games.taco.kernel_check import play_conceding
from cardroom.games.taco.kernel_codec import encode
from cardroom.games.taco.state import TacoState


def seat_one_leaves_at_twelve(game: Game) -> tuple[random.Random, State]:
    """Seed 4 played at random to step 12, then seat 1 concedes (the game that showed the bug); the
    random stream goes on for the caller."""
    rng, state = random.Random(4), game.new_game(4)
    while state.step < 12:
        seat = state.to_act[0]
        state = state.apply(seat, str(rng.choice(state.legal_actions(seat))))
    return rng, state.apply(1, "concede")


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_kernel_plays_on_after_a_concession_exactly_like_the_reference(players: int, policy: str) -> None:
    game = cardroom.make("taco", players=players)
    assert isinstance(game, TacoGame)
    counts = play_conceding(game, 4, policy, (1, 12))
    assert (
        counts.actions > 50 and counts.legal_sets >= counts.actions
    )  # the rest of the game, every seat to act compared


def test_the_empty_chair_is_in_the_kernel_state_and_its_search_stays_legal() -> None:
    game = cardroom.make("taco", players=3)
    rng, state = seat_one_leaves_at_twelve(game)
    assert isinstance(state, TacoState) and encode(state)[GONE] == 1 << 1  # seat 1 left
    searcher = Searcher(game)
    checked = 0
    while not state.is_over and checked < 6:
        seat = state.to_act[0]
        assert seat != 1  # the empty chair is never asked: it answers inside the step that asks it
        legal = [str(a) for a in state.legal_actions(seat)]
        if len(legal) > 1:  # the reference allows nothing into seat 1's taco; the search chooses among those
            found = searcher.search(
                state.view(seat),
                random.Random(checked),
                Settings(iterations=256 if COMPILED else 32, deadline=math.inf, paired=True),
            )
            assert found.action in legal, (found.action, legal)
            checked += 1
        state = state.apply(seat, str(rng.choice(legal)))
    assert checked == 6


def test_an_imagined_world_keeps_the_empty_chair_empty() -> None:
    """The analysis imagines the hidden cards from a seat's view; after a concession every such world
    must still have the seat gone, or the kernel and the rollouts would play a game nobody plays."""
    from cardroom.games.taco.concede import ConcededTacoState

    game = cardroom.make("taco", players=3)
    _, state = seat_one_leaves_at_twelve(game)
    seat = state.to_act[0]
    world = game.sample(state.view(seat), random.Random(0))
    assert isinstance(world, ConcededTacoState) and world.gone == (1,)
    assert encode(world)[GONE] == 1 << 1
    assert {str(a) for a in world.legal_actions(seat)} == {str(a) for a in state.legal_actions(seat)}
