"""Scaling on PostgreSQL from one server process to two: the same load (bench/server_load.py's
players) against one `cardroom serve`, then against two processes sharing one PostgreSQL database.

Routing (``--route``):

- ``table`` (the default, as a real deployment routes): every request and socket of a table goes to
  the one process its id picks. The pick is nginx's ``hash $table`` rule (CRC32 of the table id,
  its upper 15 bits, modulo the number of processes), so going through nginx or straight to the
  ports lands on the same process. A new table is created wherever the request lands (it has no id
  yet); from then on its owner serves it.
- ``split`` (the worst case, kept for comparison): each table's two seats talk to different
  processes, so every move is stored by one and reaches the other seat through LISTEN/NOTIFY.
- ``both``: one process, then two with ``table``, then two with ``split``, back to back.

``--via nginx`` (the default when nginx is installed) puts the processes behind one address: an
nginx started here with an ``upstream`` that hashes on the table id taken from the URL (see
docs/server.md); ``--via ports`` talks to each process's port and picks the process itself (client-
side affinity). ``split`` always uses the ports. A throwaway PostgreSQL is started (initdb in a
temporary directory, commits synced to disk as in production) unless --database names one; each run
gets a fresh database. Printed: each run's figures, then all runs side by side.

    python bench/server_scale.py --tables 200 --seconds 30 --route both
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
import time
import zlib
from pathlib import Path
from typing import Any

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))
from tests.server.postgres import Postgres  # noqa: E402

import server_load  # noqa: E402
from server_load import Figures, Table, cpu_seconds, free_port, percentile, run, start_server  # noqa: E402

NGINX_CONF = """\
worker_processes 1;
worker_rlimit_nofile 65536;
daemon off;
pid {root}/nginx.pid;
error_log {root}/error.log warn;
events {{ worker_connections 16384; }}
http {{
    access_log off;
    client_body_temp_path {root}/body;
    proxy_temp_path {root}/proxy;
    # The table id from the URL (/api/tables/{{id}}/...); requests without one (creating a table, the
    # game list) are spread by their request id.
    map $uri $table {{
        ~^/api/tables/(?<id>[^/]+) $id;
        default $request_id;
    }}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        '' '';
    }}
    upstream cardroom {{
        hash $table;
{servers}
        keepalive 256;
        # Below uvicorn's 5 s: nginx must drop an idle connection before the server does, or it
        # sends a request down a connection being closed and answers 502.
        keepalive_timeout 4s;
        keepalive_requests 100000;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://cardroom;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_read_timeout 1h;
        }}
    }}
}}
"""


def owner(table_id: str, processes: int) -> int:
    """The process (0-based) serving a table: nginx's ``hash $table`` first pick, CRC32 of the key,
    its bits 16 to 30, modulo the number of (equally weighted) servers."""
    return ((zlib.crc32(table_id.encode()) >> 16) & 0x7FFF) % processes


class RoutedTable(Table):
    """server_load's table, with every request and socket of a table sent to the process its id
    picks (``route == "table"``), or each seat to its own process as before (``"split"``)."""

    route = "table"

    def __init__(self, bases: list[str], *rest: Any) -> None:
        self.every_base = list(bases)
        super().__init__(bases, *rest)

    @property  # type: ignore[override]
    def table_id(self) -> str:
        return self._table_id

    @table_id.setter
    def table_id(self, value: str) -> None:
        self._table_id = value
        if value and self.route == "table":
            # Table.create posts to self.base (any process: the id is not known yet); from then on
            # both seats, their sockets and the rematch go to the table's own process.
            mine = self.every_base[owner(value, len(self.every_base))]
            self.bases, self.base = [mine], mine


def routed_worker_entry(bases: list[str], args: argparse.Namespace, *rest: Any) -> None:
    """A generator process (spawned): server_load's, playing RoutedTables."""
    RoutedTable.route = args.route_now
    server_load.Table = RoutedTable  # type: ignore[misc]
    server_load.worker_entry(bases, args, *rest)


def fresh_database(url: str, name: str) -> str:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    return url.rsplit("/", 1)[0] + "/" + name


def warm_wal(url: str, megabytes: int = 256) -> None:
    """Fill PostgreSQL's write-ahead log once and let a checkpoint recycle it, as on a server that
    has been running a while. A new cluster creates each 16 MB log file the first time it needs one,
    filled with zeros and synced, and every commit waits meanwhile: stalls of 0.6-1.3 s seen in both
    server processes at once. ``min_wal_size`` keeps the recycled files for the runs that follow."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"ALTER SYSTEM SET min_wal_size = '{megabytes}MB'")
        conn.execute("SELECT pg_reload_conf()")
        conn.execute("CREATE TABLE wal_warmup (pad text)")
        conn.execute("INSERT INTO wal_warmup SELECT repeat('x', 1000) FROM generate_series(1, %s)", (megabytes * 900,))
        conn.execute("DROP TABLE wal_warmup")
        conn.execute("CHECKPOINT")


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and its children (nginx's master and its worker)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return cpu_seconds(pid) + sum(cpu_seconds(int(c)) for c in children)


def start_nginx(root: Path, ports: list[int]) -> tuple[subprocess.Popen[bytes], int]:
    root.mkdir(parents=True, exist_ok=True)
    for sub in ("body", "proxy"):
        (root / sub).mkdir(exist_ok=True)
        (root / sub).chmod(0o777)  # nginx's workers run as nobody when started by root
    port = free_port()
    servers = "\n".join(f"        server 127.0.0.1:{p};" for p in ports)
    conf = root / "nginx.conf"
    conf.write_text(NGINX_CONF.format(root=root, port=port, servers=servers))
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    proc = subprocess.Popen([nginx, "-c", str(conf), "-p", str(root)], stderr=subprocess.DEVNULL)
    import httpx

    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return proc, port
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"nginx did not start: {(root / 'error.log').read_text()[-2000:]}")


def one_run(url: str, processes: int, route: str, via: str, root: Path, args: argparse.Namespace) -> Figures:
    database = fresh_database(url, f"cardroom_scale_{processes}_{route}")
    servers: list[subprocess.Popen[bytes]] = []
    ports: list[int] = []
    nginx = None
    try:
        for _ in range(processes):
            ports.append(free_port())
            servers.append(start_server(ports[-1], database, args.bot_delay))
        args.servers = processes
        args.route_now = route
        bases = [f"http://127.0.0.1:{p}" for p in ports]
        where = f"ports {', '.join(map(str, ports))}"
        if via == "nginx" and route == "table":
            nginx, front = start_nginx(root / f"nginx-{processes}-{route}", ports)
            bases = [f"http://127.0.0.1:{front}"]
            where = f"behind nginx on port {front} ({where})"
        print(f"\n-- {processes} server process{'es' if processes > 1 else ''}, route {route}, {where}")
        nginx_cpu = tree_cpu(nginx.pid) if nginx else 0.0
        figures = run(bases, args, [s.pid for s in servers])
        if nginx is not None:
            # Over the whole run (tables created, warm-up and measuring), not only the measured window.
            print(f"nginx CPU               {tree_cpu(nginx.pid) - nginx_cpu:.1f} s over the whole run")
        return figures
    finally:
        if nginx is not None:
            nginx.send_signal(signal.SIGQUIT)
            try:
                nginx.wait(10)
            except subprocess.TimeoutExpired:
                nginx.kill()
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
    server_load.add_generator_option(parser)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--route", choices=("table", "split", "both"), default="table",
        help="table: a table's requests and sockets all go to the process its id picks (default); "
        "split: each seat to another process (the worst case); both: one process, then table, then split",
    )  # fmt: skip
    parser.add_argument(
        "--via", choices=("nginx", "ports"), default=None,
        help="nginx: the processes behind one nginx address hashing on the table id (default when nginx "
        "is installed); ports: each process's own port, the generator picks",
    )  # fmt: skip
    parser.add_argument("--database", default=None, help="a PostgreSQL URL (default: start a throwaway one)")
    args = parser.parse_args()
    args.timings = False  # server_load's in-server percentiles are for one process started by it
    if not 1 <= args.tables + args.bot_tables <= 10_000 or not 1 <= args.seconds <= 600:
        parser.error("--tables plus --bot-tables is 1 to 10,000 and --seconds 1 to 600")
    via = args.via or ("nginx" if shutil.which("nginx") or Path("/usr/sbin/nginx").exists() else "ports")
    if via == "nginx" and not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        parser.error("--via nginx needs nginx installed (apt-get install nginx-light), or use --via ports")
    routes = ["table", "split"] if args.route == "both" else [args.route]
    runs = [(1, routes[0])] + [(2, r) for r in routes]
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    server_load.worker_entry = routed_worker_entry  # run() spawns generators through this name
    root = Path(tempfile.mkdtemp(prefix="cardroom-scale-"))  # PostgreSQL's (it takes it over)
    fronts = Path(tempfile.mkdtemp(prefix="cardroom-nginx-"))  # nginx's
    fronts.chmod(0o755)
    postgres = None
    results: dict[tuple[int, str], Figures] = {}
    try:
        if args.database:
            url = args.database
        else:
            postgres = Postgres(root, durable=True).start()
            url = postgres.url
            warm_wal(url)
        args.label = "postgresql"
        for n, route in runs:
            results[(n, route)] = one_run(url, n, route, via, fronts, args)
    finally:
        if postgres is not None:
            postgres.stop()
        shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(fronts, ignore_errors=True)
    print(f"\nreached via {via}")
    print("processes  route  actions/s  action p99 ms  push p99 ms  server CPU ms/action  statuses")
    for (n, route), f in results.items():
        print(
            f"{n:9d}  {route if n > 1 else '-':5s}  {f.acknowledged / args.seconds:9.1f}  "
            f"{percentile(f.action_ms, 99):12.1f}  {percentile(f.push_ms, 99):11.1f}  "
            f"{f.server_cpu / max(1, f.acknowledged) * 1000:20.2f}  "
            + ", ".join(f"{k}: {v}" for k, v in sorted(f.statuses.items()))
        )
    one = results[runs[0]]
    for (n, route), f in results.items():
        if n > 1:
            print(
                f"scaling 1 -> {n} processes, route {route}: "
                f"{f.acknowledged / max(1, one.acknowledged):.2f}x the acknowledged actions"
            )


if __name__ == "__main__":
    main()
