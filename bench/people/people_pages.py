"""The two pages of people's ratings at scale (issue 52): a game's leaderboard and a player's page,
timed through a real `cardroom serve` over HTTP, on SQLite and on PostgreSQL.

The database is filled directly (no argon2 per account: one hash shared) with ``--accounts``
accounts and ``--games`` rated tables of ``--seats`` seats each, spread over the three games: every
table with its seats, each seat held by an account, a rating-history row per seat, and each
account's rating per game. Then ``--requests`` requests of each page (a random game's leaderboard
at a random offset among the first pages; a random player's page, which reads the player's
ratings, each game's history and the recent games) are sent one after another, each from one of
many loopback addresses (so the room's per-address rate limit does not refuse them), and p50/p95
printed. The aim: p95 <= 100 ms on both databases.

With ``--load-tables N`` the pages are timed with the room under its usual load beside them: the
server benchmarks' own players (bench/server/server_load.py's generator, Node.js or Python) play N
live Tacocat tables of two people on the same server, each seat with its socket open, thinking
``--think`` seconds (exponential) and acting, rematching when a game ends; the pages are timed in
the players' measured window, and the load's own figures (actions a second, the action's p50/p95)
are printed beside them, with the machine's load average.

    python bench/people/people_pages.py                       # both databases, 10,000 accounts, 100,000 games
    python bench/people/people_pages.py --database sqlite --accounts 1000 --games 10000 --requests 100
    nice -n 10 python bench/people/people_pages.py --load-tables 100 --think 2   # under the room's load
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench" / "server"))  # the server benchmarks' helpers (_measure)
from _measure import free_port, percentile, start_server, stop_server  # noqa: E402
from _server_figures import Figures  # noqa: E402
from server_load import collect, start_generators  # noqa: E402  (the room's players: bench/server)
from tests.server.postgres import throwaway  # noqa: E402

GAMES = ("tacocat", "exploding-kittens", "taco")
CHUNK = 5000


def fill(url: str, accounts: int, games: int, seats: int, seed: int) -> None:
    """The database at ``url`` migrated and filled (see the module's text), with progress."""
    from openskill.models import PlackettLuce
    from sqlalchemy import insert

    from cardroom.people import passwords
    from cardroom.server.store import Store
    from cardroom.server.store.schema import account_seats, person_ratings, rating_history, tables
    from cardroom.server.store.schema import accounts as account_rows
    from cardroom.server.store.schema import seats as seat_rows

    rng = random.Random(seed)
    store = Store.open(url)
    engine = store.engine
    shared = passwords.hash_new("bench password")
    start = datetime.now(UTC) - timedelta(days=365)
    ids = [f"acct{i:07d}" for i in range(accounts)]
    model = PlackettLuce()
    ratings: dict[tuple[str, str], list[float]] = {}  # (account, game) -> [mu, sigma, games]

    def insert_chunks(table: object, rows: list[dict[str, object]], what: str) -> None:
        with engine.begin() as conn:
            for i in range(0, len(rows), CHUNK):
                conn.execute(insert(table), rows[i : i + CHUNK])  # type: ignore[arg-type]
        print(f"  {len(rows):,} {what}", flush=True)

    insert_chunks(
        account_rows,
        [{"id": a, "name": f"Player {i}", "name_key": f"player {i}", "password_hash": shared, "created": start, "suspended": False}
         for i, a in enumerate(ids)],
        "accounts",
    )  # fmt: skip
    done = 0
    while done < games:
        batch = min(10_000, games - done)
        t_rows, s_rows, held, history = [], [], [], []
        for n in range(done, done + batch):
            table_id, game = f"t{n:09d}", GAMES[n % len(GAMES)]
            when = start + timedelta(seconds=n * 300)
            t_rows.append({"id": table_id, "game": game, "preset": "standard", "options": {}, "seed": n, "created": when,
                           "status": "over", "reaction_seconds": 4.0, "updated": when})  # fmt: skip
            players = rng.sample(ids, seats)
            order = list(range(1, seats + 1))
            rng.shuffle(order)
            teams = [[model.create_rating(ratings.get((p, game), [25.0, 25 / 3, 0])[:2], name=p)] for p in players]
            after = model.rate(teams, ranks=[float(o) for o in order])
            for seat, (player, place, team) in enumerate(zip(players, order, after, strict=True)):
                s_rows.append(
                    {"table_id": table_id, "seat": seat, "kind": "human", "name": f"Seat {seat + 1}", "joined": True}
                )
                held.append({"table_id": table_id, "seat": seat, "account_id": player, "created": when})
                mu, sigma = team[0].mu, team[0].sigma
                count = ratings.get((player, game), [0, 0, 0])[2] + 1
                ratings[(player, game)] = [mu, sigma, count]
                history.append({"table_id": table_id, "account_id": player, "game": game, "place": place, "mu": mu,
                                "sigma": sigma, "shown": mu - 3 * sigma, "created": when})  # fmt: skip
        with engine.begin() as conn:
            for table, rows in (
                (tables, t_rows),
                (seat_rows, s_rows),
                (account_seats, held),
                (rating_history, history),
            ):
                for i in range(0, len(rows), CHUNK):
                    conn.execute(insert(table), rows[i : i + CHUNK])
        done += batch
        print(f"  {done:,} of {games:,} rated games", flush=True)
    now = datetime.now(UTC)
    insert_chunks(
        person_ratings,
        [{"account_id": a, "game": g, "mu": v[0], "sigma": v[1], "shown": v[0] - 3 * v[1], "games": int(v[2]), "updated": now}
         for (a, g), v in ratings.items()],
        "ratings",
    )  # fmt: skip
    store.close()


def measure(base: str, accounts: int, requests: int, seed: int, until: float | None = None) -> dict[str, list[float]]:
    """Seconds per request of each page (with ``until``, an epoch time, no more are sent after it)."""
    rng = random.Random(seed)
    clients = [
        httpx.Client(base_url=base, timeout=30, transport=httpx.HTTPTransport(local_address=f"127.0.0.{i}"))
        for i in range(2, 60)
    ]
    timed: dict[str, list[float]] = {"leaderboard": [], "player": []}
    try:
        for n in range(requests):
            if until is not None and time.time() >= until:
                print(f"  the load's window ended after {n} requests of each page", flush=True)
                break
            client = clients[n % len(clients)]
            for page, path in (
                ("leaderboard", f"/api/people/leaderboard/{rng.choice(GAMES)}?offset={50 * rng.randrange(20)}"),
                ("player", f"/api/people/Player%20{rng.randrange(accounts)}"),
            ):
                began = time.perf_counter()
                answer = client.get(path)
                timed[page].append(time.perf_counter() - began)
                if answer.status_code != 200:
                    raise SystemExit(f"{path} answered {answer.status_code}: {answer.text[:300]}")
            if (n + 1) % max(1, requests // 10) == 0:
                print(f"  {n + 1} of {requests} requests of each page", flush=True)
    finally:
        for client in clients:
            client.close()
    return timed


@contextlib.contextmanager
def room_load(base: str, args: argparse.Namespace) -> Iterator[float | None]:
    """With ``--load-tables``, the room's players playing at ``base`` from the start of their measured
    window (yielded: its end) to its end, then their figures printed; else nothing (yields None)."""
    if not args.load_tables:
        yield None
        return
    players = argparse.Namespace(
        tables=args.load_tables, bot_tables=0, procs=args.load_procs, seed=args.seed, think=args.think,
        generator=args.generator, connections=100,
    )  # fmt: skip
    workers = start_generators([base], players)
    try:
        for worker in workers:
            worker.wait_ready()
        start = time.time() + args.load_warmup
        end = start + args.load_seconds
        for worker in workers:
            worker.start_window(start, end)
        time.sleep(max(0.0, start - time.time()))
        load_before = os.getloadavg()[0]
        yield end
        load_after = os.getloadavg()[0]
        time.sleep(max(0.0, end - time.time()))
        figures = Figures()
        for worker in workers:
            figures.merge(collect(worker.figures()))
    finally:
        for worker in workers:
            worker.stop()
    acted = figures.action_ms or [0.0]
    print(
        f"  the room's load ({players.generator_used} players): {args.load_tables} tables of two people, think "
        f"{args.think:g} s: {figures.acknowledged / args.load_seconds:.0f} actions/s, action p50 "
        f"{percentile(acted, 50):.1f} ms p95 {percentile(acted, 95):.1f} ms, errors {dict(figures.errors) or 'none'}; "
        f"load average {load_before:.1f} -> {load_after:.1f} ({os.cpu_count()} cores)",
        flush=True,
    )


@contextlib.contextmanager
def database(kind: str) -> Iterator[str]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{Path(folder) / 'people.sqlite3'}"
    else:
        with throwaway() as postgres:
            yield postgres.url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--accounts", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=100_000, help="rated tables")
    parser.add_argument("--seats", type=int, default=3, help="people per table")
    parser.add_argument("--requests", type=int, default=300, help="requests of each page")
    parser.add_argument("--seed", type=int, default=52)
    parser.add_argument("--load-tables", type=int, default=0, help="live tables of two people played beside (0: idle)")
    parser.add_argument("--think", type=float, default=2.0, help="the players' mean seconds to think")
    parser.add_argument("--load-seconds", type=float, default=60.0, help="the players' measured window")
    parser.add_argument("--load-warmup", type=float, default=5.0, help="seconds of play before timing the pages")
    parser.add_argument("--load-procs", type=int, default=1, help="player processes")
    parser.add_argument("--generator", choices=("auto", "node", "python"), default="auto", help="the players' runtime")
    args = parser.parse_args()
    kinds = ("sqlite", "postgresql") if args.database == "both" else (args.database,)
    results = []
    for kind in kinds:
        with database(kind) as url:
            print(f"{kind}: filling {args.accounts:,} accounts and {args.games:,} rated games", flush=True)
            began = time.perf_counter()
            fill(url, args.accounts, args.games, args.seats, args.seed)
            print(f"  filled in {time.perf_counter() - began:.0f} s; starting the server", flush=True)
            port = free_port()
            proc = start_server(port, url)
            base = f"http://127.0.0.1:{port}"
            try:
                with room_load(base, args) as until:
                    timed = measure(base, args.accounts, args.requests, args.seed, until)
            finally:
                stop_server(proc)
        for page, values in timed.items():
            p50, p95 = percentile(values, 50) * 1000, percentile(values, 95) * 1000
            results.append(
                f"{kind:10} {page:12} {'under load' if args.load_tables else 'idle':10} p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  {'met' if p95 <= 100 else 'NOT met'} (p95 <= 100 ms)"
            )
    print("\n".join(results))


if __name__ == "__main__":
    main()
