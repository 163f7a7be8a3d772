"""An eight-player T.A.C.O. game on an 80x24 pseudo-terminal: every screen is drawn whole and fits, seat
choices name seats as the board does, your own taco is on screen whenever you choose a seat, no card
name is cut, and the final totals carry names."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.terminal import Terminal

STEP_RULE = re.compile(r"─ .+ · step \d+ ─")
BOARD_ROW = re.compile(r"^ *(you|Bot [2-8]) {2,}\S")  # a row of the board: who, then the taco
# A list of seats to choose from: "play tomato 3", or targets grouped by taco ("target 3 …  P3").
SEAT_CHOICE = re.compile(r"\d+  (play|target) \S+ [0-7]\b|\d+  target [0-7] …")


def test_an_eight_player_game_fits_80x24_and_shows_your_taco_at_every_seat_choice(tmp_path: Path) -> None:
    term = Terminal(
        ["play", "taco", "--players", "8", "--vs", "random", "--seed", "4", "--records", str(tmp_path)],
        tmp_path,
        90,
        columns=80,
        lines=24,
    )
    screens = seat_choices = 0
    for _ in range(400):
        found = term.expect(r"your move> |Game over")
        if found.group(0) == "Game over":
            break
        lines = term.buffer[: found.end()].split("\n")
        starts = [i for i, line in enumerate(lines) if STEP_RULE.search(line)]
        previous = max((i for i, line in enumerate(lines[:-1]) if "your move> " in line), default=-1)
        # Every prompt comes after a freshly drawn screen (a group opened or closed redraws it whole).
        assert starts and starts[-1] > previous, "\n".join(lines[previous:])
        screen = lines[starts[-1] :]
        assert len(screen) <= 24, "\n".join(screen)
        assert not [line for line in screen if len(line.rstrip()) > 80], "\n".join(screen)
        board = [line for line in screen if BOARD_ROW.match(line)]
        assert not [line for line in board if "…" in line or "..." in line], "\n".join(screen)  # no cut names
        assert len(board) == 8, "\n".join(screen)  # every seat's row, always
        screens += 1
        if any(SEAT_CHOICE.search(line) for line in screen):
            seat_choices += 1
            assert board[0].lstrip().startswith("you"), "\n".join(screen)  # your own taco, on screen
        # Open "play …" whenever it is offered (to reach the seat choices), else take the first choice.
        opening = [m.group(1) for line in screen if (m := re.match(r"^ +(\d+)  play …", line))]
        term.send(opening[0] if opening else "1")
    else:
        raise AssertionError("the game did not end in 400 answers")
    assert re.search(
        r"Totals: you -?\d+, " + r",\s+".join(rf"Bot {n}\s+-?\d+" for n in range(2, 9)),  # may wrap
        term.buffer,
    ), term.buffer[-2000:]
    term.kill()
    assert screens >= 20 and seat_choices >= 5, (screens, seat_choices)
