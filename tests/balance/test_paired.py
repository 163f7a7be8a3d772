"""Paired card values on a toy deck where one card's effect is known exactly.

The toy deck's Dud is a 0-point vegetable with no effect: exactly the lab's blank. Replaying a deal with a
Dud turned into a blank (or with one more Dud against one more blank) changes nothing, so every paired
difference is exactly zero, with an interval of exactly zero width. Its Gold is worth 3 points more than
a Tomato and nothing else, so having it can only help: its value is positive and its interval above 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import cardroom
from cardroom.balance import BalanceConfig
from cardroom.balance.paired import paired_values
from cardroom.balance.report import card_rows
from cardroom.balance.run import run_balance
from cardroom.core.errors import InvalidOptions

TOY = """
[[card]]
name = "Crunchy Shell"
type = "shell"
points = 0
count = 8
effect = "none"
starting = true
text = "start"

[[card]]
name = "Tomato"
type = "basic"
points = 1
count = 30
food = "vegetable"
effect = "none"
text = "one point"

[[card]]
name = "Dud"
type = "basic"
points = 0
count = 6
food = "vegetable"
effect = "none"
text = "nothing at all"

[[card]]
name = "Gold"
type = "basic"
points = 4
count = 4
food = "meat"
effect = "none"
text = "four points"

[[card]]
name = "Sardines"
type = "superstar"
points = -3
count = 2
food = "meat"
effect = "none"
play_immediately = true
text = "minus three, played at once"
"""


@pytest.fixture()
def toy(tmp_path: Path) -> str:
    path = tmp_path / "toy.toml"
    path.write_text(TOY, encoding="utf-8")
    return str(path)


def test_a_card_identical_to_the_blank_is_worth_exactly_nothing_and_gold_is_worth_something(toy: str) -> None:
    game = cardroom.make("taco", players=2, deck=toy)
    values = paired_values(game, "heuristic", seed=3, games=600, blocks=2)
    for figure in ("blank", "extra"):
        dud = values["dud"][figure]
        assert dud is not None and dud["seats"] > 50
        assert dud["win_effect"] == 0 and dud["points_effect"] == 0
        assert dud["win95"] == [0, 0] and dud["points95"] == [0, 0]
        gold = values["gold"][figure]
        assert gold["win_effect"] > 0 and gold["win95"][0] > 0 and gold["points95"][0] > 0
    # A card played at once when dealt is never in a hand as dealt: neither figure can exist.
    assert values["sardines"] == {"blank": None, "extra": None}


def test_the_report_shows_paired_figures_with_intervals_and_na(toy: str) -> None:
    result = run_balance(
        BalanceConfig("taco", ("heuristic",), games=200, options={"players": 2, "deck": toy}, paired=200)
    )
    rows = {r[0]: r for r in card_rows(result.summary, None)}
    assert rows["dud"][5:9] == ["+0.0 (+0.0…+0.0)"] * 4
    assert rows["dud"][9] == "1.000"  # exactly nothing: q = 1, not kept
    assert rows["sardines"][2] == "n/a" and rows["sardines"][5:] == ["n/a"] * 6
    assert rows["gold"][1] == "n/a"  # the kernel does not record plays: no observed "played in" share
    assert all("(" in cell for cell in rows["gold"][2:4] + rows["gold"][5:9])  # every figure has its interval
    assert rows["gold"][9].endswith("*")  # worth more than a blank, and kept by Benjamini-Hochberg
    paired = next(f for f in result.summary["card_tests"] if f["figure"] == "paired, card vs blank")
    assert "gold" in paired["flagged"] and "dud" not in paired["flagged"] and paired["tests"] == 3


def test_paired_values_need_the_kernel(toy: str) -> None:
    with pytest.raises(InvalidOptions, match="played on the compiled kernel"):
        paired_values(cardroom.make("taco", players=2, deck=toy), "ismcts:iterations=2", 0, 4)
    with pytest.raises(InvalidOptions, match="antics off"):
        paired_values(cardroom.make("taco", players=2, antics=True), "heuristic", 0, 4)
