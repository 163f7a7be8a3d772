"""Memory of a card room holding many tables: 10,000 stored tables, 1,000 of them live (in play, in
the server's memory, both seats' sockets open), printed as the server's resident size at each stage
and per live table.

The database is filled directly (that is storage, not what is measured): finished Tacocat games
(``--stored`` minus ``--live``, each a full game's actions) and unfinished ones (``--live``, each
``--moves`` actions in). Then `cardroom serve` starts on it; at startup it rebuilds every
unfinished table in memory (the live ones). This process then opens both seats' sockets on every
live table, plays one more move on each, and reads ``--read`` finished tables' public facts (which
loads them into the server's cache of replayed games, bounded at 2,000 tables), measuring the
server's resident memory (VmRSS) after each stage.

    python bench/server/server_memory.py                        # 10,000 stored, 1,000 live
    python bench/server/server_memory.py --stored 20000 --live 2000
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
import orjson

from cardroom.core.registry import make
from cardroom.server.room import tokens
from cardroom.server.store import database
from cardroom.server.store.schema import actions, seats, tables

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_load import free_port, rss_mb, start_server

TEMPLATES = 40  # distinct random games; stored tables reuse their (seed, actions)


def random_game(seed: int, limit: int | None) -> list[tuple[int, str]]:
    """A random Tacocat game from ``seed``: its actions, to the end or to ``limit`` of them."""
    game = make("tacocat")
    state = game.new_game(seed)
    rng = random.Random(seed)
    played: list[tuple[int, str]] = []
    while not state.is_over and (limit is None or len(played) < limit):
        seat = rng.choice(state.to_act)
        text = str(rng.choice(state.legal_actions(seat)))
        state = state.apply(seat, text)
        played.append((seat, text))
    return played


def fill(url: str, stored: int, live: int, moves: int) -> list[tuple[str, list[str]]]:
    """Store the tables; returns each live table's id and its two seats' tokens."""
    engine = database.make_engine(url)
    database.upgrade(engine)
    game = make("tacocat")
    finished = [(seed, random_game(seed, None)) for seed in range(1, TEMPLATES + 1)]
    unfinished = [(seed, random_game(seed, moves)) for seed in range(1001, 1001 + TEMPLATES)]
    now = datetime.now(UTC)
    created_live: list[tuple[str, list[str]]] = []
    for start in range(0, stored, 1000):
        table_rows: list[dict[str, Any]] = []
        seat_rows: list[dict[str, Any]] = []
        action_rows: list[dict[str, Any]] = []
        for i in range(start, min(stored, start + 1000)):
            is_live = i < live
            seed, played = (unfinished if is_live else finished)[i % TEMPLATES]
            table_id = tokens.new_table_id()
            table_rows.append(
                {"id": table_id, "game": "tacocat", "preset": game.preset, "options": dict(game.options),
                 "seed": seed, "created": now, "status": "playing" if is_live else "over",
                 "reaction_seconds": 60.0, "turn_seconds": None, "rematch_of": None, "rematch_id": None}
            )  # fmt: skip
            seat_tokens = [tokens.new_token(), tokens.new_token()]
            for seat in (0, 1):
                seat_rows.append(
                    {"table_id": table_id, "seat": seat, "kind": "human", "bot_spec": None,
                     "token_hash": tokens.hash_token(seat_tokens[seat]), "name": f"Player {seat + 1}",
                     "joined": True}
                )  # fmt: skip
            action_rows += [
                {
                    "table_id": table_id,
                    "step": step,
                    "seat": seat,
                    "text": text,
                    "created": now,
                    "timed_out": False,
                }
                for step, (seat, text) in enumerate(played)
            ]
            if is_live:
                created_live.append((table_id, seat_tokens))
        with engine.begin() as conn:
            conn.execute(tables.insert(), table_rows)
            conn.execute(seats.insert(), seat_rows)
            conn.execute(actions.insert(), action_rows)
    engine.dispose()
    return created_live


async def visit(base: str, live: list[tuple[str, list[str]]], pid: int) -> None:
    ws_base = base.replace("http", "ws", 1)
    async with (
        aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=100)) as http,
        aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as socket_session,
    ):
        sockets = []
        latest: dict[tuple[str, int], dict[str, Any]] = {}
        for i, (table_id, seat_tokens) in enumerate(live):
            for seat in (0, 1):
                ws = await socket_session.ws_connect(f"{ws_base}/api/tables/{table_id}/ws?token={seat_tokens[seat]}")
                latest[(table_id, seat)] = orjson.loads((await ws.receive()).data)
                sockets.append(ws)
            if i % 100 == 99:
                await asyncio.sleep(0)
        print(f"with {len(sockets):,} sockets open (two on every live table)  {rss_mb(pid):7.0f} MB")

        async def move(table_id: str, seat_tokens: list[str]) -> None:
            for seat in (0, 1):
                snap = latest[(table_id, seat)]
                legal = snap["view"]["legal_actions"]
                if legal:
                    async with http.post(
                        f"{base}/api/tables/{table_id}/actions",
                        headers={
                            "Authorization": f"Bearer {seat_tokens[seat]}",
                            "Content-Type": "application/json",
                        },
                        data=orjson.dumps({"step": snap["table"]["step"], "action": legal[0]}),
                    ) as r:
                        await r.read()
                    return

        for start in range(0, len(live), 100):
            await asyncio.gather(*(move(t, k) for t, k in live[start : start + 100]))
        await asyncio.sleep(1)  # the pushes of those moves go out
        print(f"after a move on every live table           {rss_mb(pid):7.0f} MB")
        for ws in sockets:
            await ws.close()


async def read_finished(base: str, url: str, pid: int, count: int) -> None:
    from sqlalchemy import select

    engine = database.make_engine(url)
    with engine.connect() as conn:
        ids = [r.id for r in conn.execute(select(tables.c.id).where(tables.c.status == "over").limit(count))]
    engine.dispose()
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=50)) as http:

        async def one(table_id: str) -> None:
            async with http.get(f"{base}/api/tables/{table_id}") as r:
                await r.read()

        for start in range(0, len(ids), 200):
            await asyncio.gather(*(one(t) for t in ids[start : start + 200]))
    print(f"after reading {len(ids):,} finished tables (cache bound 2,000)  {rss_mb(pid):7.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stored", type=int, default=10_000, help="tables in the database (default 10,000)")
    parser.add_argument("--live", type=int, default=1_000, help="of them unfinished, live in memory (default 1,000)")
    parser.add_argument("--moves", type=int, default=40, help="actions into each live game (default 40)")
    parser.add_argument(
        "--read", type=int, default=3_000, help="finished tables to read, each replayed (default 3,000)"
    )
    args = parser.parse_args()
    if not 0 < args.live <= args.stored <= 100_000:
        parser.error("0 < --live <= --stored <= 100,000")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    workdir = Path(tempfile.mkdtemp(prefix="cardroom-memory-"))
    url = f"sqlite:///{workdir / 'memory.sqlite3'}"
    began = time.time()
    live = fill(url, args.stored, args.live, args.moves)
    size = sum(p.stat().st_size for p in workdir.iterdir()) / 2**20
    print(f"stored {args.stored:,} Tacocat tables ({args.live:,} unfinished, {args.moves} actions in; the rest "
          f"finished games) in {time.time() - began:.0f} s; database {size:.0f} MB")  # fmt: skip
    empty_url = f"sqlite:///{workdir / 'empty.sqlite3'}"
    port = free_port()
    server = start_server(port, empty_url)
    print(f"server resident memory, empty database       {rss_mb(server.pid):7.0f} MB")
    base_rss = rss_mb(server.pid)
    server.send_signal(signal.SIGTERM)
    server.wait(15)
    port = free_port()
    server = start_server(port, url)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.time() + 300
        # Startup rebuilds the unfinished tables in the background: wait until the server stops growing.
        previous = -1.0
        while time.time() < deadline:
            time.sleep(2)
            now = rss_mb(server.pid)
            if abs(now - previous) < 0.5:
                break
            previous = now
        rss_live = rss_mb(server.pid)
        print(f"after startup rebuilt {args.live:,} live tables       {rss_live:7.0f} MB")
        asyncio.run(visit(base, live, server.pid))
        rss_busy = rss_mb(server.pid)
        asyncio.run(read_finished(base, url, server.pid, args.read))
        rss_all = rss_mb(server.pid)
        per_table = (rss_busy - base_rss) / args.live * 1024
        print(
            f"per live table (sockets included, over the empty server): {per_table:.0f} KB;  "
            f"highest resident size {max(rss_busy, rss_all):.0f} MB of the 1,024 MB budget"
        )
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
