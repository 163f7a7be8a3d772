"""Load on a real card room: `cardroom serve` on loopback in its own process, and load generator
processes playing Tacocat tables with two human seats (plus tables where one person plays a bot).

Every person's seat has its WebSocket open; when a seat is to act, it thinks for a random time
(exponential, mean ``--think`` seconds; 0 plays at once) and posts a random legal action; a finished
game is followed by its rematch, so the number of live tables stays what was asked. Printed:
acknowledged actions per second, p50/p99 of the action request, p50/p99 of the WebSocket push (from
posting a move to the other seat's socket showing it), responses by status, the server's CPU time
per acknowledged action (the figure a shared, busy machine distorts least) and its resident memory.

    python bench/server/server_load.py --tables 1000 --bot-tables 100 --think 2 --seconds 60
    python bench/server/server_load.py --tables 200 --think 0 --seconds 20       # capacity: play at once
    python bench/server/server_load.py --tables 300 --database postgresql://cardroom@127.0.0.1:5432/postgres
    python bench/server/server_load.py --tables 1000 --bot-tables 100 --postgres --baseline 5ee58a0 --rounds 3
    python bench/server/server_load.py --url http://127.0.0.1:8000 --pid 1234    # a server already running
    python bench/server/server_load.py --tables 100 --seconds 20 --baseline a9e341b --rounds 3

``--baseline REV`` measures that revision's server too (checked out in a temporary worktree, run by
this checkout's Python and libraries), alternating with this checkout's round by round under the same
load and seeds, and ends with the medians, the ratio after / before and whether it is within 10%
(exit status 1 when it is not). ``--code`` names other code to measure instead of this checkout's
(a revision or a checkout's path; see bench/server/_server_trees.py). ``--postgres`` starts a
throwaway PostgreSQL (commits synced to disk, as in production) and gives each run a fresh database
of it, so two codes with different schemas can alternate.

The generator is ``--procs`` processes (default 2). By default they run in Node.js
(``load_generator.mjs``, when the machine has Node 20 or newer); ``--generator python`` runs the
same players in Python (asyncio, aiohttp, orjson). On a small machine generator and server share
the cores, and the Python generator cost more CPU than the server it measured, while its own event
loop's delays landed in the latencies it timed: see docs/server-speed-postgres.md. The wall-clock figures
are the pair's either way; the CPU time per action is the server's alone.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from _load_node import GeneratorProcess, NodeGenerator, node_command
from _measure import (
    cpu_seconds,
    cpu_wait_seconds,
    free_port,
    percentile,
    rss_mb,
    served_from,
    server_log,
    start_server,
    stop_server,
)
from _server_compare import Measured, log_lines, print_comparison, print_runs
from _server_players import Figures, PythonGenerator, Table, Window, new_tacocat
from _server_postgres import database_for, throwaway_postgres
from _server_report import lines_as_printed, print_figures, print_machine, print_server_timings
from _server_trees import Tree, add_code_options, code_trees, describe, round_args, rounds_of, schedule

# What the other benchmarks take from here.
__all__ = [
    "Figures", "Table", "Window", "cpu_seconds", "free_port", "new_tacocat", "percentile", "rss_mb", "run",
    "start_server",
]  # fmt: skip

ROOT = Path(__file__).resolve().parents[2]


def start_generators(bases: list[str], args: argparse.Namespace) -> list[GeneratorProcess]:
    """``--procs`` generator processes, each with its share of the tables, in Node.js if asked (or
    by default when this machine has it) and in Python otherwise."""
    node = node_command() if args.generator in ("auto", "node") else None
    if args.generator == "node" and node is None:
        raise SystemExit("--generator node needs Node.js 20 or newer on the PATH")
    args.generator_used = "node" if node else "python"
    generators: list[GeneratorProcess] = []
    for i in range(args.procs):
        share = (
            args.tables // args.procs + (i < args.tables % args.procs),
            args.bot_tables // args.procs + (i < args.bot_tables % args.procs),
        )
        seed = args.seed * 1000 + i
        if node:
            config = {
                "bases": bases, "people_tables": share[0], "bot_tables": share[1], "think": args.think,
                "seed": seed, "connections": args.connections, "route": getattr(args, "route_now", None),
            }  # fmt: skip
            generators.append(NodeGenerator(node, config))
        else:
            generators.append(PythonGenerator(bases, args, share, seed))
    return generators


def collect(found: Figures | dict[str, Any]) -> Figures:
    """A generator's figures as :class:`Figures` (the Node generator's arrive as JSON)."""
    if isinstance(found, Figures):
        return found
    return Figures(
        action_ms=found["action_ms"], push_ms=found["push_ms"],
        statuses=Counter({int(k): v for k, v in found["statuses"].items()}), errors=Counter(found["errors"]),
        run_statuses=Counter(found["run_statuses"]), refusals=found["refusals"],
        acknowledged=found["acknowledged"], moves=found["moves"], games=found["games"],
    )  # fmt: skip


def run(bases: list[str], args: argparse.Namespace, server_pids: list[int]) -> Figures:
    """Play against the servers at ``bases`` (process ids ``server_pids``, for CPU and memory)."""
    workers = start_generators(bases, args)
    try:
        return play(workers, args, server_pids)
    finally:
        for worker in workers:  # none is left behind when the benchmark is stopped midway
            worker.stop()


def play(workers: list[GeneratorProcess], args: argparse.Namespace, server_pids: list[int]) -> Figures:
    """The generator processes' tables created, a warm-up, the measured window, their figures."""
    for worker in workers:
        worker.wait_ready()
    rss_idle = sum(rss_mb(pid) for pid in server_pids)
    start = time.time() + args.warmup
    end = start + args.seconds
    for worker in workers:
        worker.start_window(start, end)
    time.sleep(max(0.0, start - time.time()))
    if getattr(args, "on_window", None):  # bench/server/server_profile.py starts sampling the server now
        args.on_window(args.seconds)
    cpu_before = sum(cpu_seconds(pid) for pid in server_pids)
    generator_before = sum(cpu_seconds(w.pid) for w in workers)
    waited_before = sum(cpu_wait_seconds(pid) for pid in server_pids)
    generator_waited_before = sum(cpu_wait_seconds(w.pid) for w in workers)
    load_before = os.getloadavg()[0]
    if args.timings:
        for pid in server_pids:
            os.kill(pid, signal.SIGUSR1)  # the server's timings start afresh with the measured window
    time.sleep(max(0.0, end - time.time()))
    server_cpu = sum(cpu_seconds(pid) for pid in server_pids) - cpu_before
    generator_cpu = sum(cpu_seconds(w.pid) for w in workers) - generator_before
    server_waited = sum(cpu_wait_seconds(pid) for pid in server_pids) - waited_before
    generator_waited = sum(cpu_wait_seconds(w.pid) for w in workers) - generator_waited_before
    if args.timings:
        for pid in server_pids:
            os.kill(pid, signal.SIGUSR2)  # ... and are written to its log now
    load_after = os.getloadavg()[0]
    rss_busy = sum(rss_mb(pid) for pid in server_pids)
    figures = Figures()
    for worker in workers:
        figures.merge(collect(worker.figures()))
    print_figures(args, figures, args.seconds, server_cpu, rss_idle, rss_busy)
    print_machine(args, generator_cpu, generator_waited, server_waited, (load_before, load_after))
    figures.server_cpu = server_cpu
    return figures


def add_generator_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--generator", choices=("auto", "node", "python"), default="auto",
        help="what the generator processes run in: node (Node.js 20+, bench/server/load_generator.mjs, a fraction "
        "of the CPU), python (aiohttp); auto (default): node when this machine has it",
    )  # fmt: skip


def add_player_options(parser: argparse.ArgumentParser, tables: int = 100, bot_tables: int = 0, think: float = 0.0,
                       seconds: float = 20.0, warmup: float = 5.0) -> None:  # fmt: skip
    """The players' options every server benchmark built on this one takes (defaults its own)."""
    parser.add_argument("--tables", type=int, default=tables, help="live Tacocat tables with two people each")
    parser.add_argument("--bot-tables", type=int, default=bot_tables, help="live tables of one person and a bot")
    parser.add_argument("--think", type=float, default=think, help="mean seconds a person thinks (0: at once)")
    parser.add_argument("--bot-delay", type=float, default=0.8, help="the server's least time a bot move takes")
    parser.add_argument("--seconds", type=float, default=seconds, help=f"how long to measure (default {seconds:g})")
    parser.add_argument("--warmup", type=float, default=warmup, help="seconds of play before measuring")
    parser.add_argument("--procs", type=int, default=2, help="load generator processes (default 2)")
    parser.add_argument("--connections", type=int, default=200, help="HTTP connections per generator process")
    add_generator_option(parser)
    parser.add_argument("--seed", type=int, default=1)


def measure(args: argparse.Namespace, tree: Tree, round_: int) -> Measured:
    """One run: a server of ``tree``'s code on a new SQLite file (or ``--database``), played
    against, stopped; its figures and its log's lines over the whole run."""
    workdir = Path(tempfile.mkdtemp(prefix="cardroom-load-"))
    database = args.database or database_for(args.postgres_url, f"cardroom_load_{tree.label}_{round_ + 1}", workdir)
    port = free_port()
    try:
        server = start_server(port, database, args.bot_delay, args.timings, tree.src)
        print(f"server on port {port} imports cardroom from {served_from(port)}")
        try:
            figures = run([f"http://127.0.0.1:{port}"], args, [server.pid])
            if args.timings:
                print_server_timings(port)
        finally:
            stop_server(server)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return Measured(tree.label, round_, args.label, args.seconds, figures, log_lines([server_log(port)]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_player_options(parser)
    parser.add_argument("--database", default=None, help="SQLAlchemy URL (default: a new SQLite file each run)")
    parser.add_argument(
        "--url",
        default=None,
        help="play against a server already running there (with --pid for its CPU and memory)",
    )
    parser.add_argument("--pid", type=int, default=None, help="the process id of the server at --url")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="start a throwaway PostgreSQL (commits synced to disk) and give each run a fresh database of it",
    )
    parser.add_argument(
        "--no-timings",
        dest="timings",
        action="store_false",
        help="do not ask the server it starts for its own timings (on by default; see server/ops/timings.py)",
    )
    add_code_options(parser)
    args = parser.parse_args()
    lines_as_printed()
    if not 1 <= args.tables + args.bot_tables <= 10_000 or not 1 <= args.seconds <= 600 or not 1 <= args.procs <= 16:
        parser.error("--tables plus --bot-tables is 1 to 10,000, --seconds 1 to 600, --procs 1 to 16")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # sockets for every seat, here and in the server
    if args.postgres and (args.database or args.url):
        parser.error("--postgres starts its own database: not with --database or --url")
    args.label = args.database.split(":", 1)[0] if args.database else "sqlite (new file)"
    if args.postgres:
        args.label = "postgresql (fresh database)"
    args.servers = 1
    if args.url:
        if args.baseline or args.code:
            parser.error("--url plays against a server already running: --baseline and --code start their own")
        args.timings = False  # a server started elsewhere may not have them switched on
        if args.pid is None:
            parser.error("--url needs --pid (the server's process id, for its CPU time and memory)")
        run([args.url.rstrip("/")], args, [args.pid])
        return
    rounds = rounds_of(args)
    runs: list[Measured] = []
    with throwaway_postgres(args.postgres) as args.postgres_url, code_trees(args.baseline, args.code) as trees:
        describe(trees)
        for r, tree in schedule(trees, rounds):
            print(
                f"\n-- round {r + 1} of {rounds}, code {tree.label} ({tree.revision.split()[0]}), seed {args.seed + r}"
            )
            runs.append(measure(round_args(args, r), tree, r))
    if len(runs) > 1:
        print_runs(runs)
        met = print_comparison(runs)
        if args.baseline and not met:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
