"""Load on a real card room: `cardroom serve` on loopback in its own process, and this process playing
Tacocat tables with two human seats as fast players would.

Every table has both seats' WebSockets open; whenever a seat is to act it posts a random legal action
at once (no thinking time), and a finished game is followed by its rematch, so the number of live
tables stays what was asked. Printed: acknowledged actions per second, p50/p99 of the action request,
p50/p99 of the WebSocket push (from sending a move to the other seat's socket showing it), responses
by status, and the server's resident memory. Bounded by --seconds (plus a short warm-up) and
--max-actions.

    python bench/server_load.py --tables 100 --seconds 30
    python bench/server_load.py --tables 300 --database postgresql://cardroom@127.0.0.1:5432/postgres

The load generator is one Python process too: on a small machine it shares the cores with the
server, so figures are the pair's, not the server's alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Figures:
    action_ms: list[float] = field(default_factory=list)
    push_ms: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    socket_errors: Counter[str] = field(default_factory=Counter)
    acknowledged: int = 0
    games: int = 0
    measuring: bool = False
    server_cpu: float = 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, database: str) -> subprocess.Popen[bytes]:
    cardroom = shutil.which("cardroom", path=str(Path(sys.executable).parent)) or "cardroom"
    # Every table here comes from one address: lift the per-address table creation limit.
    env = {**os.environ, "CARDROOM_BOT_DELAY": "0", "CARDROOM_TABLES_PER_MINUTE": "1000000"}
    proc = subprocess.Popen(
        [cardroom, "serve", "--port", str(port), "--database", database],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.time() + 60
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start within 60 s")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used: a cost per action that a shared, busy
    machine distorts far less than wall-clock rates."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def new_tacocat(http: httpx.AsyncClient, base: str) -> tuple[str, list[str]]:
    """A new Tacocat table with two human seats: its id and both seats' tokens."""
    r = await http.post(
        f"{base}/api/tables",
        json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 60},
    )
    r.raise_for_status()
    body = r.json()
    return body["table_id"], [body["token"], body["invitations"][0]["token"]]


class Table:
    """One table played by both its seats, each with its own socket."""

    def __init__(self, base: str, http: httpx.AsyncClient, figures: Figures, rng: random.Random) -> None:
        self.base, self.http, self.figures, self.rng = base, http, figures, rng
        self.table_id = ""
        self.tokens: list[str] = []
        self.latest: list[dict[str, Any] | None] = [None, None]
        self.sent: dict[int, tuple[int, float]] = {}  # step -> (seat, when posted)
        self.woken = asyncio.Event()

    async def create(self) -> None:
        self.table_id, self.tokens = await new_tacocat(self.http, self.base)

    async def listen(self, seat: int, stop: asyncio.Event) -> None:
        url = self.base.replace("http", "ws", 1) + f"/api/tables/{{}}/ws?token={self.tokens[seat]}"
        while not stop.is_set():
            table_id = self.table_id
            try:
                async with websockets.connect(url.format(table_id), max_size=2**22) as ws:
                    while not stop.is_set() and table_id == self.table_id:
                        try:
                            message = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                        except TimeoutError:
                            continue
                        self._seen(seat, message)
            except (OSError, websockets.WebSocketException) as exc:
                self.figures.socket_errors[type(exc).__name__] += 1
                await asyncio.sleep(0.5)

    def _seen(self, seat: int, snapshot: dict[str, Any]) -> None:
        if snapshot["table"]["id"] != self.table_id:
            return
        step = snapshot["table"]["step"]
        now = time.perf_counter()
        for posted_step, (actor, when) in list(self.sent.items()):
            if posted_step < step and actor != seat:
                if self.figures.measuring:
                    self.figures.push_ms.append((now - when) * 1000)
                del self.sent[posted_step]
        current = self.latest[seat]
        if current is None or current["table"]["step"] <= step:
            self.latest[seat] = snapshot
        self.woken.set()

    async def play(self, seat: int, stop: asyncio.Event) -> None:
        while not stop.is_set():
            snap = self.latest[seat]
            if snap is None or snap["table"]["id"] != self.table_id:
                await self._wait()
                continue
            if snap["table"]["status"] != "playing":
                if seat == 0:
                    await self._rematch()
                else:
                    await self._wait()
                continue
            legal = snap["view"].get("legal_actions") or []
            if not legal:
                await self._wait()
                continue
            step = snap["table"]["step"]
            self.sent.setdefault(step, (seat, time.perf_counter()))
            started = time.perf_counter()
            try:
                r = await self.http.post(
                    f"{self.base}/api/tables/{self.table_id}/actions",
                    headers={"Authorization": f"Bearer {self.tokens[seat]}"},
                    json={"step": step, "action": self.rng.choice(legal)},
                )
            except httpx.HTTPError as exc:
                self.figures.socket_errors[f"http {type(exc).__name__}"] += 1
                await asyncio.sleep(0.5)
                continue
            if self.figures.measuring:
                self.figures.action_ms.append((time.perf_counter() - started) * 1000)
                self.figures.statuses[r.status_code] += 1
            if r.status_code == 200:
                if self.figures.measuring:
                    self.figures.acknowledged += 1
                self._seen(seat, r.json())
            elif r.status_code == 429:
                await asyncio.sleep(0.2)
            else:
                self.latest[seat] = None  # stale or refused: wait for the socket's next snapshot
                await self._wait()

    async def _rematch(self) -> None:
        r = await self.http.post(
            f"{self.base}/api/tables/{self.table_id}/rematch",
            headers={"Authorization": f"Bearer {self.tokens[0]}"},
        )
        if r.status_code == 200:
            if self.figures.measuring:
                self.figures.games += 1
            self.table_id = r.json()["table_id"]
            self.latest = [None, None]
            self.sent.clear()
        else:
            await asyncio.sleep(0.2)

    async def _wait(self) -> None:
        self.woken.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.woken.wait(), 1.0)


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def run(base: str, args: argparse.Namespace, server_pid: int) -> Figures:
    figures = Figures()
    rng = random.Random(args.seed)
    limits = httpx.Limits(max_connections=args.connections, max_keepalive_connections=args.connections)
    async with httpx.AsyncClient(limits=limits, timeout=60) as http:
        tables = [Table(base, http, figures, random.Random(rng.random())) for _ in range(args.tables)]
        for i in range(0, len(tables), 50):
            await asyncio.gather(*(t.create() for t in tables[i : i + 50]))
        rss_idle = rss_mb(server_pid)
        stop = asyncio.Event()
        tasks = [
            asyncio.create_task(coro)
            for t in tables
            for coro in (t.listen(0, stop), t.listen(1, stop), t.play(0, stop), t.play(1, stop))
        ]
        await asyncio.sleep(args.warmup)
        figures.measuring = True
        started = time.perf_counter()
        cpu_before = cpu_seconds(server_pid)
        while time.perf_counter() - started < args.seconds and figures.acknowledged < args.max_actions:
            await asyncio.sleep(0.2)
        figures.measuring = False
        elapsed = time.perf_counter() - started
        figures.server_cpu = cpu_seconds(server_pid) - cpu_before
        rss_busy = rss_mb(server_pid)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    print_figures(args, figures, elapsed, rss_idle, rss_busy)
    return figures


def print_figures(
    args: argparse.Namespace, f: Figures, elapsed: float, rss_idle: float, rss_busy: float
) -> None:
    print(f"tables {args.tables}  database {args.label}  measured {elapsed:.1f} s")
    print(
        f"acknowledged actions/s  {f.acknowledged / elapsed:8.1f}   ({f.acknowledged} actions, {f.games} games finished)"
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
        f"server CPU per action   {f.server_cpu / max(1, f.acknowledged) * 1000:.2f} ms"
        f"   (server busy {f.server_cpu / elapsed * 100:.0f}% of one core)"
    )
    print("responses by status     " + ", ".join(f"{k}: {v}" for k, v in sorted(f.statuses.items())))
    if f.socket_errors:
        print("connection errors       " + ", ".join(f"{k}: {v}" for k, v in f.socket_errors.items()))
    print(
        f"server resident memory  {rss_idle:.0f} MB with the tables created, {rss_busy:.0f} MB under load"
        f" ({rss_busy / max(1, args.tables) * 1024:.0f} KB a live table, all included)"
    )
    if f.action_ms:
        print(f"mean action request ms  {statistics.fmean(f.action_ms):.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=100, help="live Tacocat tables, two people each")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure (default 20)")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds of play before measuring")
    parser.add_argument("--max-actions", type=int, default=200_000, help="stop measuring after this many")
    parser.add_argument("--database", default=None, help="SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--connections", type=int, default=100, help="HTTP connections of the load generator")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--url",
        default=None,
        help="play against a server already running there (with --pid for its CPU and memory)",
    )
    parser.add_argument("--pid", type=int, default=None, help="the process id of the server at --url")
    args = parser.parse_args()
    if not 1 <= args.tables <= 5000 or not 1 <= args.seconds <= 600:
        parser.error("--tables is 1 to 5000 and --seconds 1 to 600")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # two sockets a table, and the server's
    workdir = Path(tempfile.mkdtemp(prefix="cardroom-load-"))
    database = args.database or f"sqlite:///{workdir / 'load.sqlite3'}"
    args.label = database.split(":", 1)[0] if args.database else "sqlite (new file)"
    if args.url:
        if args.pid is None:
            parser.error("--url needs --pid (the server's process id, for its CPU time and memory)")
        asyncio.run(run(args.url.rstrip("/"), args, args.pid))
        return
    port = free_port()
    server = start_server(port, database)
    try:
        asyncio.run(run(f"http://127.0.0.1:{port}", args, server.pid))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
