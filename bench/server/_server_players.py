"""The Python load generator's players (bench/server/server_load.py): Tacocat tables with two people, or
one person and a bot, each person's seat with its socket open, acting when asked, rematching when a
game ends; and the process that runs a share of them. The Node.js generator (load_generator.mjs)
plays the same way and reports the same :class:`Figures`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing as mp
import random
import time
import zlib
from typing import Any

import aiohttp
import orjson
from _server_figures import EXPECTED, REFUSALS_KEPT, Figures, Window, refused

KEEP_ALIVE = 5  # seconds the server keeps an idle connection (cardroom serve's, and uvicorn's default)

__all__ = ["EXPECTED", "REFUSALS_KEPT", "Figures", "Table", "Window", "new_tacocat", "owner", "refused"]


async def new_tacocat(http: Any, base: str, **options: Any) -> tuple[str, list[str]]:
    """A new Tacocat table with two people, both seated (``http`` an httpx.AsyncClient): its id and
    both seats' tokens. The invited friend takes their seat with ``POST /join`` (the table waits for
    them until then, refusing every move) and is answered their seat's own secret. ``options`` go
    into the creation request (default: a reaction window of 60 s). Used by the crash, abuse and mix
    benchmarks."""
    r = await http.post(
        f"{base}/api/tables",
        json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 60, **options},
    )
    r.raise_for_status()
    body = r.json()
    table_id = body["table_id"]
    joined = await http.post(
        f"{base}/api/tables/{table_id}/join", json={},
        headers={"Authorization": f"Bearer {body['invitations'][0]['token']}"},
    )  # fmt: skip
    joined.raise_for_status()
    return table_id, [body["token"], joined.json()["token"]]


def owner(table_id: str, processes: int) -> int:
    """The process (0-based) serving a table: nginx's ``hash $table`` first pick, CRC32 of the key,
    its bits 16 to 30, modulo the number of (equally weighted) servers (bench/server/server_scale.py)."""
    return ((zlib.crc32(table_id.encode()) >> 16) & 0x7FFF) % processes


class Table:
    """One table: each person's seat has its socket and a player that acts when it is asked.

    With several server processes, ``route`` says where a table's requests go: ``"table"``, once its
    id is known, all of them (both seats, sockets, rematches) to the process its id picks, as a real
    deployment routes; otherwise seat 1 talks to the next process, so every move crosses processes.
    """

    def __init__(
        self, bases: list[str], http: aiohttp.ClientSession, sockets: aiohttp.ClientSession, figures: Figures,
        window: Window, rng: random.Random, think: float, with_bot: bool, route: str | None = None,
    ) -> None:  # fmt: skip
        self.every_base, self.route = list(bases), route
        self.bases = bases
        self.base, self.http, self.figures, self.window, self.rng = bases[0], http, figures, window, rng
        self.sockets = sockets
        self.think, self.with_bot = think, with_bot
        self.people = [0] if with_bot else [0, 1]
        self._table_id = ""
        self.tokens: list[str] = []
        self.latest: list[dict[str, Any] | None] = [None, None]
        self.sent: dict[int, tuple[int, float]] = {}  # step -> (seat, when posted)
        self.woken = [asyncio.Event(), asyncio.Event()]
        self.seen_step = 0

    @property
    def table_id(self) -> str:
        return self._table_id

    @table_id.setter
    def table_id(self, value: str) -> None:
        self._table_id = value
        if value and self.route == "table":
            # create() posts to self.base (any process: the id is not known yet); from then on both
            # seats, their sockets and the rematch go to the table's own process.
            mine = self.every_base[owner(value, len(self.every_base))]
            self.bases, self.base = [mine], mine

    async def create(self) -> None:
        seats = [{"kind": "me"}, {"kind": "bot", "bot": "normal"} if self.with_bot else {"kind": "invite"}]
        for attempt in range(20):
            try:
                async with self.http.post(
                    f"{self.base}/api/tables",
                    json={"game": "tacocat", "seats": seats, "reaction_seconds": 60},
                ) as r:
                    self.figures.run_statuses[f"create {r.status}"] += 1
                    if r.status == 201:
                        body = orjson.loads(await r.read())
                        self.table_id = body["table_id"]
                        self.tokens = [body["token"]] + [i["token"] for i in body["invitations"]]
                        break
                    self.figures.errors[f"create {r.status}"] += 1
            except (aiohttp.ClientError, TimeoutError) as exc:
                self.figures.errors[f"create {type(exc).__name__}"] += 1
            await asyncio.sleep(0.2 * (attempt + 1))
        else:
            raise RuntimeError("could not create a table")
        if not self.with_bot:
            await self._sit_invited()

    async def _sit_invited(self) -> None:
        """The invited friend opens their link: ``POST /join`` with the invitation's token, which seats
        them and answers their seat's own secret. Until then the table waits (every move refused 422,
        docs/server.md "Waiting seats"), so both people sit before anyone plays, as in the room."""
        for attempt in range(20):
            try:
                async with self.http.post(
                    f"{self.bases[1 % len(self.bases)]}/api/tables/{self.table_id}/join",
                    headers={"Authorization": f"Bearer {self.tokens[1]}"}, json={},
                ) as r:  # fmt: skip
                    body = await r.read()
                    self.figures.run_statuses[f"join {r.status}"] += 1
                    refused(self.figures, "join", r.status, body, self.table_id, None, 1)
                    if r.status == 200:
                        self.tokens[1] = orjson.loads(body)["token"]
                        return
            except (aiohttp.ClientError, TimeoutError) as exc:
                self.figures.errors[f"join {type(exc).__name__}"] += 1
            await asyncio.sleep(0.2 * (attempt + 1))
        raise RuntimeError("the invited person could not sit down")

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
            self.figures.run_statuses[f"action {status}"] += 1
            refused(self.figures, "action", status, body, self.table_id, step, seat)
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

    async def _ask_rematch(self, base: str, table_id: str, seat: int) -> tuple[int, bytes] | None:
        """One rematch request of ``seat`` at ``table_id``, counted (status, or the connection error,
        and kept if unexpected); None if the connection failed."""
        try:
            async with self.http.post(
                f"{base}/api/tables/{table_id}/rematch", headers={"Authorization": f"Bearer {self.tokens[seat]}"}
            ) as r:
                body = await r.read()
                status = r.status
        except (aiohttp.ClientError, TimeoutError) as exc:
            self.figures.errors[f"rematch {type(exc).__name__}"] += 1
            return None
        self.figures.run_statuses[f"rematch {status}"] += 1
        refused(self.figures, "rematch", status, body, table_id, None, seat)
        return status, body

    async def _claim_second_seat(self, old: str) -> None:
        """The second person's claim of their seat at the rematch of ``old``, asked again after a reset
        connection or a refusal (a claim is answered with a fresh token each time: asking twice is
        harmless), at most 20 times."""
        for attempt in range(20):
            answer = await self._ask_rematch(self.bases[1 % len(self.bases)], old, 1)
            if answer is not None and answer[0] == 200:
                self.tokens[1] = orjson.loads(answer[1])["token"]
                return
            await asyncio.sleep(0.2 * (attempt + 1))

    async def _rematch(self) -> None:
        answer = await self._ask_rematch(self.base, self.table_id, 0)
        if answer is None:  # as the Node generator: asked again later
            await asyncio.sleep(0.5)
            return
        status, body = answer
        if status != 200:
            await asyncio.sleep(0.2)
            return
        if self.window.inside(time.time()):
            self.figures.games += 1
        old = self.table_id
        if not self.with_bot:
            # The second person claims their own seat at the rematch, with their old seat's token.
            await self._claim_second_seat(old)
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


async def worker_main(bases: list[str], args: argparse.Namespace, share: tuple[int, int], seed: int, pipe: Any) -> None:
    """One generator process: create its tables, tell the parent, play until told to stop."""
    people_tables, bot_tables = share
    figures, window = Figures(), Window()
    rng = random.Random(seed)
    # Requests share a pool of connections; every socket holds a connection of its own (a separate
    # session without a limit, or the sockets would starve the requests of connections).
    # Idle connections closed before the server's keep-alive timeout (5 s, said in its Keep-Alive header),
    # as a browser or Node's agent does: aiohttp's default (15 s) reused connections the server was closing.
    connector = aiohttp.TCPConnector(
        limit=args.connections, limit_per_host=args.connections, keepalive_timeout=KEEP_ALIVE - 1
    )
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
                getattr(args, "route_now", None),
            )
            for i in range(people_tables + bot_tables)
        ]
        stop = asyncio.Event()
        tasks: list[asyncio.Task[None]] = []
        # Each wave of tables starts playing as soon as it is made: at thousands of tables the making
        # takes longer than the room's move clock, which would otherwise play the first tables' seats
        # before their people began (and the sockets open in small waves, not 2,000 at once).
        for i in range(0, len(tables), 20):
            wave = tables[i : i + 20]
            await asyncio.gather(*(t.create() for t in wave))
            for t in wave:
                for seat in t.people:
                    tasks.append(asyncio.create_task(t.listen(seat, stop)))
                    tasks.append(asyncio.create_task(t.play(seat, stop)))
            await asyncio.sleep(0.05)
        loop = asyncio.get_running_loop()
        pipe.send("ready")
        window.start, window.end = await loop.run_in_executor(None, pipe.recv)
        while time.time() < window.end:
            await asyncio.sleep(0.2)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    pipe.send(figures)


def worker_entry(bases: list[str], args: argparse.Namespace, share: tuple[int, int], seed: int, pipe: Any) -> None:
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

    def stop(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
