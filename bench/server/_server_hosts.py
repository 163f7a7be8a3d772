"""Separate "hosts" on one machine for bench/server/server_multi.py: each a Linux network namespace with an
address of its own on a bridge, where a `cardroom serve` runs as it would on its own machine; one
PostgreSQL and one nginx in the machine's own namespace, reached over the bridge. Needs root.

The bridge is 10.88.N.1/24 (N picked free), host ``i`` is 10.88.N.(10 + i). Everything made here is
removed on exit, also after an error or Ctrl-C.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from _measure import answering, stop_server  # noqa: E402
from server_scale import NGINX_CONF as SCALE_NGINX_CONF  # noqa: E402
from server_scale import start_nginx, stop_nginx  # noqa: E402
from tests.server.postgres import Postgres, _as_owner  # noqa: E402

SERVER_PORT = 8000  # every host's room listens on its own address, on the same port as in production


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


class Hosts:
    """``count`` network namespaces on one bridge (see the module's docstring)."""

    def __init__(self, count: int) -> None:
        self.tag = os.getpid() % 10_000
        self.subnet = 100 + os.getpid() % 150  # 10.88.<subnet>.0/24, unlikely to collide with a second run
        self.bridge = f"crb{self.tag}"
        self.names = [f"cardroom-{self.tag}-h{i + 1}" for i in range(count)]
        self.gateway = f"10.88.{self.subnet}.1"
        self.addresses = [f"10.88.{self.subnet}.{11 + i}" for i in range(count)]

    def __enter__(self) -> Hosts:
        try:
            ip("link", "add", self.bridge, "type", "bridge")
            ip("addr", "add", f"{self.gateway}/24", "dev", self.bridge)
            ip("link", "set", self.bridge, "up")
            for i, (name, address) in enumerate(zip(self.names, self.addresses, strict=True)):
                veth = f"crv{self.tag}h{i + 1}"
                ip("netns", "add", name)
                ip("link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", name)
                ip("link", "set", veth, "master", self.bridge)
                ip("link", "set", veth, "up")
                ip("-n", name, "addr", "add", f"{address}/24", "dev", "eth0")
                ip("-n", name, "link", "set", "eth0", "up")
                ip("-n", name, "link", "set", "lo", "up")
                ip("-n", name, "route", "add", "default", "via", self.gateway)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *_exc: object) -> None:
        for name in self.names:
            subprocess.run(["ip", "netns", "del", name], capture_output=True)  # its veth goes with it
        subprocess.run(["ip", "link", "del", self.bridge], capture_output=True)


@contextmanager
def postgres_on(gateway: str, subnet: str) -> Iterator[Postgres]:
    """A throwaway PostgreSQL (commits synced to disk, as in production) listening on loopback and on
    the bridge, letting the hosts of ``subnet`` in."""
    root = Path(f"/tmp/cardroom-multi-pg-{os.getpid()}")
    pg = Postgres(root, durable=True).start()
    try:
        pg.stop()
        with (pg.data / "pg_hba.conf").open("a") as hba:
            hba.write(f"host all all {subnet} trust\n")
        options = f"-p {pg.port} -k {root} -c listen_addresses=127.0.0.1,{gateway} -c max_connections=300"
        command = [pg._bin("pg_ctl"), "-D", str(pg.data), "-o", options, "-l", str(root / "log"), "-w", "start"]
        subprocess.run(_as_owner(command), check=True, capture_output=True)
        yield pg
    finally:
        pg.stop()
        shutil.rmtree(root, ignore_errors=True)


def start_room(host: str, address: str, database: str, bot_delay: float) -> subprocess.Popen[bytes]:
    """`cardroom serve` inside network namespace ``host`` on ``address`` (its log: :func:`room_log`)."""

    env = {
        **os.environ,
        "CARDROOM_BOT_DELAY": str(bot_delay),
        "CARDROOM_TABLES_PER_MINUTE": "1000000",  # every table comes from one address here
        "FORWARDED_ALLOW_IPS": address.rsplit(".", 1)[0] + ".1",  # nginx, on the bridge
    }
    cardroom = shutil.which("cardroom", path=str(Path(sys.executable).parent)) or "cardroom"
    log = room_log(address)
    with log.open("wb") as sink:
        proc = subprocess.Popen(
            ["ip", "netns", "exec", host, cardroom, "serve", "--host", address, "--port", str(SERVER_PORT),
             "--database", database],
            env=env, stdout=subprocess.DEVNULL, stderr=sink,
        )  # fmt: skip
    if answering(
        proc,
        f"http://{address}:{SERVER_PORT}/api/games",
        60,
        lambda: f"the room on {host} exited: {log.read_text()[-3000:]}",
    ):
        return proc
    proc.kill()
    raise SystemExit(f"the room on {host} did not answer within 60 s: {log.read_text()[-3000:]}")


def room_log(address: str) -> Path:
    """Where the room on ``address`` writes its log (kept after the run, for a look at errors)."""
    return Path(f"/tmp/cardroom-multi-{address}.log")


def stop_rooms(rooms: list[subprocess.Popen[bytes]]) -> None:
    for room in rooms:
        stop_server(room)


# server_scale.py's nginx, with consistent hashing (ketama): adding or removing a process moves
# only that process's share of the tables.
NGINX_CONF = SCALE_NGINX_CONF.replace("hash $table;", "hash $table consistent;")


@contextmanager
def nginx_before(addresses: list[str]) -> Iterator[tuple[int, int]]:
    """nginx on a free loopback port in front of the rooms at ``addresses``: (its port, its pid)."""
    root = Path(f"/tmp/cardroom-multi-nginx-{os.getpid()}")
    root.mkdir(parents=True, exist_ok=True)
    root.chmod(0o755)
    proc, port = start_nginx(root, [f"{a}:{SERVER_PORT}" for a in addresses], NGINX_CONF)
    try:
        yield port, proc.pid
    finally:
        stop_nginx(proc)
        shutil.rmtree(root, ignore_errors=True)
