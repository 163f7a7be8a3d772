"""The server benchmarks' before/after mode (bench/server/server_load.py and bench/server/server_scale.py with
``--baseline``): the baseline's own code serves, the two codes alternate, the verdict is the 10% rule
(better is always fine), the whole run's log lines are counted, and the temporary worktree is gone
afterwards, also when the benchmark is stopped midway."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench" / "server"))  # bench/ is not a package
from _server_compare import Measured, log_lines, print_comparison  # noqa: E402
from _server_launch import MARK  # noqa: E402
from _server_players import Figures  # noqa: E402
from _server_trees import Tree, schedule  # noqa: E402

TINY = ["--tables", "3", "--think", "0.2", "--seconds", "3", "--warmup", "1", "--procs", "1"]


def a_run(tree: str, round_: int, per_second: float, p99: float, cpu_per_action_ms: float) -> Measured:
    """A 10 s run with these figures: 100 requests all taking ``p99`` ms."""
    acknowledged = int(per_second * 10)
    figures = Figures(
        action_ms=[p99] * 100, acknowledged=acknowledged, server_cpu=cpu_per_action_ms * acknowledged / 1000
    )
    return Measured(tree, round_, "sqlite", 10.0, figures)


def verdict_of(before: tuple[float, float, float], after: tuple[float, float, float]) -> tuple[bool, str]:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        met = print_comparison([a_run("before", 0, *before), a_run("after", 0, *after)])
    return met, out.getvalue()


def test_within_ten_percent_worse_is_met_and_beyond_is_not() -> None:
    met, out = verdict_of((100, 100, 1.0), (95, 109, 1.08))
    assert met and "within 10% on actions/s, p99 and CPU per action: MET" in out, out
    met, out = verdict_of((100, 100, 1.0), (100, 115, 1.0))
    assert not met and "NOT MET: 15% worse" in out and "CPU per action: NOT MET" in out, out
    met, out = verdict_of((100, 100, 1.0), (85, 100, 1.0))
    assert not met and "NOT MET: 15% worse" in out, out


def test_better_by_any_amount_is_met() -> None:
    met, out = verdict_of((100, 100, 1.0), (300, 20, 0.3))
    assert met and out.count("better") == 3, out


def test_a_5xx_outside_the_measured_window_is_pointed_out(capsys: pytest.CaptureFixture[str]) -> None:
    before, after = a_run("before", 0, 100, 100, 1.0), a_run("after", 0, 100, 100, 1.0)
    after.figures.run_statuses.update({"action 200": 1000, "rematch 500": 1})
    assert print_comparison([before, after])
    out = capsys.readouterr().out
    assert "rematch 500: 1" in out and "some runs had errors, 5xx answers or server log lines" in out, out


def test_the_two_codes_alternate_round_by_round() -> None:
    before, after = Tree("before", Path("b"), "b"), Tree("after", Path("a"), "a")
    order = [(r, t.label) for r, t in schedule([before, after], 3)]
    assert order == [(0, "before"), (0, "after"), (1, "after"), (1, "before"), (2, "before"), (2, "after")]


def test_log_lines_counts_what_is_not_the_benchmarks_own(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    log.write_text(
        f"{MARK}/somewhere/src/cardroom\n"
        "ERROR:    Exception in ASGI application\n"
        "Traceback (most recent call last):\n"
        '  File "x.py", line 1, in f\n'
        "    f()\n"
        "RecursionError: maximum recursion depth exceeded\n"
        "WARNING:  Invalid HTTP request received.\n"
        "timing action request n 5 p50 1.0\n"
        "something else\n"
    )
    assert log_lines([log, log]) == Counter({"ERROR": 2, "traceback": 2, "WARNING": 2, "other": 2})


def worktrees() -> str:
    return subprocess.run(["git", "-C", str(ROOT), "worktree", "list"], capture_output=True, text=True).stdout


def served(line: str) -> tuple[int, Path]:
    """The port and package path of "server on port N imports cardroom from PATH"."""
    words = line.split()
    return int(words[words.index("port") + 1]), Path(words[-1])


def against_head(sizes: list[str]) -> list[str]:
    """server_load.py at these sizes, with this checkout's last commit as the baseline, one round."""
    return [
        sys.executable,
        str(ROOT / "bench" / "server" / "server_load.py"),
        *sizes,
        "--baseline",
        "HEAD",
        "--rounds",
        "1",
    ]


def test_a_baseline_run_measures_both_codes_each_from_its_own_tree() -> None:
    run = subprocess.run(
        against_head(TINY),
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = run.stdout
    assert run.returncode == (0 if "CPU per action: MET" in out else 1), run.stderr[-3000:] + out
    # Round 1 measures the baseline first: its server imports the package of a temporary worktree.
    before, after = (served(line)[1] for line in out.splitlines() if line.startswith("server on port "))
    assert after == ROOT / "src" / "cardroom", out
    assert before.parents[2].name.startswith("cardroom-rev-"), out
    assert before.parts[-3:] == ("tree", "src", "cardroom"), out
    assert not before.parents[2].exists(), f"the baseline's worktree {before.parents[1]} was left behind"
    assert str(before.parents[1]) not in worktrees()
    # Every response over the whole run is counted, the tables created included (three per code).
    assert out.count("every run: responses ") == 2 and out.count("create 201: 3") >= 2, out
    assert "after/before actions/s" in out and "after/before CPU s/1,000 actions" in out, out


def test_a_stopped_baseline_run_removes_its_worktree_and_its_server() -> None:
    longer = [*TINY[: TINY.index("--seconds")], "--seconds", "60", "--warmup", "1", "--procs", "1"]
    proc = subprocess.Popen(
        against_head(longer),
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},  # each line as it is printed
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("server on port "):
            break
    else:
        raise AssertionError(f"the benchmark never started a server (exit status {proc.wait()})")
    port, package = served(line)
    time.sleep(3)  # the players are playing
    proc.send_signal(signal.SIGTERM)
    rest = proc.communicate(timeout=60)[0]
    assert proc.returncode != 0, rest
    assert not package.parents[2].exists() and str(package.parents[1]) not in worktrees()
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=2):
        pass  # nothing listens on the stopped server's port
