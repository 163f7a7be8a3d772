"""On an 80x24 terminal the board, the menu and the prompt fit on one screen, for every game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.terminal import Terminal

STEP_RULE = re.compile(r"─ .+ · step \d+ ─")


@pytest.mark.parametrize(
    ("game", "extra"),
    [
        ("taco", ["--players", "4"]),
        ("taco", ["--players", "8"]),
        ("exploding-kittens", ["--players", "4"]),
        ("exploding-kittens", ["--players", "10"]),
        ("tacocat", []),
    ],
)
def test_every_decision_fits_an_80x24_screen(tmp_path: Path, game: str, extra: list[str]) -> None:
    term = Terminal(
        ["play", game, *extra, "--vs", "random", "--seed", "9", "--records", str(tmp_path)],
        tmp_path,
        60,
        columns=80,
        lines=24,
    )
    screens = 0
    for _ in range(40):
        found = term.expect(r"your move> |Game over")
        if found.group(0) == "Game over":
            break
        lines = term.buffer[: found.end()].split("\n")
        starts = [i for i, line in enumerate(lines) if STEP_RULE.search(line)]
        last_prompt = max((i for i, line in enumerate(lines[:-1]) if "your move> " in line), default=-1)
        if starts and starts[-1] > last_prompt:  # a fresh board: from its rule line to this prompt
            height = len(lines) - starts[-1]
            assert height <= 24, "\n".join(lines[starts[-1] :])
            wide = [line for line in lines[starts[-1] :] if len(line.rstrip()) > 80]
            assert not wide, wide
            screens += 1
        term.send("1")
    term.send("quit")
    term.kill()
    assert screens >= 5
