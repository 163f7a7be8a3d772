"""bench/server/server_blocks.py reads back what server_load printed (through server_load's own
printer, so a change of its format fails here) and judges several blocks together: MET only when the
whole interval is within 10%, NOT MET when all of it is beyond, UNDECIDED between; a block of one
code against itself is told apart and not pooled with the comparisons."""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench" / "server"))  # bench/ is not a package
from _server_compare import Measured, print_runs  # noqa: E402
from _server_players import Figures  # noqa: E402
from _server_report import timings_as_printed  # noqa: E402
from server_blocks import SERVER_P99, main, read_block  # noqa: E402

from cardroom.server.ops import timings  # noqa: E402


def a_run(tree: str, round_: int, p99: float, cpu_ms: float = 1.0) -> Measured:
    """A 10 s run of 5,000 actions, every one taking ``p99`` ms, one of them answered 500."""
    figures = Figures(action_ms=[p99] * 100, acknowledged=5000, server_cpu=cpu_ms * 5)
    figures.run_statuses.update({"action 200": 5000, "action 500": 1 if tree == "after" else 0})
    return Measured(tree, round_, "sqlite (new file)", 10.0, figures)


def block(tmp_path: Path, name: str, p99s: list[tuple[float, float]], codes: tuple[str, str]) -> Path:
    """A block's printed output: the code lines, then one run line per code and round."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        print(f"code before {codes[0]} (revision {codes[0][:7]}, a temporary worktree)   (server imports ...)")
        print(f"code after  {codes[1]} (checkout /somewhere)   (server imports ...)")
        print_runs([run for r, (b, a) in enumerate(p99s) for run in (a_run("before", r, b), a_run("after", r, a))])
    path = tmp_path / name
    path.write_text(out.getvalue())
    return path


def server_timed(tree: str, round_: int, p99_ms: float) -> str:
    """A round's heading and the server's own timings under it, as server_load prints them."""
    timings.reset()
    for _ in range(100):
        timings.add("action request", p99_ms / 1000)
    report = timings.report()
    timings.reset()
    return "\n".join([f"-- round {round_} of 3, code {tree} (abc1234), seed 7", *timings_as_printed(report)])


def judged(paths: list[Path], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main([str(p) for p in paths])
    return code, capsys.readouterr().out


def pooled_p99(out: str) -> str:
    line = next(x for x in out.splitlines() if "p99 ms" in x and "interval" in x and "same" not in x)
    return line.rsplit("   ", 1)[-1]  # the verdict, after the interval


def test_blocks_clearly_better_are_met(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = [block(tmp_path, f"b{i}", [(10, 8), (12, 9), (11, 8.5)], ("5ee58a0c0", "abc1234")) for i in range(4)]
    rc, out = judged(paths, capsys)
    assert rc == 0 and pooled_p99(out) == "MET", out
    assert "responses other than 2xx: before 0, after 12" in out, out


def test_blocks_clearly_worse_are_not_met(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = [block(tmp_path, f"b{i}", [(10, 13), (12, 15), (11, 14)], ("5ee58a0c0", "abc1234")) for i in range(4)]
    rc, out = judged(paths, capsys)
    assert rc == 1 and pooled_p99(out) == "NOT MET", out
    assert out.count("NOT MET") >= 5, out  # each block's own verdict too


def test_blocks_that_disagree_are_undecided(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rounds: list[list[tuple[float, float]]] = [
        [(10, 7), (10, 7), (10, 7)],
        [(10, 14), (10, 14), (10, 14)],
        [(10, 9), (10, 12), (10, 10)],
    ]
    paths = [block(tmp_path, f"b{i}", r, ("5ee58a0c0", "abc1234")) for i, r in enumerate(rounds)]
    rc, out = judged(paths, capsys)
    assert rc == 0 and pooled_p99(out) == "UNDECIDED", out


def test_a_block_of_one_code_against_itself_is_the_machines_spread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    same = block(tmp_path, "aa", [(10, 7), (10, 8), (10, 8)], ("5ee58a0c0", "5ee58a0"))
    assert read_block(same).same_code
    compared = block(tmp_path, "ab", [(10, 10), (10, 10), (10, 10)], ("5ee58a0c0", "abc1234"))
    rc, out = judged([same, compared], capsys)
    assert "(same code: A/A)" in out and "p99 ms         block ratios 0.80-0.80" in out, out
    assert "1 of 1 block more than 10% apart" in out, out
    assert "pooled: abc1234 against 5ee58a0c0: 1 block, 3 rounds of each code" in out, out
    assert rc == 0


def test_the_servers_own_p99_is_pooled_beside_but_not_judged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The players' p99 doubled while the server's own halved: the verdict follows the players'."""
    paths = []
    for i in range(3):
        path = block(tmp_path, f"b{i}", [(10, 20), (10, 20), (10, 20)], ("5ee58a0c0", "abc1234"))
        timed = [server_timed(tree, r, ms) for r in (1, 2, 3) for tree, ms in (("before", 8.0), ("after", 4.0))]
        path.write_text("\n".join(timed) + "\n" + path.read_text())
        paths.append(path)
    assert read_block(paths[0]).figures[("after", 3)][SERVER_P99] == pytest.approx(4.0)
    rc, out = judged(paths, capsys)
    assert rc == 1 and pooled_p99(out) == "NOT MET", out
    inside = next(x for x in out.splitlines() if SERVER_P99 in x)
    assert "0.50   90% interval 0.50-0.50" in inside and "not judged" in inside, out
    # Without the server's timings (server_load --no-timings) the line is left out, not made up.
    rc, out = judged([block(tmp_path, "plain", [(10.0, 10.0)] * 3, ("5ee58a0c0", "abc1234"))], capsys)
    assert SERVER_P99 not in out, out


def test_a_file_that_is_not_a_comparison_is_refused_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    alone = tmp_path / "alone.txt"
    alone.write_text("acknowledged actions/s     521.0\n")
    assert main([str(alone)]) == 2
    assert "alone.txt: not the output of server_load.py with --baseline" in capsys.readouterr().err
