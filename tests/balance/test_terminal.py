"""The lab's terminal report fits an 80-column terminal without cutting a figure, and says where the
full tables are; a wide terminal gets every column."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from cardroom.balance import BalanceConfig
from cardroom.balance.pooled import compare_blocks
from cardroom.balance.run import BalanceResult, run_balance
from cardroom.balance.terminal import block_narrow, card_narrow, print_compare, print_report

FULL_AT = "DIR/report.html"


@pytest.fixture(scope="module")
def result() -> BalanceResult:
    return run_balance(BalanceConfig("taco", ("heuristic",), games=200, options={"players": 2}, paired=24))


def _printed(width: int, show: object, *args: object) -> str:
    console = Console(width=width, record=True, color_system=None)
    show(*args, console, FULL_AT)  # type: ignore[operator]
    return console.export_text()


def test_an_80_column_report_fits_and_every_figure_is_whole(result: BalanceResult) -> None:
    text = _printed(80, print_report, result.summary)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert f"every column is in {FULL_AT}" in text
    for _head, rows in (block_narrow(result.summary), card_narrow(result.summary)):
        for row in rows:
            line = next(line for line in text.splitlines() if line.lstrip().startswith(row[0] + " "))
            assert all(cell in line for cell in row), (row, line)  # on one line, not cut, not wrapped
    assert "paired vs blank: win" in text and "cards tested at once" in text and "Benjamini-Hochberg" in text


def test_a_wide_terminal_gets_every_column_and_no_narrowing(result: BalanceResult) -> None:
    text = _printed(320, print_report, result.summary)
    assert "block 4" in text and "paired, one more copy: win Δ (95%)" in text
    assert "Narrowed" not in text


def test_seats_too_close_to_call_get_one_plain_note_not_a_warning_each(result: BalanceResult) -> None:
    text = _printed(80, print_report, result.summary)
    assert result.summary["blocks"]["seats"][0]["verdict"] == "too wide"  # 200 games cannot say
    assert "warning:" not in text
    assert text.count("note: 200 games cannot say whether every seat is within 1 point") == 1


def test_a_comparison_fits_80_columns(result: BalanceResult) -> None:
    rows = compare_blocks(result.games, result.games, 2)
    text = _printed(80, print_compare, rows, "v2", "v2")
    assert max(len(line) for line in text.splitlines()) <= 80
    first = next(line for line in text.splitlines() if line.lstrip().startswith("first seat wins"))
    words = first.split()
    assert words[3] == words[4] and words[5] == "+0.00"  # the same games on both sides
    assert re.fullmatch(r"-\d+\.\d\d…\+\d+\.\d\d", words[6])  # the interval whole, on its line
    assert "every column is in" in text
