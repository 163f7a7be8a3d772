"""The placement table the package ships is what its command makes: the heuristic's row, played again."""

from __future__ import annotations

import json
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bots"
sys.path.insert(0, str(BENCH))

from place_rates import TABLE, play  # noqa: E402


def test_the_shipped_heuristic_row_is_made_again_by_its_command() -> None:
    row = json.loads(TABLE.read_text())["models"]["heuristic"]
    assert row["command"].endswith(f"--games {row['games']} --seed {row['seed']}")
    counts, played = play(row["spec"], row["players"], row["games"], row["seed"], 0.0)
    assert played == row["games"] and counts == row["counts"]
    assert counts["first"] > row["games"] and counts["bottom"] == counts["other"] == 0  # the heuristic's one rule
