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

    python bench/people/people_pages.py                       # both databases, 10,000 accounts, 100,000 games
    python bench/people/people_pages.py --database sqlite --accounts 1000 --games 10000 --requests 100
"""

from __future__ import annotations

import argparse
import contextlib
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


def measure(base: str, accounts: int, requests: int, seed: int) -> dict[str, list[float]]:
    """Seconds per request of each page."""
    rng = random.Random(seed)
    clients = [
        httpx.Client(base_url=base, timeout=30, transport=httpx.HTTPTransport(local_address=f"127.0.0.{i}"))
        for i in range(2, 60)
    ]
    timed: dict[str, list[float]] = {"leaderboard": [], "player": []}
    try:
        for n in range(requests):
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
            try:
                timed = measure(f"http://127.0.0.1:{port}", args.accounts, args.requests, args.seed)
            finally:
                stop_server(proc)
        for page, values in timed.items():
            p50, p95 = percentile(values, 50) * 1000, percentile(values, 95) * 1000
            results.append(
                f"{kind:10} {page:12} p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  {'met' if p95 <= 100 else 'NOT met'} (p95 <= 100 ms)"
            )
    print("\n".join(results))


if __name__ == "__main__":
    main()
