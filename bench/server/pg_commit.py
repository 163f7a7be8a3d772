"""The group commit on PostgreSQL alone, without HTTP or sockets: how long an action waits until
its batch is durable, and how much CPU a stored action costs the server process, for two ways of
sending a batch, measured in the same run and alternated round by round:

- ``now`` (what the server does): on the group writer's own connection, BEGIN, one statement per
  action and COMMIT in one pipeline, one trip to PostgreSQL; a batch of more than
  ``pgbatch.ONE_TRIP_MOST`` actions uses ``executemany`` and two trips (``server/pgbatch.py``);
- ``before`` (what it did until then): the statements pipelined with ``executemany`` inside a
  SQLAlchemy transaction, their answers read, then COMMIT sent on its own: always two trips.

Each of ``--writers`` tasks owns a table and stores its next action as soon as the last one is
acknowledged (or after ``--think`` ms on average), all through one :class:`GroupWriter`, so batches
form as they do in the server. A throwaway PostgreSQL syncs its commits to disk, as in production.

    python bench/server/pg_commit.py                                   # 200 writers, 3 rounds of 10 s each
    python bench/server/pg_commit.py --writers 200 --think 400 --busy 2   # the server's batches, cores busy

``--busy N`` keeps N other processes spinning on the CPU meanwhile, as the web stack, the load
generator and other programs do on a shared machine: every trip to PostgreSQL then also waits for
the scheduler.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.server.postgres import Postgres, store_toy_table  # noqa: E402

from cardroom.server import store  # noqa: E402
from cardroom.server.store import database, order, pgbatch  # noqa: E402
from cardroom.server.store.notify import payload  # noqa: E402
from cardroom.server.store.writer import GroupWriter  # noqa: E402


class TwoTrips:
    """The previous way, kept here as the baseline: pipelined statements, then a separate COMMIT."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def append(self, batch: list[store.NewAction], origin: str) -> list[bool]:
        given = order.lock_order(batch)
        ordered = [batch[i] for i in given]
        payloads = [payload(a.table_id, origin) for a in ordered]
        taken: list[bool] = []
        with self.engine.begin() as conn:
            raw: Any = conn.connection.driver_connection
            with raw.cursor() as cur:
                cur.executemany(
                    pgbatch.STORE, pgbatch.parameters(ordered, payloads, store.now(), store.CHANNEL), returning=True
                )
                while True:
                    taken.append(cur.fetchone() is None)
                    if not cur.nextset():
                        break
        return order.in_given_order(given, taken)

    def close(self) -> None:
        pass


async def one_round(
    engine: Engine, method: str, tables: list[str], seconds: float, think_ms: float
) -> dict[str, float]:
    writer = GroupWriter(engine, "bench")
    if method == "before":
        writer._postgres = TwoTrips(engine)  # type: ignore[assignment]  # swap the batch's sender only
    waits: list[float] = []
    batches = 0
    sender: Any = writer._postgres
    original: Callable[..., list[bool]] = sender.append

    def counted(batch: list[store.NewAction], origin: str) -> list[bool]:
        nonlocal batches
        batches += 1
        return original(batch, origin)

    sender.append = counted
    stop = time.perf_counter() + seconds
    rng = random.Random(7)

    async def play(table_id: str) -> None:
        step = 0
        while time.perf_counter() < stop:
            if think_ms:
                await asyncio.sleep(rng.expovariate(1000.0 / think_ms))
            began = time.perf_counter()
            await writer.append(store.NewAction(table_id, step, 0, f"move {step}", False, False))
            waits.append(time.perf_counter() - began)
            step += 1

    cpu = time.process_time()
    wall = time.perf_counter()
    await asyncio.gather(*(play(t) for t in tables))
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    writer.close()
    waits.sort()
    return {
        "actions/s": len(waits) / wall,
        "p50 ms": 1000 * waits[len(waits) // 2],
        "p99 ms": 1000 * waits[min(len(waits) - 1, int(0.99 * len(waits)))],
        "batch": len(waits) / max(batches, 1),
        "cpu ms/action": 1000 * cpu / max(len(waits), 1),
    }


def spin(until: float) -> None:
    """Keep one core busy until ``until`` (time.time())."""
    while time.time() < until:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--writers", type=int, default=200, help="tasks storing actions, one table each")
    parser.add_argument("--think", type=float, default=0.0, help="mean ms between a task's actions (0: at once)")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each method, alternated")
    parser.add_argument("--busy", type=int, default=0, help="processes spinning on the CPU meanwhile")
    args = parser.parse_args()
    if not 1 <= args.writers <= 5000 or not 1 <= args.seconds <= 600 or not 1 <= args.rounds <= 50:
        parser.error("--writers is 1 to 5,000, --seconds 1 to 600 and --rounds 1 to 50")
    if not 0 <= args.busy <= 16:
        parser.error("--busy is 0 to 16")
    root = Path(tempfile.mkdtemp(prefix="cardroom-pgcommit-"))
    server = Postgres(root, durable=True).start()
    engine = database.make_engine(server.url)
    results: dict[str, list[dict[str, float]]] = {"now": [], "before": []}
    try:
        database.upgrade(engine)
        columns = ("actions/s", "p50 ms", "p99 ms", "batch", "cpu ms/action")
        print(
            f"{args.writers} writers, think {args.think} ms, {args.rounds} rounds of {args.seconds} s each,"
            f" {args.busy} other processes spinning"
        )
        print(f"{'round':>5}  {'method':<10}" + "".join(f"{c:>15}" for c in columns), flush=True)
        for r in range(args.rounds):
            for method in ("now", "before") if r % 2 == 0 else ("before", "now"):
                tables = [f"{method}-{r}-{i}" for i in range(args.writers)]
                for table_id in tables:
                    store_toy_table(engine, table_id)
                spinners = [
                    mp.get_context("spawn").Process(target=spin, args=(time.time() + args.seconds + 1,))
                    for _ in range(args.busy)
                ]
                for spinner in spinners:
                    spinner.start()
                figures = asyncio.run(one_round(engine, method, tables, args.seconds, args.think))
                for spinner in spinners:
                    spinner.join()
                results[method].append(figures)
                print(f"{r + 1:>5}  {method:<10}" + "".join(f"{figures[c]:>15.2f}" for c in columns), flush=True)
        print("\nmedians")
        for method, rows in results.items():
            print(
                f"{'':>5}  {method:<10}" + "".join(f"{statistics.median(x[c] for x in rows):>15.2f}" for c in columns)
            )
        for c in ("p50 ms", "p99 ms", "cpu ms/action"):
            now = statistics.median(x[c] for x in results["now"])
            before = statistics.median(x[c] for x in results["before"])
            print(f"now / before, {c}: {now / before:.2f}x")
    finally:
        engine.dispose()
        server.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
