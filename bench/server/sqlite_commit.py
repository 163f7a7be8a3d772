"""The group commit on SQLite alone, without HTTP or sockets: the CPU a stored action costs the
thread that writes it, for three ways of writing a batch, alternated round by round on one file
(WAL, ``synchronous=FULL``, as the server opens it):

- ``sqlalchemy`` (the way until 252281a): each batch in ``engine.begin()``, each statement sent with
  ``Connection.exec_driver_sql``;
- ``cursor``: the same transaction, the statements through the driver's cursor under it
  (``actions.append_actions``, what a one-off batch outside the server does);
- ``kept`` (what the server's group writer does): the statements through the driver's cursor on a
  connection the writer keeps, committed on it (``store/sqlitebatch.py``).

The CPU is the writing thread's own (``time.thread_time``: its Python, SQLite's C and the kernel's
work for it, the sync to disk included). The room's group commit mostly stores one or two actions a
batch when it keeps up (``server_load.py`` prints the batch sizes), so that is where the way of
sending counts most.

    python bench/server/sqlite_commit.py                       # batches of 1, 2 and 4; 7 rounds
    python bench/server/sqlite_commit.py --sizes 1 8 32 --rounds 5 --batches 200
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
from cardroom.server.store import database  # noqa: E402
from cardroom.server.store.actions import ActionSQL, action_sql, append_actions  # noqa: E402
from cardroom.server.store.order import lock_order  # noqa: E402
from cardroom.server.store.rows import NewAction, now  # noqa: E402
from cardroom.server.store.sqlitebatch import SqliteBatch  # noqa: E402

TABLES = 64
Way = Callable[[list[NewAction]], list[bool]]


def through_sqlalchemy(engine: Engine, sql: ActionSQL) -> Way:
    """The statements as the group writer sent them until 252281a: one ``exec_driver_sql`` each."""

    def append(batch: list[NewAction]) -> list[bool]:
        taken = [False] * len(batch)
        with engine.begin() as conn:
            for i in lock_order(batch):
                a = batch[i]
                created = sql.created(a.created or now())
                row = (a.table_id, a.step, a.seat, a.text, created, sql.timed_out(a.timed_out))
                if conn.exec_driver_sql(sql.insert, row).first() is None:
                    taken[i] = True
                    continue
                conn.exec_driver_sql(sql.finish if a.over else sql.touch, (created, a.table_id))
        return taken

    return append


def with_tables(path: Path) -> Engine:
    engine = database.make_engine(f"sqlite:///{path}")
    database.upgrade(engine)
    stamp = datetime.now(UTC).replace(tzinfo=None).isoformat(sep=" ")
    with engine.begin() as conn:
        for i in range(TABLES):
            conn.exec_driver_sql(
                "INSERT INTO tables (id, game, preset, options, seed, created, status, reaction_seconds) "
                "VALUES (?, 'tacocat', 'standard', '{}', 1, ?, 'playing', 3)",
                (f"t{i:03d}", stamp),
            )
    return engine


def cpu_an_action(append: Way, steps: list[int], size: int, batches: int) -> float:
    """Microseconds of this thread's CPU an action, over ``batches`` batches of ``size``."""
    spent = 0.0
    for b in range(batches):
        batch = []
        for k in range(size):
            t = (b * size + k) % TABLES
            batch.append(NewAction(f"t{t:03d}", steps[t], 0, "draw", False, False, datetime.now(UTC)))
            steps[t] += 1
        began = time.thread_time()
        if any(append(batch)):
            raise SystemExit("a step was taken twice: the benchmark's own bookkeeping is wrong")
        spent += time.thread_time() - began
    return 1e6 * spent / (batches * size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 2, 4], help="actions a batch")
    parser.add_argument("--rounds", type=int, default=7, help="rounds of each way, alternated")
    parser.add_argument("--batches", type=int, default=400, help="batches a way stores in a round")
    args = parser.parse_args()
    if not all(1 <= s <= 256 for s in args.sizes) or not 1 <= args.rounds <= 50 or not 10 <= args.batches <= 10_000:
        parser.error("--sizes 1 to 256, --rounds 1 to 50, --batches 10 to 10,000")
    with tempfile.TemporaryDirectory(prefix="cardroom-sqlite-commit-") as folder:
        engine = with_tables(Path(folder) / "commit.sqlite3")
        kept = SqliteBatch(engine, riders=[])
        ways: dict[str, Way] = {
            "sqlalchemy": through_sqlalchemy(engine, action_sql(engine.dialect)),
            "cursor": lambda batch: append_actions(engine, batch),
            "kept": kept.append,
        }
        steps = [0] * TABLES
        print(f"CPU of the writing thread, µs an action: median of {args.rounds} rounds (lowest-highest)")
        print(f"{'batch':>6}" + "".join(f"{name:>24}" for name in ways) + "   kept/sqlalchemy")
        for size in args.sizes:
            found: dict[str, list[float]] = {name: [] for name in ways}
            for _ in range(args.rounds):
                for name, way in ways.items():
                    found[name].append(cpu_an_action(way, steps, size, args.batches))
            medians = {name: statistics.median(v) for name, v in found.items()}
            cells = "".join(f"{medians[n]:>8.1f} ({min(v):.0f}-{max(v):.0f})".rjust(24) for n, v in found.items())
            print(f"{size:>6}{cells}   {medians['kept'] / medians['sqlalchemy']:.2f}x")
        kept.close()
        engine.dispose()


if __name__ == "__main__":
    main()
