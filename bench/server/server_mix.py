"""A realistic day at the card room: bench/server/server_load.py's people (playing, finishing games, taking
rematches, their sockets open) with everyone else a public room gets around them:

- lobby pollers: the lobby page asks for the list of tables every 5 s (each from an address of its own);
- spectators: sockets on tables from the lobby list, each kept 5 to 30 s, then opened again elsewhere;
- clocks running out: tables where nobody ever moves, played by the turn clock (2 s a turn);
- a few abusive clients, each from an address of its own: 60 requests at once with one seat's token
  every 10 s, a spectator socket sending a 1 MiB message every 5 s, a client asking for the lobby
  list as fast as it is answered.

The people's figures (p50/p99 of their action requests, pushes, statuses in the measured window)
are server_load's own, run against the same server. The others' answers are counted by status over
the whole run, and the server's log is scanned for errors at the end. Every request of the mix
must get an answer under 500; the abusive ones are expected to get 429s and closed sockets.

    python bench/server/server_mix.py --tables 1000 --bot-tables 100 --think 2 --seconds 60
    python bench/server/server_mix.py --tables 100 --seconds 20          # a quick look
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path

import aiohttp
from _measure import free_port, start_server, stop_server

HERE = Path(__file__).resolve().parent
BIG = b"x" * (1024 * 1024)


class Mix:
    """The rest of the room, on an event loop of its own (a thread of this process)."""

    def __init__(self, base: str, args: argparse.Namespace) -> None:
        self.base = base
        self.args = args
        self.statuses: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.table_ids: list[str] = []
        self.clock_tables: list[str] = []
        self.clock_steps: dict[str, int] = {}  # a clock table's step when last looked at
        self.stopping = False
        self.rng = random.Random(args.seed)

    def session(self, address: str) -> aiohttp.ClientSession:
        """A client from its own loopback address (each a different visitor to the rate limits)."""
        connector = aiohttp.TCPConnector(local_addr=(address, 0), limit=100)
        return aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=30))

    def count(self, who: str, status: int | str) -> None:
        self.statuses[who][str(status)] += 1

    async def get(self, http: aiohttp.ClientSession, who: str, path: str, token: str | None = None) -> object:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        try:
            async with http.get(self.base + path, headers=headers) as r:
                self.count(who, r.status)
                return await r.json() if r.status == 200 else None
        except (aiohttp.ClientError, TimeoutError) as exc:
            self.count(who, type(exc).__name__)
            return None

    async def run(self) -> None:
        tasks = [asyncio.create_task(self.poller(i)) for i in range(self.args.pollers)]
        tasks += [asyncio.create_task(self.spectator(i)) for i in range(self.args.spectators)]
        tasks.append(asyncio.create_task(self.clocks()))
        if self.args.abuse:
            tasks += [
                asyncio.create_task(self.token_flood()),
                asyncio.create_task(self.big_messages()),
                asyncio.create_task(self.lobby_hammer()),
            ]
        while not self.stopping:
            await asyncio.sleep(0.2)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def poller(self, i: int) -> None:
        async with self.session(f"127.0.1.{i % 250 + 1}") as http:
            await asyncio.sleep(self.rng.uniform(0, 5))
            while True:
                found = await self.get(http, "lobby poller", "/api/tables")
                if isinstance(found, list) and found:
                    self.table_ids = [t["id"] for t in found]
                await asyncio.sleep(5)

    async def spectator(self, i: int) -> None:
        async with self.session(f"127.0.3.{i % 250 + 1}") as http:
            while True:
                await asyncio.sleep(self.rng.uniform(0.5, 3))
                if not self.table_ids:
                    continue
                table = self.rng.choice(self.table_ids)
                try:
                    async with http.ws_connect(f"{self.base}/api/tables/{table}/ws") as ws:
                        self.count("spectator socket", "opened")
                        until = time.monotonic() + self.rng.uniform(5, 30)
                        while time.monotonic() < until:
                            try:
                                message = await ws.receive(timeout=max(0.1, until - time.monotonic()))
                            except TimeoutError:
                                break
                            if message.type != aiohttp.WSMsgType.TEXT:
                                self.count("spectator socket", f"closed {ws.close_code}")
                                break
                            self.count("spectator socket", "push")
                except (aiohttp.ClientError, TimeoutError) as exc:
                    self.count("spectator socket", type(exc).__name__)

    async def clocks(self) -> None:
        """Tables nobody plays at: each turn ends by its clock."""
        async with self.session("127.0.4.1") as http:
            for _ in range(self.args.clock_tables):
                body = {"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}], "turn_seconds": 2}
                async with http.post(self.base + "/api/tables", json=body) as r:
                    self.count("clock table", r.status)
                    made = await r.json() if r.status == 201 else None
                if made is None:
                    continue
                # The friend sits down (a table waits for its invited person: no clock runs until then).
                joined = {"Authorization": f"Bearer {made['invitations'][0]['token']}"}
                async with http.post(f"{self.base}/api/tables/{made['table_id']}/join", json={}, headers=joined) as r:
                    self.count("clock table", r.status)
                    if r.status == 200:
                        self.clock_tables.append(made["table_id"])
            while True:
                await asyncio.sleep(10)
                for table in self.clock_tables:
                    facts = await self.get(http, "clock table", f"/api/tables/{table}")
                    if isinstance(facts, dict):
                        self.clock_steps[table] = int(facts["step"])

    async def token_flood(self) -> None:
        async with self.session("127.0.2.1") as http:
            body = {"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}], "private": True}
            async with http.post(self.base + "/api/tables", json=body) as r:
                made = await r.json()
            while True:
                await asyncio.gather(
                    *(self.get(http, "abuse: 150 at once, one token", f"/api/tables/{made['table_id']}/view",
                               made["token"]) for _ in range(150))
                )  # fmt: skip
                await asyncio.sleep(10)

    async def big_messages(self) -> None:
        async with self.session("127.0.2.2") as http:
            while True:
                await asyncio.sleep(5)
                if not self.table_ids:
                    continue
                try:
                    async with http.ws_connect(f"{self.base}/api/tables/{self.table_ids[0]}/ws") as ws:
                        await ws.receive(timeout=10)
                        await ws.send_bytes(BIG)
                        while (await ws.receive(timeout=10)).type == aiohttp.WSMsgType.TEXT:
                            pass
                        self.count("abuse: 1 MiB socket message", f"closed {ws.close_code}")
                except (aiohttp.ClientError, TimeoutError, ConnectionError) as exc:
                    self.count("abuse: 1 MiB socket message", type(exc).__name__)

    async def lobby_hammer(self) -> None:
        async with self.session("127.0.2.3") as http:
            while True:
                await self.get(http, "abuse: lobby as fast as answered", "/api/tables")


def expected_statuses(who: str) -> set[int]:
    """The HTTP statuses a sound room answers this kind of client with; any other (a 422, a 404, a
    5xx) is printed as unexpected, never passes silently. Abusive clients are meant to be slowed."""
    if who.startswith("abuse"):
        return {200, 429}
    if who == "clock table":
        return {200, 201}
    return {200}


def log_problems(log: Path) -> list[str]:
    lines = log.read_text(errors="replace").splitlines() if log.exists() else []
    return [line for line in lines if "Traceback" in line or "ERROR" in line or "Exception" in line]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100, help="live Tacocat tables with two people each")
    parser.add_argument("--bot-tables", type=int, default=0, help="live tables of one person and a bot")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds a person thinks")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long server_load measures")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of play before measuring")
    parser.add_argument("--pollers", type=int, default=100, help="lobby pages polling the list every 5 s")
    parser.add_argument("--spectators", type=int, default=100, help="spectator sockets, reconnecting")
    parser.add_argument("--clock-tables", type=int, default=20, help="tables played by their turn clocks")
    parser.add_argument("--abuse", action=argparse.BooleanOptionalAction, default=True, help="abusive clients")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.tables + args.bot_tables <= 10_000 or not 1 <= args.seconds <= 600:
        parser.error("--tables plus --bot-tables is 1 to 10,000 and --seconds 1 to 600")
    workdir = Path(tempfile.mkdtemp(prefix="cardroom-mix-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(port, f"sqlite:///{workdir / 'mix.sqlite3'}", 0.8, timings=False)
    log = Path(tempfile.gettempdir()) / f"cardroom-server-{port}.log"
    mix = Mix(base, args)
    side = threading.Thread(target=lambda: asyncio.run(mix.run()), daemon=True)
    try:
        side.start()
        people = subprocess.run(
            [sys.executable, str(HERE / "server_load.py"), "--url", base, "--pid", str(server.pid),
             "--tables", str(args.tables), "--bot-tables", str(args.bot_tables), "--think", str(args.think),
             "--seconds", str(args.seconds), "--warmup", str(args.warmup), "--seed", str(args.seed)],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        print(people.stdout, end="")
        if people.returncode != 0:
            print(people.stderr[-3000:])
        mix.stopping = True
        side.join(60)
    finally:
        stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)
    print("the rest of the room, over the whole run (answers by status):")
    failures = 0
    unexpected: Counter[str] = Counter()
    for who, counts in sorted(mix.statuses.items()):
        shown = "  ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
        print(f"  {who:34s} {shown}")
        failures += sum(v for k, v in counts.items() if k.isdigit() and int(k) >= 500)
        for k, v in counts.items():
            if k.isdigit() and int(k) not in expected_statuses(who):
                unexpected[f"{who} {k}"] += v
    print(f"tables played by their clocks: {sum(mix.clock_steps.values())} moves made by the clock at "
          f"{len(mix.clock_steps)} tables")  # fmt: skip
    problems = log_problems(log)
    print(f"5xx answers to the rest of the room: {failures}")
    print("answers none of these clients should get: "
          + (", ".join(f"{k}: {v}" for k, v in sorted(unexpected.items())) or "none"))  # fmt: skip
    print(f"server log: {len(problems)} error lines" + "".join(f"\n  {line}" for line in problems[:10]))


if __name__ == "__main__":
    main()
