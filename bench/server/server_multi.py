"""The room on more than one machine: 1, 2 and 4 room processes, each on a "host" of its own (a Linux
network namespace with its own address, bench/server/_server_hosts.py), behind one nginx that routes by
table (a consistent hash of the table id in the path, so a table's requests and sockets all reach
the process that holds it; creating a table goes anywhere), all on one PostgreSQL. Needs root (ip
netns), nginx and PostgreSQL's server binaries.

For each number of processes, on a fresh database:

- tables/s: new tables created through nginx as fast as they are answered (``--create-seconds``);
- bench/server/server_load.py's players through nginx: acknowledged actions/s, action p50/p99, push p99,
  the rooms' CPU per action, errors;

then NOTIFY's cost: ``--writers`` processes committing the room's batches in a closed loop with and
without a ``pg_notify`` per action (bench/server/_server_notify.py), because a notifying commit holds a lock
of the whole cluster until it is durable. Each figure's medians over ``--rounds``, and the ratios
against one process, are printed at the end. On a small machine every process, nginx, PostgreSQL
and the load generator share the cores: compare the ratios within one run.

    python bench/server/server_multi.py --tables 300 --bot-tables 30 --think 1 --seconds 20
    python bench/server/server_multi.py --processes 1 2 --tables 100 --seconds 10 --rounds 1   # a quick look
    python bench/server/server_multi.py --no-room --writers 1 2 4 8                          # NOTIFY alone
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import shutil
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _server_notify
import server_load
from _measure import cpu_seconds, percentile
from _server_hosts import Hosts, nginx_before, postgres_on, room_log, start_room, stop_rooms
from _server_postgres import fresh_database, warm_wal
from _server_report import lines_as_printed
from server_scale import tree_cpu


async def create_tables(base: str, seconds: float, concurrency: int) -> tuple[float, Counter[str]]:
    """New two-person tables created through ``base`` by ``concurrency`` clients for ``seconds``:
    tables per second, and every answer by status."""
    answers: Counter[str] = Counter()
    body = {"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}]}
    until = time.perf_counter() + seconds

    async def client(http: aiohttp.ClientSession) -> None:
        while time.perf_counter() < until:
            try:
                async with http.post(f"{base}/api/tables", json=body) as r:
                    await r.read()
                    answers[str(r.status)] += 1
            except (aiohttp.ClientError, TimeoutError) as exc:
                answers[type(exc).__name__] += 1

    started = time.perf_counter()
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as http:
        await asyncio.gather(*(client(http) for _ in range(concurrency)))
    return answers["201"] / (time.perf_counter() - started), answers


def one_setup(count: int, hosts: Hosts, pg_url: str, args: argparse.Namespace, round_: int) -> dict[str, float]:
    """``count`` rooms on the first ``count`` hosts, behind nginx, on a fresh database: their figures."""
    database = fresh_database(pg_url, f"cardroom_multi_{count}").replace("127.0.0.1", hosts.gateway)
    rooms = []
    try:
        for name, address in zip(hosts.names[:count], hosts.addresses[:count], strict=False):
            rooms.append(start_room(name, address, database, args.bot_delay))
        with nginx_before(hosts.addresses[:count]) as (port, nginx_pid):
            base = f"http://127.0.0.1:{port}"
            print(f"\n-- {count} room process{'es' if count > 1 else ''} on {', '.join(hosts.addresses[:count])} "
                  f"behind nginx on {base} (round {round_ + 1})", flush=True)  # fmt: skip
            cpu_before = sum(cpu_seconds(r.pid) for r in rooms)
            per_second, answers = asyncio.run(create_tables(base, args.create_seconds, args.create_clients))
            created_cpu = sum(cpu_seconds(r.pid) for r in rooms) - cpu_before
            print(f"tables created/s        {per_second:8.1f}   (answers {dict(sorted(answers.items()))}; "
                  f"rooms' CPU {created_cpu / max(1, answers['201']) * 1000:.2f} ms a table)")  # fmt: skip
            nginx_cpu = tree_cpu(nginx_pid)
            args.servers = count
            figures = server_load.run([base], args, [r.pid for r in rooms])
            print(f"nginx CPU               {tree_cpu(nginx_pid) - nginx_cpu:.1f} s over the run")
    finally:
        stop_rooms(rooms)
    errors = [line for r in hosts.addresses[:count] for line in room_log(r).read_text(errors="replace").splitlines()
              if "Traceback" in line or "ERROR" in line]  # fmt: skip
    if errors:
        print(f"rooms' logs: {len(errors)} error lines, the first: {errors[0][:200]}")
    unexpected = sum(v for k, v in answers.items() if k != "201") + sum(figures.errors.values())
    return {
        "tables/s": per_second,
        "actions/s": figures.acknowledged / args.seconds,
        "action p50 ms": percentile(figures.action_ms, 50),
        "action p99 ms": percentile(figures.action_ms, 99),
        "push p99 ms": percentile(figures.push_ms, 99),
        "CPU ms/action": figures.server_cpu / max(1, figures.acknowledged) * 1000,
        "errors": unexpected,
    }


def print_summary(found: dict[int, list[dict[str, float]]]) -> None:
    keys = ["tables/s", "actions/s", "action p50 ms", "action p99 ms", "push p99 ms", "CPU ms/action", "errors"]
    print("\nmedians over the rounds, and the ratio to one process (same run, same machine)")
    print(f"{'processes':>9}" + "".join(f"{k:>16}" for k in keys))
    medians = {n: {k: statistics.median(r[k] for r in rows) for k in keys} for n, rows in found.items()}
    one = medians.get(min(medians))
    for n, m in medians.items():
        print(f"{n:>9}" + "".join(f"{m[k]:>16.1f}" for k in keys))
        if one is not None and n != min(medians):
            ratios = "".join(f"{(m[k] / one[k] if one[k] else float('nan')):>15.2f}x" for k in keys[:-1])
            print(f"{'':>9}{ratios}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4], help="room processes (hosts) to try")
    server_load.add_player_options(parser, tables=300, bot_tables=30, think=1.0)
    parser.add_argument("--create-seconds", type=float, default=5.0, help="how long tables are created for tables/s")
    parser.add_argument("--create-clients", type=int, default=32, help="clients creating tables at once")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of every setup (medians are printed)")
    parser.add_argument("--room", action=argparse.BooleanOptionalAction, default=True, help="measure the rooms")
    parser.add_argument("--writers", type=int, nargs="+", default=None,
                        help="writing processes for NOTIFY's cost (default: --processes; none: --no-notify)")  # fmt: skip
    parser.add_argument("--notify", action=argparse.BooleanOptionalAction, default=True, help="measure NOTIFY's cost")
    parser.add_argument("--batch", type=int, default=2, help="actions a commit stores in the NOTIFY measure")
    parser.add_argument("--notify-seconds", type=float, default=5.0, help="length of each NOTIFY measure")
    args = parser.parse_args()
    lines_as_printed()
    if os.geteuid() != 0:
        parser.error("separate hosts are network namespaces: run as root")
    if args.room and not shutil.which("nginx") and not Path("/usr/sbin/nginx").exists():
        parser.error("nginx is needed in front of the rooms: apt-get install nginx-light")
    if not all(1 <= n <= 16 for n in args.processes) or not 1 <= args.rounds <= 10:
        parser.error("--processes are 1 to 16 each and --rounds 1 to 10")
    if not 1 <= args.tables + args.bot_tables <= 10_000 or not 1 <= args.seconds <= 600:
        parser.error("--tables plus --bot-tables is 1 to 10,000 and --seconds 1 to 600")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    args.timings, args.label = False, "postgresql"
    found: dict[int, list[dict[str, float]]] = {}
    with Hosts(max(args.processes)) as hosts, postgres_on(hosts.gateway, f"{hosts.gateway}/24") as pg:
        print(f"{len(hosts.names)} hosts (network namespaces) on bridge {hosts.bridge}, PostgreSQL on "
              f"{hosts.gateway}:{pg.port}; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")  # fmt: skip
        warm_wal(pg.url)
        if args.room:
            for r in range(args.rounds):
                order = args.processes if r % 2 == 0 else list(reversed(args.processes))
                for count in order:
                    argv = argparse.Namespace(**{**vars(args), "seed": args.seed + r})
                    found.setdefault(count, []).append(one_setup(count, hosts, pg.url, argv, r))
            print_summary(dict(sorted(found.items())))
        if args.notify:
            print(f"\nNOTIFY's cost: writers committing {args.batch} action{'s' if args.batch > 1 else ''} a "
                  f"commit in a closed loop, {args.notify_seconds:g} s a measure")  # fmt: skip
            lines = _server_notify.measure(pg.url, args.writers or args.processes, args.batch,
                                           args.notify_seconds, args.rounds)  # fmt: skip
            print("\n".join(lines))
        print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
