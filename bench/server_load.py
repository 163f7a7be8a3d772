"""Load on a real card room: `cardroom serve` on loopback in its own process, and load generator
processes playing Tacocat tables with two human seats (plus tables where one person plays a bot).

Every person's seat has its WebSocket open; when a seat is to act, it thinks for a random time
(exponential, mean ``--think`` seconds; 0 plays at once) and posts a random legal action; a finished
game is followed by its rematch, so the number of live tables stays what was asked. Printed:
acknowledged actions per second, p50/p99 of the action request, p50/p99 of the WebSocket push (from
posting a move to the other seat's socket showing it), responses by status, the server's CPU time
per acknowledged action (the figure a shared, busy machine distorts least) and its resident memory.

    python bench/server_load.py --tables 1000 --bot-tables 100 --think 2 --seconds 60
    python bench/server_load.py --tables 200 --think 0 --seconds 20       # capacity: play at once
    python bench/server_load.py --tables 300 --database postgresql://cardroom@127.0.0.1:5432/postgres
    python bench/server_load.py --url http://127.0.0.1:8000 --pid 1234    # a server already running

The generator is ``--procs`` processes (default 2). By default they run in Node.js
(``load_generator.mjs``, when the machine has Node 20 or newer); ``--generator python`` runs the
same players in Python (asyncio, aiohttp, orjson). On a small machine generator and server share
the cores, and the Python generator cost more CPU than the server it measured, while its own event
loop's delays landed in the latencies it timed: see docs/server-speed.md. The wall-clock figures
are the pair's either way; the CPU time per action is the server's alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing as mp
import os
import random
import resource
import shutil
import signal
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import orjson

from _load_node import GeneratorProcess, NodeGenerator, node_command
from _measure import cpu_seconds, cpu_wait_seconds, free_port, percentile, rss_mb, start_server

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Figures:
    action_ms: list[float] = field(default_factory=list)
    push_ms: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    acknowledged: int = 0
    moves: int = 0  # every stored move seen (people's and bots'), from the seat-0 sockets
    games: int = 0
    server_cpu: float = 0.0  # seconds of the servers' CPU time while measuring

    def merge(self, other: Figures) -> None:
        self.action_ms += other.action_ms
        self.push_ms += other.push_ms
        self.statuses.update(other.statuses)
        self.errors.update(other.errors)
        self.acknowledged += other.acknowledged
        self.moves += other.moves
        self.games += other.games


@dataclass
class Window:
    """The measured interval, in wall-clock seconds (``time.time()``, shared by all processes)."""

    start: float = float("inf")
    end: float = float("inf")

    def inside(self, t: float) -> bool:
        return self.start <= t < self.end


async def new_tacocat(http: Any, base: str) -> tuple[str, list[str]]:
    """A new Tacocat table with two human seats (``http`` an httpx.AsyncClient): its id and both
    seats' tokens. Used by the crash and abuse benchmarks."""
    r = await http.post(
        f"{base}/api/tables",
        json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 60},
    )
    r.raise_for_status()
    body = r.json()
    return body["table_id"], [body["token"], body["invitations"][0]["token"]]


class Table:
    """One table: each person's seat has its socket and a player that acts when it is asked."""

    def __init__(
        self, bases: list[str], http: aiohttp.ClientSession, sockets: aiohttp.ClientSession, figures: Figures,
        window: Window, rng: random.Random, think: float, with_bot: bool,
    ) -> None:  # fmt: skip
        # With several server processes, seat 1 talks to the next one: every move crosses processes.
        self.bases = bases
        self.base, self.http, self.figures, self.window, self.rng = bases[0], http, figures, window, rng
        self.sockets = sockets
        self.think, self.with_bot = think, with_bot
        self.people = [0] if with_bot else [0, 1]
        self.table_id = ""
        self.tokens: list[str] = []
        self.latest: list[dict[str, Any] | None] = [None, None]
        self.sent: dict[int, tuple[int, float]] = {}  # step -> (seat, when posted)
        self.woken = [asyncio.Event(), asyncio.Event()]
        self.seen_step = 0

    async def create(self) -> None:
        seats = [{"kind": "me"}, {"kind": "bot", "bot": "normal"} if self.with_bot else {"kind": "invite"}]
        for attempt in range(20):
            try:
                async with self.http.post(
                    f"{self.base}/api/tables",
                    json={"game": "tacocat", "seats": seats, "reaction_seconds": 60},
                ) as r:
                    if r.status == 201:
                        body = orjson.loads(await r.read())
                        self.table_id = body["table_id"]
                        self.tokens = [body["token"]] + [i["token"] for i in body["invitations"]]
                        return
                    self.figures.errors[f"create {r.status}"] += 1
            except (aiohttp.ClientError, TimeoutError) as exc:
                self.figures.errors[f"create {type(exc).__name__}"] += 1
            await asyncio.sleep(0.2 * (attempt + 1))
        raise RuntimeError("could not create a table")

    async def listen(self, seat: int, stop: asyncio.Event) -> None:
        ws_base = self.bases[seat % len(self.bases)].replace("http", "ws", 1)
        while not stop.is_set():
            table_id = self.table_id
            try:
                async with self.sockets.ws_connect(
                    f"{ws_base}/api/tables/{table_id}/ws?token={self.tokens[seat]}", max_msg_size=2**22,
                    compress=0,  # pings answered by aiohttp (uvicorn pings every 20 s)
                ) as ws:  # fmt: skip
                    while not stop.is_set() and table_id == self.table_id:
                        with contextlib.suppress(TimeoutError):
                            message = await ws.receive(timeout=1.0)
                            if message.type != aiohttp.WSMsgType.TEXT:
                                break
                            self._seen(seat, orjson.loads(message.data))
            except (aiohttp.ClientError, OSError) as exc:
                if not stop.is_set():
                    self.figures.errors[f"socket {type(exc).__name__}"] += 1
                    await asyncio.sleep(0.5)

    def _seen(self, seat: int, snapshot: dict[str, Any]) -> None:
        table = snapshot["table"]
        if table["id"] != self.table_id:
            return
        step = table["step"]
        now = time.time()
        for posted_step, (actor, when) in list(self.sent.items()):
            if posted_step < step and actor != seat:
                if self.window.inside(when):
                    self.figures.push_ms.append((now - when) * 1000)
                del self.sent[posted_step]
        if seat == 0 and step > self.seen_step:
            if self.window.inside(now):
                self.figures.moves += step - self.seen_step
            self.seen_step = step
        current = self.latest[seat]
        if current is None or current["table"]["step"] <= step:
            self.latest[seat] = snapshot
        self.woken[seat].set()

    async def play(self, seat: int, stop: asyncio.Event) -> None:
        while not stop.is_set():
            snap = self.latest[seat]
            if snap is None or snap["table"]["id"] != self.table_id:
                await self._wait(seat)
                continue
            if snap["table"]["status"] != "playing":
                if seat == 0:
                    await self._rematch()
                else:
                    await self._wait(seat)
                continue
            legal = snap["view"].get("legal_actions") or []
            if not legal:
                await self._wait(seat)
                continue
            if self.think > 0:
                await asyncio.sleep(self.rng.expovariate(1 / self.think))
                if self.latest[seat] is not snap:
                    continue  # the table moved on while this seat was thinking: look again
            step = snap["table"]["step"]
            started = time.time()
            self.sent.setdefault(step, (seat, started))
            measured = self.window.inside(started)
            try:
                async with self.http.post(
                    f"{self.bases[seat % len(self.bases)]}/api/tables/{self.table_id}/actions",
                    headers={
                        "Authorization": f"Bearer {self.tokens[seat]}",
                        "Content-Type": "application/json",
                    },
                    data=orjson.dumps({"step": step, "action": self.rng.choice(legal)}),
                ) as r:
                    body = await r.read()
                    status = r.status
            except (aiohttp.ClientError, TimeoutError) as exc:
                self.figures.errors[f"http {type(exc).__name__}"] += 1
                await asyncio.sleep(0.5)
                continue
            if measured:
                self.figures.action_ms.append((time.time() - started) * 1000)
                self.figures.statuses[status] += 1
            if status == 200:
                if measured:
                    self.figures.acknowledged += 1
                self._seen(seat, orjson.loads(body))
            elif status == 429:
                await asyncio.sleep(0.2)
            else:
                self.latest[seat] = None  # stale or refused: wait for the socket's next snapshot
                await self._wait(seat)

    async def _rematch(self) -> None:
        async with self.http.post(
            f"{self.base}/api/tables/{self.table_id}/rematch",
            headers={"Authorization": f"Bearer {self.tokens[0]}"},
        ) as r:
            body = await r.read()
            status = r.status
        if status != 200:
            await asyncio.sleep(0.2)
            return
        if self.window.inside(time.time()):
            self.figures.games += 1
        old = self.table_id
        if not self.with_bot:
            # The second person claims their own seat at the rematch, with their old seat's token.
            async with self.http.post(
                f"{self.bases[1 % len(self.bases)]}/api/tables/{old}/rematch",
                headers={"Authorization": f"Bearer {self.tokens[1]}"},
            ) as r2:
                second = orjson.loads(await r2.read())
            self.tokens[1] = second["token"]
        fresh = orjson.loads(body)
        self.tokens[0] = fresh["token"]
        self.latest = [None, None]
        self.sent.clear()
        self.seen_step = 0
        self.table_id = fresh["table_id"]

    async def _wait(self, seat: int) -> None:
        self.woken[seat].clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.woken[seat].wait(), 1.0)


async def worker_main(
    bases: list[str], args: argparse.Namespace, share: tuple[int, int], seed: int, pipe: Any
) -> None:
    """One generator process: create its tables, tell the parent, play until told to stop."""
    people_tables, bot_tables = share
    figures, window = Figures(), Window()
    rng = random.Random(seed)
    # Requests share a pool of connections; every socket holds a connection of its own (a separate
    # session without a limit, or the sockets would starve the requests of connections).
    connector = aiohttp.TCPConnector(limit=args.connections, limit_per_host=args.connections)
    timeout = aiohttp.ClientTimeout(total=60)
    async with (
        aiohttp.ClientSession(connector=connector, timeout=timeout) as http,
        aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0), timeout=timeout) as sockets,
    ):
        tables = [
            Table(
                bases[i % len(bases) :] + bases[: i % len(bases)],  # tables spread over the servers
                http,
                sockets,
                figures,
                window,
                random.Random(rng.random()),
                args.think,
                i >= people_tables,
            )
            for i in range(people_tables + bot_tables)
        ]
        for i in range(0, len(tables), 20):
            await asyncio.gather(*(t.create() for t in tables[i : i + 20]))
        stop = asyncio.Event()
        tasks: list[asyncio.Task[None]] = []
        for i, t in enumerate(tables):
            for seat in t.people:
                tasks.append(asyncio.create_task(t.listen(seat, stop)))
                tasks.append(asyncio.create_task(t.play(seat, stop)))
            if i % 20 == 19:
                await asyncio.sleep(0.05)  # open sockets in small waves, not 2,000 at once
        loop = asyncio.get_running_loop()
        pipe.send("ready")
        window.start, window.end = await loop.run_in_executor(None, pipe.recv)
        while time.time() < window.end:
            await asyncio.sleep(0.2)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    pipe.send(figures)


def worker_entry(
    bases: list[str], args: argparse.Namespace, share: tuple[int, int], seed: int, pipe: Any
) -> None:
    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()
    asyncio.run(worker_main(bases, args, share, seed, pipe))


class PythonGenerator:
    """One generator process in Python (multiprocessing, spawned), playing :class:`Table`."""

    def __init__(self, bases: list[str], args: argparse.Namespace, share: tuple[int, int], seed: int) -> None:
        context = mp.get_context("spawn")
        self.pipe, theirs = context.Pipe()
        self.proc = context.Process(target=worker_entry, args=(bases, args, share, seed, theirs))
        self.proc.start()
        self.pid = self.proc.pid or 0

    def wait_ready(self) -> None:
        if self.pipe.recv() != "ready":
            raise SystemExit("a generator process failed to start")

    def start_window(self, start: float, end: float) -> None:
        self.pipe.send((start, end))

    def figures(self) -> Figures:
        found: Figures = self.pipe.recv()
        self.proc.join(30)
        return found


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
        acknowledged=found["acknowledged"], moves=found["moves"], games=found["games"],
    )  # fmt: skip


def run(bases: list[str], args: argparse.Namespace, server_pids: list[int]) -> Figures:
    """Play against the servers at ``bases`` (process ids ``server_pids``, for CPU and memory)."""
    workers = start_generators(bases, args)
    for worker in workers:
        worker.wait_ready()
    rss_idle = sum(rss_mb(pid) for pid in server_pids)
    start = time.time() + args.warmup
    end = start + args.seconds
    for worker in workers:
        worker.start_window(start, end)
    time.sleep(max(0.0, start - time.time()))
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
    generator_waited = (
        sum(cpu_wait_seconds(w.pid) for w in workers) - generator_waited_before
    )
    if args.timings:
        for pid in server_pids:
            os.kill(pid, signal.SIGUSR2)  # ... and are written to its log now
    load_after = os.getloadavg()[0]
    rss_busy = sum(rss_mb(pid) for pid in server_pids)
    figures = Figures()
    for worker in workers:
        figures.merge(collect(worker.figures()))
    print_figures(args, figures, args.seconds, server_cpu, rss_idle, rss_busy)
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
        f"machine                 load average {load_before:.1f} at the start, {load_after:.1f} at the end;"
        f" {os.cpu_count()} cores; this script at nice {os.nice(0)}"
    )
    figures.server_cpu = server_cpu
    return figures


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
    print(
        "responses by status     " + (", ".join(f"{k}: {v}" for k, v in sorted(f.statuses.items())) or "none")
    )
    print(
        "errors                  " + (", ".join(f"{k}: {v}" for k, v in sorted(f.errors.items())) or "none")
    )
    print(
        f"server resident memory  {rss_idle:.0f} MB with the tables created, {rss_busy:.0f} MB under load"
        f" ({rss_busy / max(1, tables) * 1024:.0f} KB a live table, interpreter and libraries included)"
    )


def print_server_timings(port: int) -> None:
    """The server's own percentiles over the measured window (from its log, where SIGUSR2 put them)."""
    log = Path(tempfile.gettempdir()) / f"cardroom-server-{port}.log"
    deadline = time.time() + 10
    while time.time() < deadline:
        lines = [line for line in log.read_text(errors="replace").splitlines() if line.startswith("timing ")]
        if lines:
            print("inside the server, over the measured window (ms; commit batch size in actions):")
            for line in lines:
                print("  " + line[len("timing ") :])
            return
        time.sleep(0.2)
    print("inside the server: no timings were written to its log")


def add_generator_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--generator", choices=("auto", "node", "python"), default="auto",
        help="what the generator processes run in: node (Node.js 20+, bench/load_generator.mjs, a fraction "
        "of the CPU), python (aiohttp); auto (default): node when this machine has it",
    )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=100, help="live Tacocat tables with two people each")
    parser.add_argument("--bot-tables", type=int, default=0, help="live tables of one person and a bot")
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a person thinks (0: at once)")
    parser.add_argument(
        "--bot-delay", type=float, default=0.8, help="the server's least time a bot move takes"
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure (default 20)")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of play before measuring")
    parser.add_argument("--database", default=None, help="SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--procs", type=int, default=2, help="load generator processes (default 2)")
    parser.add_argument("--connections", type=int, default=200, help="HTTP connections per generator process")
    add_generator_option(parser)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--url",
        default=None,
        help="play against a server already running there (with --pid for its CPU and memory)",
    )
    parser.add_argument("--pid", type=int, default=None, help="the process id of the server at --url")
    parser.add_argument(
        "--no-timings",
        dest="timings",
        action="store_false",
        help="do not ask the server it starts for its own timings (on by default; see server/ops/timings.py)",
    )
    args = parser.parse_args()
    if (
        not 1 <= args.tables + args.bot_tables <= 10_000
        or not 1 <= args.seconds <= 600
        or not 1 <= args.procs <= 16
    ):
        parser.error("--tables plus --bot-tables is 1 to 10,000, --seconds 1 to 600, --procs 1 to 16")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # sockets for every seat, here and in the server
    workdir = Path(tempfile.mkdtemp(prefix="cardroom-load-"))
    database = args.database or f"sqlite:///{workdir / 'load.sqlite3'}"
    args.label = database.split(":", 1)[0] if args.database else "sqlite (new file)"
    args.servers = 1
    if args.url:
        args.timings = False  # a server started elsewhere may not have them switched on
        if args.pid is None:
            parser.error("--url needs --pid (the server's process id, for its CPU time and memory)")
        run([args.url.rstrip("/")], args, [args.pid])
        return
    port = free_port()
    server = start_server(port, database, args.bot_delay, args.timings)
    try:
        run([f"http://127.0.0.1:{port}"], args, [server.pid])
        if args.timings:
            print_server_timings(port)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
