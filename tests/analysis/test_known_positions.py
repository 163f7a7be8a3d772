"""Positions whose best move is known exactly: the analysis must call it best and the other a blunder."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from cardroom.analysis import Precision, evaluate, label
from cardroom.analysis.engines import rollouts_for
from cardroom.analysis.judge import judge_for
from cardroom.bots.policy import make_policy
from cardroom.core.game import State
from tests.games.kittens.table import table
from tests.games.tacocat.table import position


def _minimax(state: State, seat: int) -> float:
    """The exact value for ``seat`` when every move is searched (the other side knowing everything)."""
    if state.is_over:
        assert state.outcome is not None
        return 1.0 if seat in state.outcome.winners else 0.0
    acting = state.to_act[0]
    values = [_minimax(state.apply(acting, a), seat) for a in state.legal_actions(acting)]
    return max(values) if acting == seat else min(values)


def _exact_tacocat_values() -> dict[str, float]:
    """YAY holds 3 and 9 and attacks in the last round (Tacocat on space 1, every other space covered,
    so the round decides the game). 1 and 2 are face up. Enumerate every hand of two cards WOW could
    hold, equally likely from YAY's view, with WOW answering perfectly."""
    game = position("3 9", "5 8", "attack:Y", track="YT######W", discard="1 2").game
    unseen = Counter(game.deck_cards) - Counter([3, 9, 1, 2])  # type: ignore[attr-defined]
    pool = list(unseen.elements())
    totals = {"attack 3": 0.0, "attack 9": 0.0}
    hands = list(itertools.combinations(range(len(pool)), 2))
    for i, j in hands:
        wow = f"{pool[i]} {pool[j]}"
        state = position("3 9", wow, "attack:Y", track="YT######W", discard="1 2")
        for act in totals:
            totals[act] += _minimax(state.apply(0, act), 0)
    return {act: total / len(hands) for act, total in totals.items()}


@pytest.mark.parametrize("engine", ["reference", "kernel"])
def test_tacocat_endgame_solved_by_enumeration(engine: str) -> None:
    exact = _exact_tacocat_values()
    # Attacking with the 9 keeps the 3, which no card WOW can hold goes under: a certain win.
    assert exact["attack 9"] == 1.0
    assert 0.05 < exact["attack 3"] < 0.2
    state = position("3 9", "5 8", "attack:Y", track="YT######W", discard="1 2")
    policy = make_policy(state.game, "heuristic")
    rollouts = rollouts_for(state.game, engine, policy)
    est = evaluate(state.game, state.view(0), "attack 3", policy, random.Random(1), engine=rollouts)
    assert est.best.action == "attack 9"
    wins = {v.action: v.win for v in est.values}
    assert wins["attack 9"] == exact["attack 9"]
    # The heuristic defender can only do as well as perfect defence or worse for WOW; the estimate
    # is a mean over est.worlds imagined hands, so it is held to 3 of its standard errors.
    p = exact["attack 3"]
    noise = 3 * math.sqrt(p * (1 - p) / est.worlds)
    assert p - noise <= wins["attack 3"] <= p + 0.08 + noise
    low, high = est.loss_interval
    assert label(est.loss, low) == "blunder"
    assert high - low <= 0.1 + 1e-9  # the stated precision: +-5 points
    played_well = evaluate(state.game, state.view(0), "attack 9", policy, random.Random(1), engine=rollouts)
    assert played_well.best.action == "attack 9" and played_well.loss == 0.0
    assert label(played_well.loss, played_well.loss_interval[0]) == "best"


@pytest.mark.parametrize("engine", ["reference", "kernel"])
def test_kittens_drawing_is_certain_death_and_a_skip_is_held(engine: str) -> None:
    # The draw pile is one Exploding Kitten, the seat has no Defuse (every other one is set aside,
    # which the view shows), so drawing loses; the Skip makes the opponent draw it instead.
    state = table([["skip", "tacocat"], ["tacocat"]], ["exploding-kitten"])
    view = state.view(0)
    assert view["legal_actions"] == ["draw", "play skip"]
    policy = make_policy(state.game, "heuristic")
    rollouts = rollouts_for(state.game, engine, policy)
    est = evaluate(state.game, view, "draw", policy, random.Random(2), engine=rollouts)
    wins = {v.action: v.win for v in est.values}
    assert wins == {"draw": 0.0, "play skip": 1.0}
    assert est.best.action == "play skip"
    assert label(est.loss, est.loss_interval[0]) == "blunder"
    good = evaluate(state.game, view, "play skip", policy, random.Random(2), engine=rollouts)
    assert good.loss == 0.0 and label(good.loss, good.loss_interval[0]) == "best"


@pytest.mark.parametrize("yardstick", ["search", "rollout"])
def test_the_judges_find_the_known_best_moves(yardstick: str) -> None:
    """Both yardsticks the walk uses (the hard bot's search on the kernel, rollouts re-measured on
    fresh worlds) call the known blunders blunders, show a certain-death draw at 0%, and give the
    known best move no loss at all."""
    budget = Precision(search_playouts=1024)
    state = position("3 9", "5 8", "attack:Y", track="YT######W", discard="1 2")
    judge = judge_for(state.game, "auto", make_policy(state.game, "heuristic"), yardstick)[0]
    assert judge.name == yardstick
    bad = judge.estimate(state.view(0), "attack 3", 5, budget)
    assert bad.best.action == "attack 9" and label(bad.loss, bad.loss_interval[0]) == "blunder"
    good = judge.estimate(state.view(0), "attack 9", 5, budget)
    assert good.best.action == "attack 9" and good.loss == 0.0 and good.loss_interval == (0.0, 0.0)

    kittens = table([["skip", "tacocat"], ["tacocat"]], ["exploding-kitten"])
    judge = judge_for(kittens.game, "auto", make_policy(kittens.game, "heuristic"), yardstick)[0]
    death = judge.estimate(kittens.view(0), "draw", 5, budget)
    wins = {v.action: v.win for v in death.values}
    assert wins["draw"] == 0.0 and death.chosen_value.win == 0.0  # certain death, shown at 0%
    assert death.best.action == "play skip" and death.loss == pytest.approx(1.0, abs=0.05)
    assert label(death.loss, death.loss_interval[0]) == "blunder"
