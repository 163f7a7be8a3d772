"""Scaling on PostgreSQL from one server process to two: the same load (bench/server_load.py's
players) against one `cardroom serve`, then against two processes sharing one PostgreSQL database.

With two processes the room is reached through several ports (one per process; no proxy): every
table's two seats talk to different processes (seat 0 to one, seat 1 to the other, alternating by
table), so every move is stored by one process and reaches the other seat's socket through
PostgreSQL's LISTEN/NOTIFY. A throwaway PostgreSQL is started (initdb in a temporary directory,
commits synced to disk as in production) unless --database names one; each run gets a fresh
database. Printed: each run's figures, then actions/s and CPU per action side by side.

    python bench/server_scale.py --tables 200 --seconds 30
    python bench/server_scale.py --tables 1000 --bot-tables 100 --think 2 --seconds 60
"""

from __future__ import annotations

import argparse
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))
from tests.server.postgres import Postgres  # noqa: E402

from server_load import Figures, free_port, run, start_server  # noqa: E402


def fresh_database(url: str, name: str) -> str:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    return url.rsplit("/", 1)[0] + "/" + name


def one_run(url: str, processes: int, args: argparse.Namespace) -> Figures:
    database = fresh_database(url, f"cardroom_scale_{processes}")
    servers: list[subprocess.Popen[bytes]] = []
    ports: list[int] = []
    try:
        for _ in range(processes):
            ports.append(free_port())
            servers.append(start_server(ports[-1], database, args.bot_delay))
        args.servers = processes
        print(
            f"-- {processes} server process{'es' if processes > 1 else ''} on ports {', '.join(map(str, ports))}"
        )
        return run([f"http://127.0.0.1:{p}" for p in ports], args, [s.pid for s in servers])
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=200, help="live Tacocat tables with two people each")
    parser.add_argument("--bot-tables", type=int, default=0, help="live tables of one person and a bot")
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a person thinks (0: at once)")
    parser.add_argument(
        "--bot-delay", type=float, default=0.8, help="the server's least time a bot move takes"
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to measure each run")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of play before measuring")
    parser.add_argument("--procs", type=int, default=2, help="load generator processes")
    parser.add_argument("--connections", type=int, default=200, help="HTTP connections per generator process")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", default=None, help="a PostgreSQL URL (default: start a throwaway one)")
    args = parser.parse_args()
    if not 1 <= args.tables + args.bot_tables <= 10_000 or not 1 <= args.seconds <= 600:
        parser.error("--tables plus --bot-tables is 1 to 10,000 and --seconds 1 to 600")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    root = Path(tempfile.mkdtemp(prefix="cardroom-scale-"))
    postgres = None
    try:
        if args.database:
            url = args.database
        else:
            postgres = Postgres(root, durable=True).start()
            url = postgres.url
        args.label = "postgresql"
        results = {n: one_run(url, n, args) for n in (1, 2)}
    finally:
        if postgres is not None:
            postgres.stop()
        shutil.rmtree(root, ignore_errors=True)
    print("\nprocesses  actions/s  action p99 ms  push p99 ms  server CPU ms/action  statuses")
    from server_load import percentile

    for n, f in results.items():
        print(
            f"{n:9d}  {f.acknowledged / args.seconds:9.1f}  {percentile(f.action_ms, 99):12.1f}  "
            f"{percentile(f.push_ms, 99):11.1f}  {f.server_cpu / max(1, f.acknowledged) * 1000:20.2f}  "
            + ", ".join(f"{k}: {v}" for k, v in sorted(f.statuses.items()))
        )
    one, two = results[1], results[2]
    print(
        f"scaling 1 -> 2 processes: {two.acknowledged / max(1, one.acknowledged):.2f}x the acknowledged actions"
    )


if __name__ == "__main__":
    main()
