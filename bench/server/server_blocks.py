"""Several blocks of ``server_load.py --baseline`` judged together, read back from what each printed.

One block (three rounds of each code) decides "within 10%" on its own, but on a shared machine its
p99 swings further than that between two measurements of the *same* code: a round in which the
machine stalls sets that round's tail whatever the code. So run the comparison as several blocks
with different seeds, and also a few blocks that measure one revision against itself (an *A/A*
block: ``--code REV --baseline REV``), keeping each block's output:

    python bench/server/server_load.py --tables 1000 --bot-tables 100 --think 1.4 --seconds 25 \\
        --warmup 10 --baseline 5ee58a0 --rounds 3 --seed 631 | tee ab631.txt
    python bench/server/server_load.py ... --code 5ee58a0 --baseline 5ee58a0 --rounds 3 --seed 621 | tee aa621.txt
    python bench/server/server_blocks.py ab*.txt aa*.txt

Printed: each block's per-round ratios after / before and its own verdict; for the A/A blocks, how
far identical code strays (the machine's resolution: a block verdict cannot be finer than that);
and for the compared blocks pooled, the ratio of the medians over every round of each code, with a
90% interval from resampling whole blocks (blocks are the independent unit: rounds of one block
share the machine's weather). Beside them, not judged, the same for the action's p99 as the server
timed it itself (from its body read to its answer sent): a tail the players saw but the server did
not comes from outside it (the machine, the kernel, the load generator). The pooled verdict is MET
when the whole interval is within 10%, NOT MET when the whole interval is beyond it, and UNDECIDED
when the interval straddles the limit (more blocks narrow it). Responses other than 2xx are summed
per code, as every block counts them.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

WITHIN = 0.10  # as server_load's own verdict
RESAMPLES = 10_000
# (name, higher is better) of the figures server_load judges, in the order of its run lines
JUDGED = (("actions/s", True), ("p99 ms", False), ("CPU ms/action", False))
NUMBER = r"[\d.]+|nan"  # a figure as printed (nan: nothing to take a percentile of)
RUN_LINE = re.compile(
    rf"^(?P<setup>\S.*?)\s+(?P<tree>before|after)\s+(?P<round>\d+)\s+(?P<aps>{NUMBER})\s+(?P<p50>{NUMBER})"
    rf"\s+(?P<p99>{NUMBER})\s+(?P<push>{NUMBER})\s+(?P<cpu>{NUMBER})\s\s(?P<rest>.*)$"
)
CODE_LINE = re.compile(r"^code (before|after)\s+(\S+)")
ROUND_LINE = re.compile(r"^-- round (\d+) of \d+, code (before|after)")
# The server's own timing of an action (from the body read to the answer sent), printed under each round.
SERVER_ACTION = re.compile(
    rf"^\s+action request\s+n\s+\d+\s+p50\s+(?:{NUMBER})\s+p90\s+(?:{NUMBER})\s+p99\s+(?P<p99>{NUMBER})"
)
# Not judged: the issue's p99 is the players'; this one leaves out the stalls outside the server.
SERVER_P99 = "server p99 ms"
STATUS = re.compile(r"(\w+) (\d{3}): (\d+)")


@dataclass
class Block:
    """One printed run of server_load with a baseline: which codes, and each round's figures."""

    path: Path
    setup: str = ""
    codes: dict[str, str] = field(default_factory=dict)  # "before"/"after" -> revision
    figures: dict[tuple[str, int], dict[str, float]] = field(default_factory=dict)  # (tree, round) -> figure
    failures: Counter[str] = field(default_factory=Counter)  # tree -> responses other than 2xx

    @property
    def same_code(self) -> bool:
        """Both codes are one commit (the two may be named by hashes of different lengths)."""
        before, after = self.codes["before"], self.codes["after"]
        return before.startswith(after) or after.startswith(before)

    def values(self, tree: str, name: str) -> list[float]:
        return [f[name] for (t, _), f in sorted(self.figures.items()) if t == tree]

    def round_ratios(self, name: str) -> list[float]:
        rounds = sorted(r for t, r in self.figures if t == "after" and ("before", r) in self.figures)
        return [self.figures[("after", r)][name] / self.figures[("before", r)][name] for r in rounds]

    def ratio(self, name: str) -> float:
        """As server_load judges a block: the median of the after rounds over that of the before ones."""
        return statistics.median(self.values("after", name)) / statistics.median(self.values("before", name))


def read_block(path: Path) -> Block:
    """A block from server_load's printed output; ValueError naming the file if it has no runs of two codes."""
    block = Block(path)
    inside: dict[tuple[str, int], float] = {}
    section: tuple[str, int] | None = None
    for line in path.read_text(errors="replace").splitlines():
        if match := CODE_LINE.match(line):
            block.codes[match.group(1)] = match.group(2)
        elif match := ROUND_LINE.match(line):
            section = (match.group(2), int(match.group(1)))
        elif section is not None and (match := SERVER_ACTION.match(line)):
            inside[section] = float(match["p99"])
        elif match := RUN_LINE.match(line):
            block.setup = match["setup"]
            block.figures[(match["tree"], int(match["round"]))] = {
                "actions/s": float(match["aps"]),
                "p99 ms": float(match["p99"]),
                "CPU ms/action": float(match["cpu"]),
            }
            for _, status, count in STATUS.findall(match["rest"].split(";", 1)[0]):
                if not status.startswith("2"):
                    block.failures[match["tree"]] += int(count)
    if set(block.codes) != {"before", "after"} or not block.round_ratios("p99 ms"):
        raise ValueError(f"{path}: not the output of server_load.py with --baseline (no rounds of two codes found)")
    if set(inside) == set(block.figures):  # every round printed the server's timings (not with --no-timings)
        for key, p99 in inside.items():
            block.figures[key][SERVER_P99] = p99
    return block


def worse_by(ratio: float, higher_better: bool) -> float:
    """How much worse after is than before, as a fraction (negative: better)."""
    return 1 - ratio if higher_better else ratio - 1


def pooled_ratio(blocks: list[Block], name: str) -> float:
    """The median over every after round of these blocks over the median over every before round."""
    after = [v for b in blocks for v in b.values("after", name)]
    before = [v for b in blocks for v in b.values("before", name)]
    return statistics.median(after) / statistics.median(before)


def interval(blocks: list[Block], name: str, seed: int) -> tuple[float, float]:
    """A 90% interval of :func:`pooled_ratio`, resampling whole blocks with replacement."""
    rng = random.Random(seed)
    draws = sorted(pooled_ratio(rng.choices(blocks, k=len(blocks)), name) for _ in range(RESAMPLES))
    return draws[int(0.05 * RESAMPLES)], draws[int(0.95 * RESAMPLES) - 1]


def print_blocks(blocks: list[Block]) -> None:
    print(f"{'block':18s} {'setup':28s} {'before':>9s} {'after':>9s}  p99 per round       p99    CPU   act/s  verdict")
    for b in blocks:
        rounds = ", ".join(f"{r:.2f}" for r in b.round_ratios("p99 ms"))
        met = all(worse_by(b.ratio(n), hb) <= WITHIN for n, hb in JUDGED)
        print(
            f"{b.path.name[:18]:18s} {b.setup[:28]:28s} {b.codes['before'][:9]:>9s} {b.codes['after'][:9]:>9s}"
            f"  {rounds:18s} {b.ratio('p99 ms'):5.2f}  {b.ratio('CPU ms/action'):5.2f}  {b.ratio('actions/s'):5.2f}"
            f"  {'MET' if met else 'NOT MET'}{'   (same code: A/A)' if b.same_code else ''}"
        )


def print_same_code(blocks: list[Block]) -> None:
    """How far one code strays from itself: what a block verdict can resolve on this machine."""
    print(f"\nthe same code against itself: {plural(len(blocks), 'block')}")
    for name, higher_better in JUDGED:
        ratios = [b.ratio(name) for b in blocks]
        rounds = [r for b in blocks for r in b.round_ratios(name)]
        # Either label could have been "after": a block is off by more than the limit either way.
        off = sum(
            abs(worse_by(r, higher_better)) > WITHIN or abs(worse_by(1 / r, higher_better)) > WITHIN for r in ratios
        )
        print(
            f"  {name:14s} block ratios {min(ratios):.2f}-{max(ratios):.2f}, round ratios {min(rounds):.2f}-{max(rounds):.2f};"
            f" {off} of {plural(len(blocks), 'block')} more than {WITHIN:.0%} apart"
        )


def print_pooled(blocks: list[Block], title: str, seed: int) -> bool:
    """The pooled ratio of each judged figure with its interval and verdict; True unless NOT MET."""
    rounds = sum(len(b.round_ratios("p99 ms")) for b in blocks)
    print(f"\n{title}: {plural(len(blocks), 'block')}, {plural(rounds, 'round')} of each code")
    failed = False
    for name, higher_better in JUDGED:
        ratio = pooled_ratio(blocks, name)
        low, high = interval(blocks, name, seed)
        best, worst = sorted((worse_by(low, higher_better), worse_by(high, higher_better)))
        verdict = "MET" if worst <= WITHIN else "NOT MET" if best > WITHIN else "UNDECIDED"
        failed = failed or verdict == "NOT MET"
        print(f"  after/before {name:14s} {ratio:5.2f}   90% interval {low:.2f}-{high:.2f}   {verdict}")
    if all(SERVER_P99 in f for b in blocks for f in b.figures.values()):
        low, high = interval(blocks, SERVER_P99, seed)
        print(
            f"  after/before {SERVER_P99:14s} {pooled_ratio(blocks, SERVER_P99):5.2f}   90% interval {low:.2f}-{high:.2f}"
            "   (not judged: the action inside the server, without the stalls outside it)"
        )
    failures = Counter[str]()
    for b in blocks:
        failures.update(b.failures)
    print(f"  responses other than 2xx: before {failures['before']}, after {failures['after']}")
    return not failed


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("outputs", nargs="+", type=Path, help="server_load.py --baseline outputs, one block each")
    parser.add_argument(
        "--seed", type=int, default=0, help="the resampling's seed (the same files give the same interval)"
    )
    args = parser.parse_args(argv)
    try:
        blocks = [read_block(p) for p in args.outputs]
    except (OSError, ValueError) as exc:
        print(f"server_blocks: {exc}", file=sys.stderr)
        return 2
    print_blocks(blocks)
    ok = True
    for setup in dict.fromkeys(b.setup for b in blocks):
        same = [b for b in blocks if b.setup == setup and b.same_code]
        compared = [b for b in blocks if b.setup == setup and not b.same_code]
        print(f"\n== {setup}")
        if same:
            print_same_code(same)
            print_pooled(same, "the same code pooled (should straddle 1.00)", args.seed)
        if compared:
            codes = sorted({f"{b.codes['after']} against {b.codes['before']}" for b in compared})
            ok = print_pooled(compared, "pooled: " + "; ".join(codes), args.seed) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
