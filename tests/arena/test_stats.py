"""The arena's statistics on hand-made result sets equal values worked out by hand (in the comments)."""

from __future__ import annotations

import math

import pytest

from cardroom.arena.match import GameRecord
from cardroom.arena.ratings import ELO
from cardroom.arena.stats import summarize, wilson


def rec(
    rotation: int,
    seats: tuple[int, ...],
    winners: tuple[int, ...],
    ranking: tuple[tuple[int, ...], ...],
    steps: int = 10,
    decisions: tuple[int, ...] = (),
    think: tuple[float, ...] = (),
    worst: tuple[float, ...] = (),
    deal: int = 0,
    matchup: int = 0,
) -> GameRecord:
    n = len(seats)
    return GameRecord(
        matchup,
        deal,
        rotation,
        seats,
        winners,
        ranking,
        "test",
        steps,
        decisions or (1,) * n,
        think or (0.0,) * n,
        worst or (0.0,) * n,
    )


# Two bots, A (0) and B (1), two duplicate deals of two rotations each.
TWO = [
    rec(0, (0, 1), (0,), ((0,), (1,)), 10, (5, 5), (0.5, 0.05), (0.2, 0.02), deal=0),  # A wins
    rec(1, (1, 0), (1,), ((1,), (0,)), 20, (10, 10), (0.1, 1.0), (0.05, 0.3), deal=0),  # A (seat 1) wins
    rec(0, (0, 1), (1,), ((1,), (0,)), 30, (15, 15), (1.5, 0.15), (0.4, 0.01), deal=1),  # B wins
    rec(1, (1, 0), (0, 1), ((0, 1),), 40, (20, 20), (0.2, 2.0), (0.03, 0.5), deal=1),  # a tie: half each
]


def test_wilson_matches_the_formula_worked_by_hand() -> None:
    # p = 0.625, n = 4, z = 1.96: centre = (p + z²/2n) / (1 + z²/n) = 1.105183 / 1.960364 = 0.563766,
    # half = z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n) = 1.96·0.344408 / 1.960364 = 0.344340.
    low, high = wilson(2.5, 4)
    assert low == pytest.approx(0.219426, abs=1e-4)
    assert high == pytest.approx(0.908106, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_two_seat_summary() -> None:
    s = summarize(TWO, ["A", "B"], players=2)
    row = s["matchups"][0]
    assert row["games"] == 4
    assert row["score"] == 2.5  # 1 + 1 + 0 + 0.5
    assert row["win_rate"] == 0.625
    assert row["wilson95"] == pytest.approx([0.219426, 0.908106], abs=1e-4)
    assert row["opponent_win_rate"] == 0.375
    assert row["mean_steps"] == 25.0
    assert row["curve"] == [1.0, 1.0, 2 / 3, 2.5 / 4]
    assert s["head_to_head"] == [[None, 0.625], [0.375, None]]
    # Seat 0 won game 1, lost 2 and 3, tied 4: 1.5 of 4. Seat 1: 2.5 of 4.
    assert [x["win_rate"] for x in s["seats"]] == [0.375, 0.625]
    assert s["mean_steps"] == 25.0
    # A thought 0.5 + 1.0 + 1.5 + 2.0 = 5 s over 5 + 10 + 15 + 20 = 50 decisions; slowest 0.5 s.
    assert s["timing"][0] == {"bot": "A", "decisions": 50, "mean_ms": pytest.approx(100.0), "worst_ms": 500.0}
    assert s["timing"][1] == {"bot": "B", "decisions": 50, "mean_ms": pytest.approx(10.0), "worst_ms": 50.0}
    # Pairwise: A beat B in games 1, 2 and half of 4 (2.5); B beat A in 3 and half of 4 (1.5).
    assert s["pairwise_wins"] == [[0.0, 2.5], [1.5, 0.0]]
    # Plackett-Luce with two bots is Bradley-Terry. The tie counts as two choices from {A, B}, one won
    # by each (Breslow), so A won 3 of 5 choices and B 2. The weak prior (one virtual game against a
    # reference of strength 1, half won) pulls the estimate in from the raw ln(3/2), never past it.
    a, b = s["ratings"]
    assert 0 < a["elo"] < ELO * math.log(3 / 2) / 2
    assert b["elo"] == pytest.approx(-a["elo"])
    assert a["low95"] < a["elo"] < a["high95"] and a["note"] is None


def test_four_seat_one_against_the_field() -> None:
    # Matchup 0 is A alone against three B's; rotation r puts A at seat (4 - r) % 4.
    games = [
        rec(0, (0, 1, 1, 1), (0,), ((0,), (1, 2, 3))),  # A wins
        rec(1, (1, 1, 1, 0), (0,), ((0,), (1, 2, 3))),  # a B wins; A ties the other B's for 2nd
        rec(2, (1, 1, 0, 1), (2,), ((2,), (0, 1, 3))),  # A wins
        rec(3, (1, 0, 1, 1), (2, 3), ((2, 3), (0, 1))),  # two B's share the win
    ]
    s = summarize(games, ["A", "B"], players=4)
    row = s["matchups"][0]
    assert row["label"] == "A vs 3× B"
    assert row["win_rate"] == 0.5 and row["fair_share"] == 0.25
    assert row["wilson95"] == pytest.approx(list(wilson(2, 4)))
    assert row["opponent_win_rate"] == pytest.approx(2 / 12)  # B's 0 + 1 + 0 + 1 over 12 seat-games
    assert s["matchups"][1]["games"] == 0  # B alone against three A's was not played here
    assert s["head_to_head"] == [[None, 0.5], [None, None]]  # so its cell is empty, not 0%
    # A over B: 3 (game 1) + 1 (two ties in game 2) + 3 (game 3) + 0.5 (one tie in game 4) = 7.5;
    # B over A: 2 (game 2: one win, two ties) + 2.5 (game 4: two wins, one tie) = 4.5.
    assert s["pairwise_wins"] == [[0.0, 7.5], [4.5, 0.0]]
    assert [x["win_rate"] for x in s["seats"]] == [0.5, 0.0, 0.375, 0.125]
