"""What NOTIFY costs a commit on PostgreSQL, with 1, 2 and 4 writing processes (bench/server/server_multi.py).

A transaction that called NOTIFY takes a lock shared by the whole cluster while it commits
(``PreCommit_Notify`` locks the notification queue, "database 0", until the commit is done), so two
notifying commits never overlap, not even their wait for the disk: PostgreSQL cannot fold them into
one WAL flush, as it does for commits that notify nobody. Each writer here is a process of its own
storing a room's batch (``--batch`` rows, as the group commit does) in a closed loop, with or
without a ``pg_notify`` per row, while a listener per writer (as each room process has one) takes
the notifications. Printed per number of writers: commits per second, the commit's p50 and p99, and
NOTIFY's share of the commit time (the median commit with NOTIFY against without).

A third way is measured beside them, *after*: the batch's rows committed without a notification,
then the notifications in a second, tiny transaction that does not wait for the disk
(``synchronous_commit`` off). That one still takes the cluster's lock to queue its notifications,
but holds it for no flush, so the data commits overlap again. Its time is both commits'.
"""

from __future__ import annotations

import multiprocessing as mp
import statistics
import time
from typing import Any

CHANNEL = "cardroom_notify_bench"
TABLE = "notify_bench"
MODES = ("with", "after", "without")  # NOTIFY in the batch's transaction, in one after it, none


def prepare(url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP TABLE IF EXISTS {TABLE}")
        conn.execute(f"CREATE TABLE {TABLE} (writer int, n bigint, pad text, PRIMARY KEY (writer, n))")


def writer(url: str, index: int, batch: int, mode: str, seconds: float, out: Any) -> None:
    """Store batches in a closed loop for ``seconds`` from its connection, notifying as ``mode``
    says (one of :data:`MODES`); send back each commit's time and how long it ran (seconds)."""
    import psycopg

    commits: list[float] = []
    n = 0
    with psycopg.connect(url) as conn:
        started = time.time()
        until = started + seconds
        while time.time() < until:
            with conn.cursor() as cur:
                for _ in range(batch):
                    cur.execute(f"INSERT INTO {TABLE} VALUES (%s, %s, %s)", (index, n, "x" * 120))
                    if mode == "with":
                        cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{index}:{n}"))
                    n += 1
            began = time.perf_counter()
            conn.commit()
            if mode == "after":
                with conn.cursor() as cur:
                    cur.execute("SET LOCAL synchronous_commit TO off")
                    for k in range(n - batch, n):
                        cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{index}:{k}"))
                conn.commit()
            commits.append(time.perf_counter() - began)
    out.send((commits, time.time() - started))


def listener(url: str, stop: Any, heard: Any) -> None:
    """One room process's LISTEN connection, taking every notification until ``stop`` is set."""
    import psycopg

    count = 0
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"LISTEN {CHANNEL}")
        while not stop.is_set():
            for _ in conn.notifies(timeout=0.2):
                count += 1
    heard.send(count)


def one(url: str, writers: int, batch: int, mode: str, seconds: float) -> dict[str, float]:
    """``writers`` processes for ``seconds``: commits/s, commit p50/p99 ms, notifications heard."""
    prepare(url)
    context = mp.get_context("spawn")
    stop = context.Event()
    writing, hearing, procs = [], [], []
    for i in range(writers):
        mine, theirs = context.Pipe()
        procs.append(context.Process(target=writer, args=(url, i, batch, mode, seconds, theirs)))
        writing.append(mine)
        hears, told = context.Pipe()
        procs.append(context.Process(target=listener, args=(url, stop, told)))
        hearing.append(hears)
    for proc in procs:
        proc.start()
    wrote = [pipe.recv() for pipe in writing]
    stop.set()
    heard = sum(pipe.recv() for pipe in hearing)
    for proc in procs:
        proc.join(30)
    commits = sorted(c for found, _ in wrote for c in found)
    return {
        "commits/s": sum(len(found) / elapsed for found, elapsed in wrote),
        "p50 ms": 1000 * statistics.median(commits),
        "p99 ms": 1000 * commits[min(len(commits) - 1, int(0.99 * len(commits)))],
        "heard": heard,
    }


def measure(url: str, counts: list[int], batch: int, seconds: float, rounds: int) -> list[str]:
    """Each of :data:`MODES` at each number of writers, their order turned round by round; the lines
    to print (medians over the rounds)."""
    found: dict[tuple[int, str], list[dict[str, float]]] = {}
    for r in range(rounds):
        for writers in counts:
            for mode in MODES[r % len(MODES) :] + MODES[: r % len(MODES)]:
                figures = one(url, writers, batch, mode, seconds)
                found.setdefault((writers, mode), []).append(figures)
                print(f"  NOTIFY round {r + 1}, {writers} writer{'s' if writers > 1 else ''}, NOTIFY {mode}: "
                      f"{figures['commits/s']:.0f} commits/s, commit p50 {figures['p50 ms']:.2f} ms, "
                      f"p99 {figures['p99 ms']:.2f} ms, {figures['heard']:.0f} heard", flush=True)  # fmt: skip
    lines = [f"{'writers':>7}  {'NOTIFY':<8}{'commits/s':>10}{'p50 ms':>9}{'p99 ms':>9}   NOTIFY's share of the commit"]
    for writers in counts:
        med = {m: {k: statistics.median(f[k] for f in found[(writers, m)]) for k in ("commits/s", "p50 ms", "p99 ms")}
               for m in MODES}  # fmt: skip
        for mode in MODES:
            m = med[mode]
            share = ""
            if mode != "without":
                share = f"   {max(0.0, 1 - med['without']['p50 ms'] / m['p50 ms']) * 100:.0f}% of the median commit"
            lines.append(f"{writers:>7}  {mode:<8}{m['commits/s']:>10.0f}"
                         f"{m['p50 ms']:>9.2f}{m['p99 ms']:>9.2f}{share}")  # fmt: skip
    return lines
