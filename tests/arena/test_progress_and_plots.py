"""The progress bar's games/s is games over time, and the plots show what was (and was not) measured."""

from __future__ import annotations

import json
from pathlib import Path

from rich.progress import Progress

from cardroom.arena.plots import write_plots
from cardroom.cli.arena import GamesPerSecond


def test_games_per_second_is_the_whole_run_average_even_when_results_come_in_a_burst() -> None:
    now = [0.0]
    column = GamesPerSecond()
    with Progress(column, get_time=lambda: now[0], auto_refresh=False, disable=True) as bar:
        task_id = bar.add_task("arena", total=20)
        now[0] = 12.9  # a slow start (Ray starting), then all twenty games land within 0.1 s
        for _ in range(20):
            now[0] += 0.005
            bar.advance(task_id, 1)
        task = bar.tasks[0]
        assert str(column.render(task)) == "1.54 games/s"  # 20 games in 13 s, not the burst's 200/s


def test_an_unplayed_cell_stays_empty_in_the_json_and_the_plots_are_written(tmp_path: Path) -> None:
    summary = {
        "bots": ["A", "B"],
        "players": 3,
        "head_to_head": [[None, 0.75], [None, None]],
        "ratings": [
            {"bot": "A", "elo": 100.0, "se": 1.0, "low95": 80.0, "high95": None, "note": "lower bound"},
            {"bot": "B", "elo": -100.0, "se": 1.0, "low95": None, "high95": -80.0, "note": "upper bound"},
        ],
        "matchups": [
            {"label": "A vs 2× B", "bot": "A", "against": "2× B", "curve": [1.0, 0.5, 2 / 3, 0.75]},
            {"label": "B vs 2× A", "bot": "B", "against": "2× A", "curve": []},
        ],
    }
    assert json.loads(json.dumps(summary))["head_to_head"][1][0] is None
    paths = write_plots(summary, tmp_path)
    assert [p.name for p in paths] == ["head_to_head.png", "ratings.png", "win_rate_curve.png"]
    assert all(p.stat().st_size > 5000 for p in paths)
