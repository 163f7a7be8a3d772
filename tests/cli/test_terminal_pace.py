"""In `cardroom play` a bot's answer comes one table pace after the state it answers, however many
legal actions it had: a search that stops at once (it can only pass) looks like one that searched.

The table runs in this process with its input piped, so each shown state can be timed and matched
with the action that led to it; the bot is a real search, bounded by iterations so the game repeats.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cardroom.bots.pace import table_pace
from cardroom.bots.specs import make_bot
from cardroom.cli.main import app
from cardroom.cli.play import TerminalTable, bot_specs
from cardroom.core.game import State
from cardroom.core.registry import make
from tests.cli.terminal import Terminal

SPEC = "ismcts-ref:iterations=8"  # a real search: a few hundredths of a second when it has a choice
CAP = 0.15  # the pace an iteration-bounded search gets from the cap (kept small: the test is quick)


class TimedTable(TerminalTable):
    """The terminal's table, noting when each state has been shown (its news printed)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.marks: list[tuple[float, State]] = []
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def _print_news(self, state: State) -> None:
        super()._print_news(state)
        self.marks.append((time.monotonic(), state))


def test_a_bots_answer_time_does_not_depend_on_how_many_moves_it_had(monkeypatch: pytest.MonkeyPatch) -> None:
    game = make("exploding-kittens", players=2)
    specs = bot_specs(game, 0, [SPEC])
    pace = table_pace(list(specs.values()), 0.0, CAP)
    assert pace == pytest.approx(0.25)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 6))  # six moves of ours, then the input ends
    table = TimedTable(
        game,
        {seat: make_bot(spec, game) for seat, spec in specs.items()},
        0,
        Console(file=io.StringIO(), width=100, height=50),
        2,
        pace,
    )
    assert table.run() is None  # the input ran out: we left the table

    answers: dict[str, list[float]] = {"one": [], "several": []}
    for (before, state), (after, _), (seat, _action) in zip(table.marks, table.marks[1:], table.record.actions):
        if seat == 1:
            answers["one" if len(state.legal_actions(1)) == 1 else "several"].append(after - before)
    # This deal (seed 2) gives the bot both: passes with nothing else to do, and real choices.
    assert len(answers["one"]) >= 3 and len(answers["several"]) >= 3, answers
    for kind, times in answers.items():
        assert min(times) >= pace - 0.005, (kind, times)
    # A pass it could not avoid is shown at the pace, not later (nothing sleeps twice).
    assert max(answers["one"]) < pace + 0.5, answers


def test_the_delay_option_still_paces_every_bot_move_and_refuses_nonsense(tmp_path: Path) -> None:
    # At a table of bots that answer at once, --delay is the pace: our draw, then the bot's turn.
    term = Terminal(
        [
            "play",
            "exploding-kittens",
            "--players",
            "2",
            "--vs",
            "random",
            "--delay",
            "0.4",
            "--seed",
            "2",
            "--records",
            str(tmp_path),
        ],
        tmp_path,
    )
    term.expect("your move> ")
    term.send("draw")
    sent = time.monotonic()
    term.expect("your move> ")
    assert time.monotonic() - sent >= 0.4
    term.send("quit")
    assert term.wait() == 0

    refused = CliRunner().invoke(app, ["play", "tacocat", "--delay", "-1", "--records", str(tmp_path)])
    assert refused.exit_code == 2 and "--delay must be between 0 and 60 seconds, not -1" in refused.output
