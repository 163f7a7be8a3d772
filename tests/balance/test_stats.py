"""The lab's statistics against values worked out by hand (or printed in the papers that define them)."""

from __future__ import annotations

import math

import pytest

from cardroom.balance.stats import (
    card_values,
    limits,
    mean_diff,
    newcombe,
    quantile,
    seat_advantage,
    spread,
    turns_per_player,
)


def test_quantiles_interpolate_between_order_statistics() -> None:
    assert quantile([4, 1, 3, 2], 0.5) == 2.5
    assert quantile([1, 2, 3, 4, 5], 0.95) == pytest.approx(4.8)  # 0.95 * 4 = 3.8: 4 + 0.8 * (5 - 4)
    assert quantile([7], 0.95) == 7
    assert math.isnan(quantile([], 0.5))
    s = spread([1.0, 2.0, 3.0, 10.0])
    assert (s["median"], s["mean"], s["max"]) == (2.5, 4.0, 10.0)


def test_newcombe_difference_interval_matches_the_paper() -> None:
    # Newcombe (1998), Statistics in Medicine 17:873, example (a): 56/70 - 48/80, method 10.
    d, low, high = newcombe(56, 70, 48, 80)
    assert d == pytest.approx(0.2)
    assert low == pytest.approx(0.0524, abs=5e-4) and high == pytest.approx(0.3339, abs=5e-4)
    d, low, high = newcombe(9, 10, 3, 10)  # example (c)
    assert low == pytest.approx(0.1705, abs=5e-4) and high == pytest.approx(0.8090, abs=5e-4)
    # Equal shares: the difference is 0 and the interval symmetric around it (Wilson 5/10 = .2366-.7634).
    d, low, high = newcombe(5, 10, 5, 10)
    assert d == 0 and low == pytest.approx(-math.sqrt(2) * (0.5 - 0.23659), abs=1e-4) and high == -low


def test_mean_difference_interval_by_hand() -> None:
    d, low, high = mean_diff([1.0, 2.0, 3.0], [1.0, 1.0, 1.0])
    # mean 2 - 1; variance of a is 1, of b is 0: half-width 1.96 * sqrt(1/3) = 1.1316
    assert d == 1.0 and low == pytest.approx(1 - 1.1316, abs=1e-4) and high == pytest.approx(1 + 1.1316, abs=1e-4)


def _game(first: int, winners: list[int], **extra: object) -> dict[str, object]:
    base: dict[str, object] = {
        "first": first,
        "winners": winners,
        "limited": False,
        "rounds": 1,
        "limited_rounds": 0,
        "reason": "done",
        "turns": 10,
        "actions": 40,
        "scores": None,
    }
    base.update(extra)
    return base


def test_seat_advantage_counts_by_turn_order_and_splits_ties() -> None:
    games = [_game(1, [1]), _game(0, [0, 1]), _game(1, [0])]
    first, second = seat_advantage(games, 2)
    # game 1: the first player won; game 2: a tie (half each); game 3: the second player won
    assert first["win_share"] == pytest.approx(1.5 / 3) and second["win_share"] == pytest.approx(1.5 / 3)
    assert first["fair_share"] == 0.5
    assert first["wilson95"][0] < 0.5 < first["wilson95"][1]


def test_limits_count_games_and_rounds() -> None:
    games = [_game(0, [0]), _game(0, [1], limited=True, rounds=3, limited_rounds=2, reason="cap"), _game(1, [1])]
    lim = limits(games)
    assert (lim["games_limited"], lim["share"], lim["rounds"], lim["rounds_limited"]) == (1, 1 / 3, 5, 2)
    assert lim["round_share"] == pytest.approx(0.4) and lim["reasons"] == {"cap": 1}


def test_turns_per_player_uses_rounds_when_there_are_some() -> None:
    assert turns_per_player({"round_info": [{"turns": 30}, {"turns": 12}], "turns": 42}, 3) == [10.0, 4.0]
    assert turns_per_player({"turns": None}, 2) == []


def test_card_value_compares_holders_with_the_seats_without_the_card() -> None:
    # Two 2-player games. "ace" is in seat 0's opening hand in both; seat 0 wins game 1 and loses game 2.
    g1 = _game(0, [0], scores=[6.0, 2.0], opening=[["ace"], ["dud"]], played=[["ace"], []])
    g2 = _game(0, [1], scores=[3.0, 5.0], opening=[["ace"], ["dud"]], played=[[], ["dud"]])
    rows = {r["card"]: r for r in card_values([g1, g2], 2)}
    ace = rows["ace"]["opening"]
    assert ace["seats"] == 2 and ace["win_effect"] == pytest.approx(0.5 - 0.5)
    # margins (score - table mean): holders +2 and -1 (mean 0.5); the others -2 and +1 (mean -0.5)
    assert ace["points_effect"] == pytest.approx(1.0)
    played = rows["ace"]["played"]
    assert played["seats"] == 1 and played["win_effect"] == pytest.approx(1.0 - 1 / 3)
    assert rows["ace"]["games_played"] == 1 and rows["dud"]["share_of_games_played"] == 0.5
