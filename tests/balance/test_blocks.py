"""Seed blocks: the chi-square distribution, the heterogeneity tests, the verdicts, and the lab's warnings."""

from __future__ import annotations

import random

import pytest

from cardroom.balance.blocks import (
    block_seed,
    chi2_sf,
    mean_homogeneity,
    share_blocks,
    share_homogeneity,
    verdict,
)
from cardroom.balance.pooled import block_summary, compare_blocks


@pytest.mark.parametrize(
    "x,df,p",
    [
        (3.841458820694124, 1, 0.05),  # the familiar critical values, printed in every chi-square table
        (7.814727903251178, 3, 0.05),
        (11.344866730144373, 3, 0.01),
        (124.34211340400407, 100, 0.05),
        (0.5, 2, 0.7788007830714049),  # df 2: exactly exp(-x/2)
    ],
)
def test_chi_square_tail_matches_the_tables(x: float, df: int, p: float) -> None:
    assert chi2_sf(x, df) == pytest.approx(p, rel=1e-6)


def test_block_seeds_keep_the_run_seed_first_and_differ_after() -> None:
    seeds = [block_seed(7, b) for b in range(4)]
    assert seeds[0] == 7 and len(set(seeds)) == 4


def test_share_heterogeneity_fires_on_blocks_that_differ_and_not_on_blocks_that_agree() -> None:
    differ = share_homogeneity([580.0, 500.0, 500.0, 500.0], [1000] * 4)
    agree = share_homogeneity([505.0, 495.0, 510.0, 500.0], [1000] * 4)
    assert differ["differ"] and differ["p"] < 0.01 and differ["df"] == 3
    assert not agree["differ"] and agree["p"] > 0.5


def test_share_heterogeneity_on_simulated_blocks() -> None:
    """Blocks drawn from one share raise no alarm; blocks whose true shares differ by 6 points do."""
    rng = random.Random(1)

    def block(p: float) -> float:
        return float(sum(rng.random() < p for _ in range(2000)))

    same = [block(0.52) for _ in range(4)]
    mixed = [block(0.50), block(0.50), block(0.56), block(0.56)]
    assert not share_homogeneity(same, [2000] * 4)["differ"]
    assert share_homogeneity(mixed, [2000] * 4)["differ"]


def test_cochrans_q_by_hand() -> None:
    # Two estimates 0 and 1 with standard errors 0.1: pooled 0.5, Q = 2 * 0.5^2 / 0.01 = 50 on 1 df.
    out = mean_homogeneity([0.0, 1.0], [0.1, 0.1])
    assert out["pooled"] == pytest.approx(0.5) and out["statistic"] == pytest.approx(50.0) and out["differ"]
    quiet = mean_homogeneity([1.0, 1.02, 0.98], [0.1, 0.1, 0.1])
    assert not quiet["differ"] and quiet["p"] > 0.9
    exact = mean_homogeneity([0.0, 0.0], [0.0, 0.0])  # paired blocks that are identical: no difference at all
    assert exact["pooled"] == 0 and not exact["differ"]


def test_verdicts_say_within_outside_or_too_wide() -> None:
    assert verdict(0.495, 0.505, 0.5, 0.01) == "within"
    assert verdict(0.52, 0.54, 0.5, 0.01) == "outside"
    assert verdict(0.49, 0.53, 0.5, 0.01) == "too wide"


def _games(block: int, first_wins: int, n: int) -> list[dict[str, object]]:
    """Two-player games in which the first player (seat 0) won ``first_wins`` of ``n``."""
    return [
        {
            "block": block,
            "first": 0,
            "winners": [0] if i < first_wins else [1],
            "limited": False,
            "turns": 20,
            "actions": 50,
        }
        for i in range(n)
    ]


def test_the_lab_warns_when_blocks_disagree_and_stays_quiet_when_they_do_not() -> None:
    differ = [g for b, w in enumerate((1150, 1000, 1000, 1000)) for g in _games(b, w, 2000)]
    agree = [g for b, w in enumerate((1000, 1010, 995, 1005)) for g in _games(b, w, 2000)]
    loud = block_summary(differ, 2)
    quiet = block_summary(agree, 2)
    assert loud["seats"][0]["heterogeneity"]["differ"]
    assert any("seat 1 in turn order: the seed blocks disagree beyond chance" in w for w in loud["warnings"])
    assert not quiet["seats"][0]["heterogeneity"]["differ"]
    assert not any("disagree" in w for w in quiet["warnings"])
    # 8,000 games put the pooled interval at about +-1.1 points: too wide to call it within 1 point of fair
    assert quiet["seats"][0]["verdict"] == "too wide"
    assert not any("too wide" in w for w in quiet["warnings"])  # not a warning, and not one per seat:
    assert quiet["notes"] == [
        "8,000 games cannot say whether every seat is within 1 point of its fair share "
        "(the first seat's interval is ±1.1 points); about 9,604 games would narrow it to "
        "±1 (--games 9604)"
    ]


def test_a_share_far_from_fair_is_called_outside() -> None:
    s = share_blocks([5600.0] * 4, [10000] * 4, 0.5, 0.01)
    assert s["verdict"] == "outside" and s["share"] == pytest.approx(0.56)


def test_compare_blocks_pool_the_blocks_differences_and_test_them() -> None:
    a = [g for b in range(4) for g in _games(b, 1000, 2000)]
    same = compare_blocks(a, a, 2)
    assert all(r["diff"] == 0 and not r["differs"] and not r["heterogeneity"]["differ"] for r in same)
    b = [g for blk, w in enumerate((1000, 1000, 1300, 1300)) for g in _games(blk, w, 2000)]
    rows = {r["measure"]: r for r in compare_blocks(a, b, 2)}
    first = rows["first seat's win share"]
    assert first["differs"] and first["heterogeneity"]["differ"] and len(first["blocks"]) == 4
