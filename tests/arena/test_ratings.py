"""Plackett-Luce ratings recover bots of known strength, with intervals of the right width."""

from __future__ import annotations

import math
import random

from cardroom.arena.match import GameRecord
from cardroom.arena.ratings import ELO, ratings

TRUE_THETA = (0.0, 0.6, 1.2)  # three bots of known strength: 0, +104 and +208 Elo apart


def plackett_luce_game(rng: random.Random, seats: tuple[int, ...], theta: tuple[float, ...], deal: int) -> GameRecord:
    """One finishing order drawn from the model itself: each place chosen in proportion to exp(theta)."""
    left = list(range(len(seats)))
    order = []
    while left:
        weights = [math.exp(theta[seats[s]]) for s in left]
        pick = rng.choices(left, weights)[0]
        order.append((pick,))
        left.remove(pick)
    n = len(seats)
    return GameRecord(0, deal, 0, seats, order[0], tuple(order), "simulated", 1, (1,) * n, (0.0,) * n, (0.0,) * n)


def simulate(games: int, players: int, seed: int, theta: tuple[float, ...] = TRUE_THETA) -> list[GameRecord]:
    rng = random.Random(seed)
    bots = len(theta)
    return [
        plackett_luce_game(rng, tuple(rng.randrange(bots) for _ in range(players)), theta, deal)
        for deal in range(games)
    ]


def _true_elo(theta: tuple[float, ...]) -> list[float]:
    mean = sum(theta) / len(theta)
    return [(t - mean) * ELO for t in theta]


def test_four_seat_games_recover_the_known_strengths() -> None:
    found = ratings(simulate(800, 4, seed=1), 3, replicates=100)
    for rating, truth in zip(found, _true_elo(TRUE_THETA)):
        assert rating["low95"] <= truth <= rating["high95"], (rating, truth)
        assert abs(rating["elo"] - truth) < 40
    assert [r["elo"] for r in found] == sorted(r["elo"] for r in found)


def test_the_bootstrap_error_matches_the_spread_across_repeated_tournaments() -> None:
    # Twenty independent tournaments of 150 four-seat games: the spread of the estimates is the true
    # error; the bootstrap, seeing only one tournament, must report about that much (not the ~half a
    # count of independent pairs would). Checked on the strongest bot's distance from the mean.
    estimates, reported = [], []
    for seed in range(20):
        found = ratings(simulate(150, 4, seed=100 + seed), 3, replicates=60)
        estimates.append(found[2]["elo"])
        reported.append(found[2]["se"])
    mean = sum(estimates) / len(estimates)
    spread = math.sqrt(sum((e - mean) ** 2 for e in estimates) / (len(estimates) - 1))
    typical = sum(reported) / len(reported)
    assert 0.6 < typical / spread < 1.6, (typical, spread)


def test_a_bot_that_never_wins_gets_a_bound_and_does_not_widen_the_others() -> None:
    base = simulate(400, 4, seed=7)
    # A fourth bot that always finishes last, seated in extra games on deals of their own.
    rng = random.Random(8)
    extra = []
    for deal in range(400, 500):
        seats = (3, *(rng.randrange(3) for _ in range(3)))
        game = plackett_luce_game(rng, seats[1:], TRUE_THETA, deal)
        order = (*((s[0] + 1,) for s in game.ranking), (0,))
        extra.append(GameRecord(0, deal, 0, seats, order[0], order, "simulated", 1, (1,) * 4, (0.0,) * 4, (0.0,) * 4))
    without = ratings(base, 4, replicates=80)
    with_loser = ratings(base + extra, 4, replicates=80)
    loser = with_loser[3]
    assert loser["low95"] is None and loser["high95"] is not None and "upper bound" in str(loser["note"])
    for a, b in zip(without[:3], with_loser[:3]):
        width_before = a["high95"] - a["low95"]
        width_after = b["high95"] - b["low95"]
        assert width_after < 1.25 * width_before, (a, b)


def test_the_same_records_give_the_same_table() -> None:
    records = simulate(100, 3, seed=3)
    assert ratings(records, 3, replicates=30) == ratings(list(reversed(records)), 3, replicates=30)
