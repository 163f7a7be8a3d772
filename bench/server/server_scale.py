"""Scaling on PostgreSQL from one server process to two: the same load (bench/server/server_load.py's
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

    python bench/server/server_scale.py --tables 200 --seconds 30 --route both
    python bench/server/server_scale.py --tables 1000 --bot-tables 100 --think 2 --seconds 60
    python bench/server/server_scale.py --tables 200 --seconds 20 --baseline a9e341b --rounds 3

``--baseline REV`` measures that revision's server too, alternating with this checkout's round by
round (each round: one process, then two, for each code), and ends with the medians, the ratio after
/ before and whether it is within 10%, as bench/server/server_load.py does.
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

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))
import server_load  # noqa: E402
from _measure import answering, cpu_seconds, free_port, served_from, server_log, start_server, stop_gently  # noqa: E402
from _server_compare import Measured, log_lines, print_comparison, print_runs  # noqa: E402
from _server_postgres import fresh_database, warm_wal  # noqa: E402
from _server_report import lines_as_printed  # noqa: E402
from _server_trees import Tree, add_code_options, code_trees, describe, round_args, rounds_of, schedule  # noqa: E402
from server_load import run  # noqa: E402
from tests.server.postgres import Postgres  # noqa: E402

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


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and its children (nginx's master and its worker)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return cpu_seconds(pid) + sum(cpu_seconds(int(c)) for c in children)


def start_nginx(root: Path, upstreams: list[str], template: str = NGINX_CONF) -> tuple[subprocess.Popen[bytes], int]:
    """nginx on a free loopback port in front of ``upstreams`` (``host:port`` each), configured by
    ``template``: the process and its port, once it answers."""
    root.mkdir(parents=True, exist_ok=True)
    for sub in ("body", "proxy"):
        (root / sub).mkdir(exist_ok=True)
        (root / sub).chmod(0o777)  # nginx's workers run as nobody when started by root
    port = free_port()
    servers = "\n".join(f"        server {u};" for u in upstreams)
    conf = root / "nginx.conf"
    conf.write_text(template.format(root=root, port=port, servers=servers))
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    proc = subprocess.Popen([nginx, "-c", str(conf), "-p", str(root)], stderr=subprocess.DEVNULL)
    if answering(
        proc,
        f"http://127.0.0.1:{port}/api/games",
        20,
        lambda: f"nginx exited: {(root / 'error.log').read_text()[-2000:]}",
    ):
        return proc, port
    proc.kill()
    raise SystemExit(f"nginx did not start: {(root / 'error.log').read_text()[-2000:]}")


def stop_nginx(proc: subprocess.Popen[bytes]) -> None:
    """SIGQUIT (finish what is being served), and SIGKILL if it has not stopped within 10 s."""
    stop_gently(proc, signal.SIGQUIT, 10)


def one_run(
    url: str,
    processes: int,
    route: str,
    via: str,
    root: Path,
    args: argparse.Namespace,
    tree: Tree,
    round_: int,
) -> Measured:
    """``processes`` servers of ``tree``'s code on a fresh database, played against, stopped."""
    database = fresh_database(url, f"cardroom_scale_{processes}_{route}")
    servers: list[subprocess.Popen[bytes]] = []
    ports: list[int] = []
    nginx = None
    try:
        for _ in range(processes):
            ports.append(free_port())
            servers.append(start_server(ports[-1], database, args.bot_delay, src=tree.src))
        args.servers = processes
        args.route_now = route
        bases = [f"http://127.0.0.1:{p}" for p in ports]
        where = f"ports {', '.join(map(str, ports))}"
        if via == "nginx" and route == "table":
            nginx, front = start_nginx(root / f"nginx-{processes}-{route}", [f"127.0.0.1:{p}" for p in ports])
            bases = [f"http://127.0.0.1:{front}"]
            where = f"behind nginx on port {front} ({where})"
        print(f"\n-- {setup_name(processes, route)}, {where}, code {tree.label} (round {round_ + 1})")
        print(f"servers import cardroom from {', '.join(sorted({str(served_from(p)) for p in ports}))}")
        nginx_cpu = tree_cpu(nginx.pid) if nginx else 0.0
        figures = run(bases, args, [s.pid for s in servers])
        if nginx is not None:
            # Over the whole run (tables created, warm-up and measuring), not only the measured window.
            print(f"nginx CPU               {tree_cpu(nginx.pid) - nginx_cpu:.1f} s over the whole run")
    finally:
        if nginx is not None:
            stop_nginx(nginx)
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
    logs = log_lines(server_log(p) for p in ports)
    return Measured(tree.label, round_, setup_name(processes, route), args.seconds, figures, logs)


def setup_name(processes: int, route: str) -> str:
    return "1 process" if processes == 1 else f"{processes} processes, route {route}"


def print_scaling(measured: list[Measured], runs: list[tuple[int, str]]) -> None:
    """Each code's acknowledged actions with more processes against one, round by round."""
    for m in measured:
        if m.setup != setup_name(*runs[0]):
            one = next(
                o for o in measured if o.tree == m.tree and o.round == m.round and o.setup == setup_name(*runs[0])
            )
            print(
                f"scaling, code {m.tree}, round {m.round + 1}: 1 -> {m.setup}: "
                f"{m.figures.acknowledged / max(1, one.figures.acknowledged):.2f}x the acknowledged actions"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="live Tacocat tables with two people each")
    parser.add_argument("--bot-tables", type=int, default=0, help="live tables of one person and a bot")
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a person thinks (0: at once)")
    parser.add_argument("--bot-delay", type=float, default=0.8, help="the server's least time a bot move takes")
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
    add_code_options(parser)
    args = parser.parse_args()
    lines_as_printed()
    args.timings = False  # server_load's in-server percentiles are for one process started by it
    if not 1 <= args.tables + args.bot_tables <= 10_000 or not 1 <= args.seconds <= 600:
        parser.error("--tables plus --bot-tables is 1 to 10,000 and --seconds 1 to 600")
    via = args.via or ("nginx" if shutil.which("nginx") or Path("/usr/sbin/nginx").exists() else "ports")
    if via == "nginx" and not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        parser.error("--via nginx needs nginx installed (apt-get install nginx-light), or use --via ports")
    routes = ["table", "split"] if args.route == "both" else [args.route]
    runs = [(1, routes[0])] + [(2, r) for r in routes]
    rounds = rounds_of(args)
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    root = Path(tempfile.mkdtemp(prefix="cardroom-scale-"))  # PostgreSQL's (it takes it over)
    fronts = Path(tempfile.mkdtemp(prefix="cardroom-nginx-"))  # nginx's
    fronts.chmod(0o755)
    postgres = None
    measured: list[Measured] = []
    try:
        with code_trees(args.baseline, args.code) as trees:
            describe(trees)
            if args.database:
                url = args.database
            else:
                postgres = Postgres(root, durable=True).start()
                url = postgres.url
                warm_wal(url)
            args.label = "postgresql"
            for r, tree in schedule(trees, rounds):
                for n, route in runs:
                    measured.append(one_run(url, n, route, via, fronts, round_args(args, r), tree, r))
    finally:
        if postgres is not None:
            postgres.stop()
        shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(fronts, ignore_errors=True)
    print(f"\nreached via {via}")
    print_runs(measured)
    print()
    print_scaling(measured, runs)
    met = print_comparison(measured)
    if args.baseline and not met:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
