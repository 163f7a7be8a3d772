"""Where the room's CPU goes under load: bench/server/server_load.py's players against a real `cardroom
serve`, sampled by py-spy over the measured window, and the samples summed by function. With
``--baseline REV`` the same is done for that revision's server (its own tree, alternating round by
round, same load and seeds), and each function's CPU per acknowledged action is printed side by side,
with the difference: what got slower, named by file and function.

    python bench/server/server_profile.py --tables 1000 --bot-tables 100 --think 1.4 --seconds 25 --baseline 5ee58a0
    python bench/server/server_profile.py --tables 200 --think 0.5 --seconds 10       # this checkout alone
    python bench/server/server_profile.py --stalls --tables 1000 --bot-tables 100 --think 1.4 --baseline 5ee58a0

Printed per code: acknowledged actions, samples, and the functions with the most CPU per action,
inclusive (the function and everything it called) and self (its own lines). With ``--calls`` the server counts its calls on the
event loop's thread exactly instead (``_server_calls``): calls and the profiler's time per action by
function, for two codes on a shared machine where samples swing. With ``--stalls`` it samples the
event loop's stack only when the loop runs late (``_server_stalls``): what holds up the tail, not
where the CPU goes. The raw samples
(py-spy's collapsed stacks) are kept with ``--keep DIR`` for a flame graph (``flamegraph.pl`` or
speedscope.app). py-spy samples without stopping the server (``--nonblocking``), at ``--rate`` Hz,
the thread holding the GIL only (``--gil``): the Python work of the event loop and the room's threads;
time in C that lets the GIL go (SQLite's writes and syncs, a compiled kernel's search) is not counted.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import server_load
from _measure import free_port, start_server, stop_server
from _server_calls import Calls, print_calls, short_path
from _server_postgres import database_for, throwaway_postgres
from _server_report import lines_as_printed
from _server_stalls import Stalls, print_stalls
from _server_trees import Tree, add_code_options, code_trees, describe, round_args, rounds_of, schedule

FRAME = re.compile(r"^(?P<function>.*?) \((?P<file>[^()]*?)(?::\d+)?\)$")
PY_SPY = Path(sys.executable).parent / "py-spy"


@dataclass
class Sampled:
    """One run's acknowledged actions, the server's CPU seconds and py-spy's samples by function."""

    acked: int
    cpu: float
    inclusive: Counter[str]
    own: Counter[str]
    samples: int


def where(frame: str) -> str:
    """``file:function`` of a py-spy frame ``function (path/to/file.py:123)``, the path cut to the
    package (``cardroom/server/room/play.py``) or the library (``uvicorn/...``)."""
    found = FRAME.match(frame)
    if not found:
        return frame
    return f"{short_path(found['file'])}:{found['function']}"


def summed(raw: Path) -> tuple[Counter[str], Counter[str], int]:
    """Samples by function, inclusive and self, and the number of samples, from py-spy's raw output
    (one line a distinct stack: ``frame;frame;...;frame count``, outermost first)."""
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in raw.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        n = int(count)
        total += n
        frames = [where(f) for f in stack.split(";") if not f.startswith("process ") and not f.startswith("thread ")]
        for name in set(frames):
            inclusive[name] += n
        if frames:
            own[frames[-1]] += n
    return inclusive, own, total


def count_once(args: argparse.Namespace, tree: Tree, round_: int, keep: Path, found: Calls | Stalls) -> None:
    """One run with the server counting its calls (``--calls``) or sampling its late event loop
    (``--stalls``) over the measured window."""
    workdir = Path(tempfile.mkdtemp(prefix="cardroom-profile-"))
    stalls = isinstance(found, Stalls)
    counted = keep / f"{tree.label}-round{round_ + 1}.{'stalls' if stalls else 'pstats'}"
    counted.unlink(missing_ok=True)
    port = free_port()
    try:
        database = database_for(args.postgres_url, f"cardroom_profile_{tree.label}_{round_ + 1}", workdir)
        server = start_server(
            port, database, args.bot_delay, False, tree.src,
            calls_to=None if stalls else counted, stalls_to=counted if stalls else None,
        )  # fmt: skip

        def count_window(seconds: float) -> None:
            os.kill(server.pid, signal.SIGUSR1)
            threading.Timer(seconds, os.kill, (server.pid, signal.SIGUSR2)).start()

        try:
            args.on_window = count_window
            figures = server_load.run([f"http://127.0.0.1:{port}"], args, [server.pid])
            for _ in range(100):  # the counts are written when the window's timer fires
                if counted.exists() and counted.stat().st_size:
                    break
                time.sleep(0.1)
        finally:
            stop_server(server)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    found.add(counted, figures.acknowledged)


def profile_once(args: argparse.Namespace, tree: Tree, round_: int, keep: Path) -> Sampled:
    """One run: the server of ``tree``, played against, sampled over the measured window."""
    workdir = Path(tempfile.mkdtemp(prefix="cardroom-profile-"))
    port = free_port()
    raw = keep / f"{tree.label}-round{round_ + 1}.txt"
    try:
        database = database_for(args.postgres_url, f"cardroom_profile_{tree.label}_{round_ + 1}", workdir)
        server = start_server(port, database, args.bot_delay, False, tree.src)
        spy: subprocess.Popen[bytes] | None = None

        def sample_window(seconds: float) -> None:
            nonlocal spy
            spy = subprocess.Popen(
                [str(PY_SPY), "record", "--pid", str(server.pid), "--format", "raw", "--output", str(raw),
                 "--rate", str(args.rate), "--duration", str(int(seconds)), "--nonblocking", "--gil"],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            )  # fmt: skip

        try:
            args.on_window = sample_window
            figures = server_load.run([f"http://127.0.0.1:{port}"], args, [server.pid])
            if spy is not None:
                spy.wait(60)
        finally:
            stop_server(server)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    inclusive, own, total = summed(raw) if raw.exists() else (Counter(), Counter(), 0)
    return Sampled(figures.acknowledged, figures.server_cpu, inclusive, own, total)


def per_action(runs: list[Sampled], key: str) -> Counter[str]:
    """The server's CPU per acknowledged action (ms), split by function in the proportions of the
    samples, over ``runs`` together. Samples are not CPU time themselves: on a busy machine the
    thread holding the GIL is often waiting for a core, and is sampled all the same."""
    acked = sum(r.acked for r in runs)
    cpu_ms = sum(r.cpu for r in runs) * 1000 / max(1, acked)
    samples = sum(r.samples for r in runs)
    found: Counter[str] = Counter()
    for r in runs:
        found.update(r.inclusive if key == "inclusive" else r.own)
    return Counter({k: v / max(1, samples) * cpu_ms for k, v in found.items()})


def print_table(title: str, by_code: dict[str, Counter[str]], top: int) -> None:
    codes = list(by_code)
    print(f"\n{title} (ms of the server's CPU per acknowledged action, split as the samples fell)")
    last = by_code[codes[-1]]
    first = by_code[codes[0]]
    # The frames every sample passes through (the thread's start, the event loop's run) say nothing.
    roots = {k for c in codes for k, v in by_code[c].items() if v >= 0.9 * max(by_code[c].values(), default=0)}
    names = (set(first) | set(last)) - roots
    order = sorted(names, key=lambda k: -(max(last[k], first[k])))[:top]
    if len(codes) == 2:
        order = sorted(order, key=lambda k: -(last[k] - first[k]))
    print("".join(f"{c:>10}" for c in codes) + ("      diff" if len(codes) == 2 else "") + "   function")
    for k in order:
        row = "".join(f"{by_code[c][k]:>10.3f}" for c in codes)
        if len(codes) == 2:
            row += f"{last[k] - first[k]:>+10.3f}"
        print(f"{row}   {k}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    server_load.add_player_options(parser, tables=200, think=1.0)
    parser.add_argument("--rate", type=int, default=200, help="py-spy's samples per second")
    parser.add_argument("--top", type=int, default=25, help="functions to print in each table")
    parser.add_argument("--keep", type=Path, default=None, help="a folder to keep py-spy's raw samples in")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="start a throwaway PostgreSQL (commits synced to disk) and give each run a fresh database of it",
    )
    parser.add_argument(
        "--calls", action="store_true", help="count the event loop's calls exactly (cProfile) instead of sampling"
    )
    parser.add_argument(
        "--stalls", action="store_true", help="sample the event loop's stack only when it runs 3 ms late or more"
    )
    add_code_options(parser)
    args = parser.parse_args()
    lines_as_printed()
    if args.calls and args.stalls:
        parser.error("--calls and --stalls are two different runs: choose one")
    if not PY_SPY.exists() and not args.calls and not args.stalls:
        parser.error(f"py-spy is needed beside this Python ({PY_SPY}): pip install py-spy")
    if not 1 <= args.tables + args.bot_tables <= 10_000 or not 1 <= args.seconds <= 600:
        parser.error("--tables plus --bot-tables is 1 to 10,000 and --seconds 1 to 600")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    args.timings, args.servers = False, 1
    args.label = "postgresql (fresh database)" if args.postgres else "sqlite (new file)"
    keep = args.keep or Path(tempfile.mkdtemp(prefix="cardroom-profile-samples-"))
    keep.mkdir(parents=True, exist_ok=True)
    runs: dict[str, list[Sampled]] = {}
    counted: dict[str, Calls] = {}
    late: dict[str, Stalls] = {}
    with throwaway_postgres(args.postgres) as args.postgres_url, code_trees(args.baseline, args.code) as trees:
        describe(trees)
        for r, tree in schedule(trees, rounds_of(args)):
            print(f"\n-- round {r + 1}, code {tree.label} ({tree.revision.split()[0]}), seed {args.seed + r}")
            if args.calls:
                count_once(round_args(args, r), tree, r, keep, counted.setdefault(tree.label, Calls()))
            elif args.stalls:
                count_once(round_args(args, r), tree, r, keep, late.setdefault(tree.label, Stalls()))
            else:
                runs.setdefault(tree.label, []).append(profile_once(round_args(args, r), tree, r, keep))
    if args.calls:
        print_calls(counted, args.top)
        print(f"\nthe counts (cProfile's format) in {keep}")
        return
    if args.stalls:
        print_stalls(late, args.top)
        print(f"\nthe late stacks in {keep}")
        return
    for label, found in runs.items():
        acked = sum(f.acked for f in found)
        cpu = sum(f.cpu for f in found)
        samples = sum(f.samples for f in found)
        print(f"code {label}: {acked} actions acknowledged, server CPU {cpu / max(1, acked) * 1000:.2f} ms an action, "
              f"{samples} samples ({samples / args.rate / max(1, acked) * 1000:.2f} ms an action sampled)")  # fmt: skip
    print_table("inclusive", {k: per_action(v, "inclusive") for k, v in runs.items()}, args.top)
    print_table("self", {k: per_action(v, "own") for k, v in runs.items()}, args.top)
    print(f"\nraw samples in {keep}")


if __name__ == "__main__":
    main()
