"""The sweep for absent people's one write: when each connected seat was last seen.

On SQLite it runs on the thread that stores moves, so every move that arrives meanwhile waits for
it (on PostgreSQL it runs beside). Two ways of sending the same stamps, alternated round by round,
on a new SQLite file and on a throwaway PostgreSQL that syncs its commits to disk, as in production:

- ``now`` (what the server does, ``server/store/seats.py``): through the driver's cursor, one
  statement; on PostgreSQL the stamps as three arrays, on SQLite the driver's ``executemany``;
- ``before`` (what it did until then): SQLAlchemy's upsert with one row of parameters a stamp
  (which psycopg sends as one statement each).

Printed for each database and sweep size: the medians of the wall time the writing thread was held
and of the CPU it used, and the ratio now / before.

    python bench/server/presence_write.py                 # 2,200, 200 and 20 seats, 9 rounds
    python bench/server/presence_write.py --rounds 15 --sizes 2200
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine, func
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.server.postgres import Postgres, store_toy_table  # noqa: E402

from cardroom.server.store import database, seats  # noqa: E402
from cardroom.server.store.schema import seat_presence  # noqa: E402

Stamps = list[tuple[str, int, float]]


def before(engine: Engine, stamps: Stamps) -> None:
    """The previous way, kept here as the baseline."""
    upsert = (postgresql_insert if engine.dialect.name == "postgresql" else sqlite_insert)(seat_presence)
    latest = func.max if engine.dialect.name == "sqlite" else func.greatest
    with engine.begin() as conn:
        conn.execute(
            upsert.on_conflict_do_update(
                index_elements=["table_id", "seat"], set_={"seen": latest(seat_presence.c.seen, upsert.excluded.seen)}
            ),
            [{"table_id": t, "seat": s, "seen": datetime.fromtimestamp(at, UTC)} for t, s, at in stamps],
        )


def timed(write: Callable[[Engine, Stamps], None], engine: Engine, stamps: Stamps) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.thread_time()
    write(engine, stamps)
    return time.perf_counter() - wall, time.thread_time() - cpu


def measure(engine: Engine, label: str, args: argparse.Namespace) -> None:
    """Both ways at every size on ``engine`` (its schema made here), printed as they come."""
    database.upgrade(engine)
    ids = [f"t{i:05d}" for i in range((max(args.sizes) + 1) // 2)]
    print(f"\n{label}: {len(ids)} tables of two seats ...", flush=True)
    for table_id in ids:
        store_toy_table(engine, table_id)
    ways = {"now": seats.write_seen, "before": before}
    print(f"{'seats':>6} {'way':>7} {'wall ms':>8} {'CPU ms':>7}   ({args.rounds} rounds, medians)")
    for size in args.sizes:
        figures: dict[str, list[tuple[float, float]]] = {way: [] for way in ways}
        for r in range(args.rounds):
            stamps = [(t, s, time.time()) for t in ids for s in (0, 1)][:size]
            for way in ways if r % 2 == 0 else reversed(ways):  # alternated, so neither always goes first
                figures[way].append(timed(ways[way], engine, stamps))
        medians = {
            way: [statistics.median(f[i] for f in found) * 1000 for i in (0, 1)] for way, found in figures.items()
        }
        for way, (wall, cpu) in medians.items():
            print(f"{size:>6} {way:>7} {wall:>8.1f} {cpu:>7.1f}")
        (wall_n, cpu_n), (wall_b, cpu_b) = medians["now"], medians["before"]
        print(f"{size:>6} {'ratio':>7} {wall_n / wall_b:>7.2f}x {cpu_n / cpu_b:>6.2f}x   now / before")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=9, help="rounds of each way and size (default 9)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[2200, 200, 20], help="seats a sweep stamps")
    args = parser.parse_args()
    if not 1 <= args.rounds <= 1000 or not all(1 <= n <= 20_000 for n in args.sizes):
        parser.error("--rounds is 1 to 1,000 and each of --sizes 1 to 20,000")
    root = Path(tempfile.mkdtemp(prefix="cardroom-presence-"))
    try:
        engine = database.make_engine(f"sqlite:///{root / 'presence.sqlite3'}")
        measure(engine, "SQLite (a new file, as the room sets it up)", args)
        engine.dispose()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    root = Path(tempfile.mkdtemp(prefix="cardroom-presence-pg-"))  # PostgreSQL's own user takes it over
    server = Postgres(root, durable=True).start()
    try:
        engine = database.make_engine(server.url)
        measure(engine, "PostgreSQL (commits synced to disk)", args)
        engine.dispose()
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
