"""bench/bots/strength.py: a table kept for the gap to perfect information claims no target; a target row does."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from rich.console import Console

from cardroom.arena import ArenaConfig, run_arena

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "bots"))
from _figures import FIGURES  # bench/ is not a package
from strength import figure


def test_a_gap_table_states_no_target_and_a_target_row_states_its_verdict(tmp_path: Path) -> None:
    # A real (tiny) arena: the heuristic against a random player, on Tacocat, two seats as the rows.
    config = ArenaConfig(game="tacocat", bots=("random", "heuristic"), games=4, seed=3, jobs=1, challenger=True)
    result = run_arena(config)
    log = tmp_path / "log.txt"
    console = Console(file=open(log, "w"), width=300)  # noqa: SIM115
    gap = FIGURES["expert-tacocat-heuristic"]
    assert gap.target is None
    gap_line = figure(replace(gap, oracle=False), result, console)
    assert gap_line["met"] is None and gap_line["target"] is None
    row = FIGURES["expert-tacocat"]
    row_line = figure(row, result, console)
    assert row_line["target"] == 0.60 and row_line["met"] == (
        row_line["win_rate"] >= 0.60 and row_line["wilson95"][0] > 0.55
    )
    console.file.close()
    printed = log.read_text(encoding="utf-8")
    assert "no target: measured for the gap to perfect information" in printed
    assert "target 60% with lower bound > 55%: " in printed
