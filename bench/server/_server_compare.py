"""Every run of a server benchmark side by side, and, with a baseline, the code against it: medians
over the rounds with their spread, the ratio after / before, and whether each figure is within the
allowed change (``WITHIN``: a figure may be worse by at most 10%; better is always fine).

The counts are over each whole run, not only the measured window: every HTTP response the players
got (tables created, warm-up, measuring, by request and status), the players' errors, and the
lines of each server's log that are not the benchmark's own (tracebacks, errors, warnings).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from _measure import percentile
from _server_launch import MARK
from _server_players import Figures

WITHIN = 0.10


@dataclass
class Measured:
    """One run: which code (``tree``), round and setup, its figures and its servers' log lines."""

    tree: str
    round: int
    setup: str
    seconds: float
    figures: Figures
    log: Counter[str] = field(default_factory=Counter)

    def actions_per_second(self) -> float:
        return self.figures.acknowledged / self.seconds

    def p50(self) -> float:
        return percentile(self.figures.action_ms, 50)

    def p99(self) -> float:
        return percentile(self.figures.action_ms, 99)

    def cpu_per_1000(self) -> float:
        """The servers' CPU seconds per 1,000 acknowledged actions (milliseconds per action)."""
        return self.figures.server_cpu / max(1, self.figures.acknowledged) * 1000


# (name, how it is read from a run, True when higher is better, decimals shown)
FIGURES: list[tuple[str, Callable[[Measured], float], bool, int]] = [
    ("actions/s", Measured.actions_per_second, True, 1),
    ("action p50 ms", Measured.p50, False, 1),
    ("action p99 ms", Measured.p99, False, 1),
    ("CPU s/1,000 actions", Measured.cpu_per_1000, False, 2),
]
JUDGED = ("actions/s", "action p99 ms", "CPU s/1,000 actions")


def log_lines(paths: Iterable[Path]) -> Counter[str]:
    """The lines of servers' logs that are not the benchmark's own, by kind: a traceback counted
    once (its first line), log records by level, anything else as "other". The launcher's first
    line and the timings asked for with ``--timings`` are the benchmark's."""
    found: Counter[str] = Counter()
    for path in paths:
        in_traceback = False
        for line in path.read_text(errors="replace").splitlines():
            if line.startswith(MARK) or line.startswith("timing ") or not line.strip():
                continue
            if line.startswith("Traceback"):
                found["traceback"] += 1
                in_traceback = True
                continue
            level = line.split(":", 1)[0].strip()
            if level in ("ERROR", "WARNING", "CRITICAL", "INFO"):
                found[level] += 1
                in_traceback = False
            elif not (in_traceback or line.startswith((" ", "\t"))):
                found["other"] += 1
    return found


def print_runs(runs: list[Measured]) -> None:
    """Each run on one line, in the order measured."""
    print(
        f"\n{'setup':26s} {'code':6s} {'round':>5s} {'actions/s':>9s} {'p50 ms':>7s} {'p99 ms':>7s}"
        f" {'push p99':>8s} {'CPU s/1k':>8s}  whole run: responses; errors; server log"
    )
    for m in runs:
        f = m.figures
        print(
            f"{m.setup:26s} {m.tree:6s} {m.round + 1:5d} {m.actions_per_second():9.1f} {m.p50():7.1f}"
            f" {m.p99():7.1f} {percentile(f.push_ms, 99):8.1f} {m.cpu_per_1000():8.2f}  "
            f"{counts(f.run_statuses)}; {counts(f.errors)}; {counts(m.log)}"
        )


def print_comparison(runs: list[Measured]) -> bool:
    """Medians per setup and code, and with two codes the ratio after / before and the verdict.
    True when every judged figure of every setup is within the allowed change (or has only one code)."""
    met = True
    for setup in dict.fromkeys(m.setup for m in runs):
        mine = [m for m in runs if m.setup == setup]
        codes = list(dict.fromkeys(m.tree for m in mine))
        rounds = max(m.round for m in mine) + 1
        print(f"\n{setup}: medians over {rounds} round{'s' if rounds > 1 else ''} (lowest-highest)")
        medians: dict[str, dict[str, float]] = {}
        for code in codes:
            of_code = [m for m in mine if m.tree == code]
            medians[code] = {}
            cells = []
            for name, read, _, d in FIGURES:
                values = [read(m) for m in of_code]
                medians[code][name] = statistics.median(values)
                cells.append(f"{name} {medians[code][name]:.{d}f} ({min(values):.{d}f}-{max(values):.{d}f})")
            print(f"  {code:6s} " + "   ".join(cells))
            whole = sum((m.figures.run_statuses for m in of_code), Counter())
            errors = sum((m.figures.errors for m in of_code), Counter())
            log = sum((m.log for m in of_code), Counter())
            print(
                f"         every run: responses {counts(whole)}; player errors {counts(errors)}; server log {counts(log)}"
            )
        if codes == ["before", "after"] or codes == ["after", "before"]:
            met = verdict(mine, medians) and met
    return met


def verdict(runs: list[Measured], medians: dict[str, dict[str, float]]) -> bool:
    """Ratio after / before of each figure's medians, the per-round ratios, and MET / NOT MET."""
    met = True
    for name, read, higher_better, _ in FIGURES:
        before, after = medians["before"][name], medians["after"][name]
        ratio = after / before if before else float("nan")
        per_round = [
            read(a) / read(b)
            for a in runs
            for b in runs
            if a.tree == "after" and b.tree == "before" and a.round == b.round and read(b)
        ]
        rounds = ", ".join(f"{r:.2f}" for r in per_round)
        middle = statistics.median(per_round) if per_round else float("nan")
        line = f"  after/before {name:20s} {ratio:5.2f}   (per round {rounds}; their median {middle:.2f})"
        if name in JUDGED:
            worse = (1 - ratio) if higher_better else (ratio - 1)
            ok = worse <= WITHIN
            met = met and ok
            change = "better" if worse < 0 else "worse"
            line += f"   {'MET' if ok else 'NOT MET'}: {abs(worse) * 100:.0f}% {change}"
        print(line)
    fives = any(status.split()[-1].startswith("5") for m in runs for status in m.figures.run_statuses)
    errors = fives or any(m.figures.errors or m.log for m in runs)
    print(
        f"  within {WITHIN:.0%} on actions/s, p99 and CPU per action: {'MET' if met else 'NOT MET'}"
        + ("   (some runs had errors, 5xx answers or server log lines: see above)" if errors else "")
    )
    return met


def counts(found: Counter[str] | Counter[int]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in sorted(found.items(), key=lambda kv: str(kv[0]))) or "none"
