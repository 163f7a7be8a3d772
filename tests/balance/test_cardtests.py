"""Many cards tested at once: p-values from intervals, Benjamini-Hochberg, and per-card differences."""

from __future__ import annotations

import math
from typing import Any

import pytest

from cardroom.balance.cardtests import benjamini_hochberg, compare_cards, correct, headline, p_value

# Benjamini & Hochberg (1995), section 4: fifteen p-values from a study of myocardial infarction; at
# q = 0.05 the procedure rejects the four smallest (Bonferroni would reject three).
PAPER = [
    0.0001,
    0.0004,
    0.0019,
    0.0095,
    0.0201,
    0.0278,
    0.0298,
    0.0344,
    0.0459,
    0.3240,
    0.4262,
    0.5719,
    0.6528,
    0.7590,
    1.0000,
]


def test_benjamini_hochberg_rejects_what_the_paper_rejects_with_the_adjusted_values_by_hand() -> None:
    q = benjamini_hochberg(PAPER)
    assert sum(1 for x in q if x < 0.05) == 4
    # q_(i) = min over j >= i of p_(j) * 15 / j, worked out by hand
    assert q[:5] == pytest.approx([0.0015, 0.003, 0.0095, 0.035625, 0.0603])
    assert q[-1] == 1.0 and q == sorted(q)  # monotone in p
    shuffled = [PAPER[i] for i in (7, 0, 14, 3, 1, 2, 4, 5, 6, 8, 9, 10, 11, 12, 13)]
    assert benjamini_hochberg(shuffled)[3] == pytest.approx(0.035625)  # kept in the order given


def test_chance_alone_gives_about_two_raw_flags_in_43_cards_and_none_survive() -> None:
    evenly = [i / 44 for i in range(1, 44)]  # 43 p-values spread as chance spreads them
    assert sum(1 for p in evenly if p < 0.05) == 2
    assert min(benjamini_hochberg(evenly)) == pytest.approx(43 / 44)


def test_a_p_value_read_off_an_interval_agrees_with_the_interval() -> None:
    se = 0.01
    assert p_value(1.959963984540054 * se, 0.0, 2 * 1.959963984540054 * se) == pytest.approx(0.05)
    assert p_value(0.0, -0.02, 0.02) == pytest.approx(1.0)
    assert p_value(0.03, 0.001, 0.08) < 0.05 < p_value(0.03, -0.001, 0.08)  # asymmetric (Newcombe) intervals
    assert p_value(0.0, 0.0, 0.0) == 1.0 and p_value(0.2, 0.2, 0.2) == 0.0  # exact figures
    assert p_value(0.1, None, 0.2) is None and p_value(0.1, -math.inf, math.inf) is None


def _row(card: str, observed: float, half: float, paired: float | None = None) -> dict[str, Any]:
    fig = {
        "seats": 100,
        "win_effect": observed,
        "win95": [observed - half, observed + half],
        "points_effect": 0.0,
        "points95": [-1.0, 1.0],
    }
    row: dict[str, Any] = {"card": card, "opening": fig, "played": None}
    if paired is not None:
        row["paired"] = {"blank": {**fig, "win_effect": paired, "win95": [paired - half, paired + half]}, "extra": None}
    return row


def test_correct_flags_only_what_survives_and_says_what_chance_gives() -> None:
    cards = [_row("gold", 0.30, 0.05)] + [_row(f"plain{i}", 0.01 * (i % 3 - 1), 0.05) for i in range(20)]
    families = correct(cards)
    observed = next(f for f in families if f["figure"] == "observed, opening hand")
    assert observed["tests"] == 21 and observed["flagged"] == ["gold"] and observed["raw"] == 1
    assert observed["by_chance"] == pytest.approx(1.05)
    assert cards[0]["opening"]["flagged"] and not any(c["opening"]["flagged"] for c in cards[1:])
    assert [f["figure"] for f in families] == ["observed, opening hand"]  # no paired figures measured


def test_the_headline_is_the_paired_value_where_it_has_an_interval() -> None:
    assert headline(_row("a", 0.1, 0.05, paired=0.2))[0] == "paired"
    assert headline(_row("b", 0.1, 0.05))[0] == "observed"
    unmeasured = _row("c", 0.1, 0.05, paired=0.2)
    unmeasured["paired"]["blank"]["win95"] = [-math.inf, math.inf]  # too few deals held it
    assert headline(unmeasured)[0] == "observed"


def test_compare_cards_finds_no_difference_between_a_setup_and_itself_and_finds_a_real_one() -> None:
    a = {"cards": [_row("gold", 0.10, 0.03), *(_row(f"c{i}", 0.0, 0.03) for i in range(10))]}
    same = compare_cards(a, a)
    assert all(c["diff"] == 0 and not c["differs"] for c in same)
    b = {"cards": [_row("gold", 0.30, 0.03), *(_row(f"c{i}", 0.0, 0.03) for i in range(10)), _row("new", 0.0, 0.03)]}
    rows = {c["card"]: c for c in compare_cards(a, b)}
    assert rows["gold"]["differs"] and rows["gold"]["diff"] == pytest.approx(0.20)
    assert rows["gold"]["low95"] == pytest.approx(0.20 - 0.03 * math.sqrt(2), rel=1e-6)  # the errors add
    assert rows["new"]["a"] is None and rows["new"]["diff"] is None  # a card only B has: no difference
    assert compare_cards(a, b)[0]["card"] == "gold"  # the largest difference first
