"""What bench/server/server_load.py prints after one run: the players' figures, what the machine did
meanwhile (the generator's CPU, the server's wait for a CPU, the load average), and the server's own
timings from its log."""

from __future__ import annotations

import argparse
import io
import os
import sys
import time

from _measure import percentile, server_log
from _server_players import Figures


def print_figures(
    args: argparse.Namespace, f: Figures, elapsed: float, server_cpu: float, rss_idle: float, rss_busy: float
) -> None:
    tables = args.tables + args.bot_tables
    print(
        f"servers {args.servers}   tables {args.tables} with two people + {args.bot_tables} with a bot   "
        f"database {args.label}"
        f"   think {args.think:g} s   measured {elapsed:.0f} s"
        f"   generator processes {args.procs} ({args.generator_used})"
    )
    print(
        f"acknowledged actions/s  {f.acknowledged / elapsed:8.1f}   ({f.acknowledged} actions; "
        f"{f.moves / elapsed:.1f} moves/s stored with bots' and partners', {f.games} games finished)"
    )
    print(
        f"action request ms       p50 {percentile(f.action_ms, 50):7.1f}   p99 {percentile(f.action_ms, 99):7.1f}"
        f"   ({len(f.action_ms)} requests)"
    )
    print(
        f"websocket push ms       p50 {percentile(f.push_ms, 50):7.1f}   p99 {percentile(f.push_ms, 99):7.1f}"
        f"   ({len(f.push_ms)} pushes)"
    )
    print(
        f"server CPU per action   {server_cpu / max(1, f.acknowledged) * 1000:.2f} ms"
        f"   (server busy {server_cpu / elapsed * 100:.0f}% of one core)"
    )
    print("responses by status     " + (", ".join(f"{k}: {v}" for k, v in sorted(f.statuses.items())) or "none"))
    print("errors                  " + (", ".join(f"{k}: {v}" for k, v in sorted(f.errors.items())) or "none"))
    for r in sorted(f.refusals, key=lambda r: r["at"]):  # a sound room answers none of these
        where = f"table {r['table']}" + (f" step {r['step']}" if r["step"] is not None else "")
        print(f"unexpected response     {r['request']} {r['status']} to seat {r['seat']}, {where}, "
              f"at {time.strftime('%H:%M:%S', time.gmtime(r['at']))}: {r['detail']}")  # fmt: skip
    print(
        f"server resident memory  {rss_idle:.0f} MB with the tables created, {rss_busy:.0f} MB under load"
        f" ({rss_busy / max(1, tables) * 1024:.0f} KB a live table, interpreter and libraries included)"
    )


def print_machine(
    args: argparse.Namespace, generator_cpu: float, generator_waited: float, server_waited: float,
    load: tuple[float, float],
) -> None:  # fmt: skip
    """Who else had the cores while measuring: the generator, other programs (the server's wait)."""
    print(
        f"load generator CPU      {generator_cpu / args.seconds * 100:.0f}% of one core over {args.procs} processes"
        f" ({generator_cpu / args.seconds / args.procs * 100:.0f}% each; 100% each would mean the generator,"
        f" not the server, sets the pace); it waited {generator_waited:.1f} s for a CPU"
    )
    print(
        f"server waited for a CPU {server_waited:.1f} s of the {args.seconds:.0f} s (runnable, but other"
        f" programs had the cores: {server_waited / args.seconds * 100:.0f}% of the time)"
    )
    print(
        f"machine                 load average {load[0]:.1f} at the start, {load[1]:.1f} at the end;"
        f" {os.cpu_count()} cores; this script at nice {os.nice(0)}"
    )


def print_server_timings(port: int) -> None:
    """The server's own percentiles over the measured window (from its log, where SIGUSR2 put them)."""
    log = server_log(port)
    deadline = time.time() + 10
    while time.time() < deadline:
        printed = timings_as_printed(log.read_text(errors="replace"))
        if printed:
            print("\n".join(printed))
            return
        time.sleep(0.2)
    print("inside the server: no timings were written to its log")


def timings_as_printed(log: str) -> list[str]:
    """The timing lines of a server's log (``timings.report``) as this report prints them, under
    their heading; nothing if the log has none. ``server_blocks.py`` reads them back."""
    lines = [line.removeprefix("timing ") for line in log.splitlines() if line.startswith("timing ")]
    if not lines:
        return []
    return [
        "inside the server, over the measured window (ms; commit batch size in actions):",
        *("  " + x for x in lines),
    ]


def lines_as_printed() -> None:
    """Each line of progress shows when it is printed, also through a pipe (``| tee``)."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
