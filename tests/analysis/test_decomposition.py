"""start + luck - losses = result, exactly, for both seats of games of every game (a heuristic bot
against a random player), with every win chance inside 0-100% and every loss zero or positive."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardroom
from cardroom.analysis import LABELS, Precision, analyse_game
from cardroom.analysis.words import HIDDEN
from cardroom.bots.policy import make_policy
from cardroom.core.game import Game

# Small budgets: the bookkeeping is what is checked here; bench/ measures the verdicts themselves.
SMALL = Precision(half_width=0.1, min_worlds=8, max_worlds=16, batch=8, search_playouts=192, min_runs=2, max_runs=3)
GAMES = [
    ("tacocat", {}),
    ("exploding-kittens", {"players": 2}),
    ("exploding-kittens", {"players": 3}),
    ("taco", {"players": 4}),
]


def mixed_game(game: Game, seed: int) -> list[tuple[int, str]]:
    """A game of the heuristic (even seats) against a random player (odd seats)."""
    policies = [make_policy(game, "heuristic" if s % 2 == 0 else "random") for s in range(game.players)]
    rng = random.Random(seed)
    state, actions = game.new_game(seed), []
    while not state.is_over:
        seat = state.to_act[0]
        text = policies[seat].move(state, seat, rng)
        actions.append((seat, text))
        state = state.apply(seat, text)
    return actions


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_decomposition_adds_up_exactly_for_every_game(name: str, options: dict[str, Any]) -> None:
    game = cardroom.make(name, **options)
    actions = mixed_game(game, 11)
    for seat in (0, 1):
        a = analyse_game(game, 11, actions, seat, precision=SMALL, prior_games=64)
        assert a.engine == "kernel" and a.yardstick.startswith("ISMCTS")
        assert a.decisions, "every seat has decisions in these games"
        # The identity, term by term: nothing else enters (the JSON's headroom and drift are 0).
        assert a.start + a.total_luck - a.total_loss == pytest.approx(a.result, abs=1e-9)
        data = a.to_json()
        assert data["headroom"] == 0.0 and data["drift"] == 0.0
        # Term by term: the deal, then one luck entry per action of the game (whoever acted), except
        # that a run of the others' hidden choices is one entry named as such; each entry starts where
        # the one before it (or the decision before it) ended.
        covered = [step for x in a.luck for step in range(x.first_step, x.last_step + 1)]
        assert covered == [-1, *range(len(actions))]
        assert all(x.events == [HIDDEN] for x in a.luck if x.first_step < x.last_step)
        chain, decisions = a.start, iter(a.decisions)
        decision = next(decisions, None)
        for luck in a.luck:
            while decision is not None and luck.last_step >= decision.step:
                assert decision.win_before == chain
                assert decision.win_before - decision.win_after == pytest.approx(decision.loss, abs=1e-12)
                assert decision.loss >= 0.0 and decision.label in LABELS
                assert (decision.loss > 0) == (decision.label != "best")
                chain, decision = decision.win_after, next(decisions, None)
            assert luck.first_step <= luck.last_step and luck.before == chain and 0.0 <= luck.after <= 1.0
            assert not luck.quiet or luck.change == 0.0
            chain = luck.after
        assert decision is None and chain == a.result
        assert any(not x.quiet and x.change != 0.0 for x in a.luck[1:-1]), "events between checkpoints are valued"
        for decision in a.decisions:
            assert 0.0 <= decision.win_after <= decision.win_before <= 1.0
            assert all(0.0 <= v.win <= 1.0 for v in decision.estimate.values)
        # The headline states both parts in words, on 0-100% scales, and the printed identity adds up.
        data = a.to_json()
        assert a.summary().startswith(f"Your accuracy {data['headline']['accuracy']:.0f}% over")
        i = data["headline"]["identity"]
        assert i["start"] + i["luck"] - i["play"] == i["result"]


def test_a_seat_that_plays_the_yardsticks_choice_loses_nothing() -> None:
    """Where the seat played the search's own choice, the loss is exactly 0 (no best-of-noisy bias)."""
    game = cardroom.make("exploding-kittens", players=2)
    actions = mixed_game(game, 4)
    a = analyse_game(game, 4, actions, 0, precision=SMALL, prior_games=64)
    agreed = [d for d in a.decisions if d.best == d.chosen]
    assert agreed
    for d in agreed:
        assert d.estimate.measured == (0.0, 0.0) and d.loss == 0.0 and d.label == "best"
