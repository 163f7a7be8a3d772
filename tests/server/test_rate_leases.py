"""The shared rate limit's leases (``server/ops/ratelimit.py``): a lease running low is renewed in the
background, so a request waits for the database only when its key has nothing left; the limit
stays exact; on PostgreSQL a lease's commit does not wait for the disk."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from starlette.websockets import WebSocketDisconnect

from cardroom.server.ops.ratelimit import LEASE, LEASE_LIFE, RENEW_AFTER, RENEW_AT, SharedRateLimiter
from cardroom.server.room.tokens import hash_token
from cardroom.server.store import database
from tests.server.conftest import create
from tests.server.postgres import throwaway
from tests.support.polling import until


@pytest.fixture
def thread() -> Iterator[ThreadPoolExecutor]:
    pool = ThreadPoolExecutor(max_workers=1)
    yield pool
    pool.shutdown(wait=True)


def _limiter(url: str, thread: ThreadPoolExecutor, burst: int) -> SharedRateLimiter:
    database.upgrade(database.make_engine(url))
    # One token in 1,000 s: the burst is all the bucket ever gives in a test.
    return SharedRateLimiter(url, rate=0.001, burst=burst, thread=thread)


def test_a_lease_running_low_is_renewed_while_requests_go_on(tmp_path: Path, thread: ThreadPoolExecutor) -> None:
    limiter = _limiter(f"sqlite:///{tmp_path / 'leases.sqlite3'}", thread, burst=100)

    async def scenario() -> list[bool]:
        answers = [await limiter.allow("k")]  # the first lease: the request waits for it
        held = threading.Event()
        thread.submit(held.wait, 30)  # the limiter's thread is busy: a renewal queues behind this
        try:
            # Spending down to the renewal mark and past it needs no database: none of these may
            # wait for the held thread (if one did, wait_for would time out and the test fail).
            lease = limiter._leases["k"]
            for _ in range(LEASE - 1):
                answers.append(await asyncio.wait_for(limiter.allow("k"), 5))
                # The next lease is asked for once RENEW_AT tokens are left, not before.
                assert (lease.ahead is not None) == (lease.left <= RENEW_AT), lease
            assert lease.left == 0
        finally:
            held.set()
        # The next request waits for the renewal already asked for (not a second one), then spends it.
        answers.append(await asyncio.wait_for(limiter.allow("k"), 5))
        assert limiter._leases["k"].left == LEASE - 1
        return answers

    assert asyncio.run(scenario()) == [True] * (LEASE + 1)
    limiter.close()


def test_an_aging_lease_is_renewed_before_it_expires(tmp_path: Path, thread: ThreadPoolExecutor) -> None:
    # Leases taken together (a room whose tables started at once, a restart) would all expire
    # together, LEASE_LIFE later, and every request would then wait for the database at once.
    limiter = _limiter(f"sqlite:///{tmp_path / 'aging.sqlite3'}", thread, burst=100)

    async def scenario() -> None:
        assert await limiter.allow("k")
        lease = limiter._leases["k"]
        assert lease.ahead is None and lease.left == LEASE - 1 > RENEW_AT
        lease.taken -= RENEW_AFTER  # as if granted RENEW_AFTER seconds ago, with tokens to spare
        assert await limiter.allow("k")
        renewal = lease.ahead
        assert renewal is not None
        assert await renewal == LEASE
        # The old lease's tokens stay, the new one's join them, and the pair counts from now.
        assert lease.left == 2 * LEASE - 2
        assert LEASE_LIFE - 1 < LEASE_LIFE - (time.monotonic() - lease.taken) <= LEASE_LIFE

    asyncio.run(scenario())
    limiter.close()


def test_a_request_with_no_token_left_does_not_queue_behind_renewals_asked_ahead(tmp_path: Path) -> None:
    # With threads of its own (as on PostgreSQL), renewals asked ahead have their own thread: a wave
    # of them (leases taken together age together) must not hold up a request that has to wait.
    url = f"sqlite:///{tmp_path / 'ahead.sqlite3'}"
    database.upgrade(database.make_engine(url))
    limiter = SharedRateLimiter(url, rate=0.001, burst=100)
    held = threading.Event()

    async def scenario() -> None:
        for _ in range(LEASE - RENEW_AT - 1):  # one token more than the renewal mark left
            assert await limiter.allow("a")
        assert limiter._leases["a"].ahead is None
        limiter._ahead.submit(held.wait, 30)  # the thread for renewals ahead is busy
        assert await limiter.allow("a")
        assert limiter._leases["a"].ahead is not None  # queued behind the busy thread
        # A key with nothing here waits for its own lease, on the other thread: it must not wait
        # for the held one (if it did, wait_for would time out and the test fail).
        assert await asyncio.wait_for(limiter.allow("b"), 5)
        lease = limiter._leases["a"]
        assert lease.ahead is not None and not held.is_set()
        # Nor does "a" itself once it has nothing left: its renewal asked ahead is still queued,
        # so it asks for a lease of its own on the other thread.
        for _ in range(RENEW_AT):
            assert await limiter.allow("a")
        assert lease.left == 0
        assert await asyncio.wait_for(limiter.allow("a"), 5)
        assert lease.left == LEASE - 1 and lease.ahead is not None
        held.set()
        assert await lease.ahead == LEASE  # the renewal asked ahead arrives too, and joins
        assert lease.left == 2 * LEASE - 1

    try:
        asyncio.run(scenario())
    finally:
        held.set()
        limiter.close()


def test_renewing_ahead_keeps_the_limit_exact(tmp_path: Path, thread: ThreadPoolExecutor) -> None:
    burst = 23  # not a multiple of a lease: the last leases are single tokens
    url = f"sqlite:///{tmp_path / 'exact.sqlite3'}"
    one, two = _limiter(url, thread, burst), _limiter(url, thread, burst)

    async def scenario() -> list[bool]:
        return [await (one if i % 3 else two).allow("k") for i in range(4 * burst)]

    answers = asyncio.run(scenario())
    # Two processes' limiters on one bucket: never more than it holds, and every token given is
    # spent (a renewal that finds the bucket empty stops asking ahead; nothing is left unspent).
    assert answers.count(True) == burst, answers
    assert answers[-3:] == [False] * 3, answers
    one.close()
    two.close()


def test_a_failed_renewal_ahead_is_dropped_and_the_next_request_asks_again(
    tmp_path: Path, thread: ThreadPoolExecutor, monkeypatch: pytest.MonkeyPatch
) -> None:
    limiter = _limiter(f"sqlite:///{tmp_path / 'fail.sqlite3'}", thread, burst=100)
    real = limiter._lease
    calls: list[str] = []

    def flaky(key: str) -> int:
        calls.append(key)
        if len(calls) == 2:
            raise ConnectionError("the database went away")
        return real(key)

    monkeypatch.setattr(limiter, "_lease", flaky)

    async def scenario() -> list[bool]:
        answers = [await limiter.allow("k") for _ in range(LEASE)]
        ahead = limiter._leases["k"].ahead
        assert ahead is not None
        with contextlib.suppress(ConnectionError):
            await ahead  # the renewal asked ahead fails
        answers.append(await limiter.allow("k"))  # nothing left: asks again, and gets a lease
        return answers

    assert asyncio.run(scenario()) == [True] * (LEASE + 1)
    assert len(calls) == 3
    limiter.close()


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with throwaway() as server:
        yield server.url


def test_leases_on_postgresql_commit_without_waiting_for_the_disk(postgres_url: str) -> None:
    with ThreadPoolExecutor(max_workers=1) as pool:
        limiter = _limiter(postgres_url, pool, burst=50)
        with limiter.buckets.engine.connect() as conn:
            assert conn.execute(text("SHOW synchronous_commit")).scalar() == "off"
        with database.make_engine(postgres_url).connect() as conn:  # the room's own: durable
            assert conn.execute(text("SHOW synchronous_commit")).scalar() == "on"
        assert asyncio.run(limiter.allow("fresh"))
        assert limiter._leases["fresh"].left == LEASE - 1
        limiter.close()


def test_two_processes_leasing_at_once_on_postgresql_never_exceed_the_bucket(postgres_url: str) -> None:
    """Two limiters (as two server processes), each on its own thread and event loop, ask for the
    same new key's tokens at once: the first leases race to create the bucket, later ones to take
    from it. Together they allow exactly what the bucket holds."""
    burst = 37
    pools = [ThreadPoolExecutor(max_workers=1) for _ in range(2)]
    limiters = [_limiter(postgres_url, pool, burst) for pool in pools]
    start = threading.Barrier(2)

    def spend(limiter: SharedRateLimiter) -> list[bool]:
        async def requests() -> list[bool]:
            return [await limiter.allow("shared") for _ in range(2 * burst)]

        start.wait(10)
        return asyncio.run(requests())

    with ThreadPoolExecutor(max_workers=2) as both:
        answers = [a for found in both.map(spend, limiters) for a in found]
    assert answers.count(True) == burst
    for limiter, pool in zip(limiters, pools, strict=True):
        limiter.close()
        pool.shutdown()


def test_a_seat_opening_its_socket_has_its_lease_fetched_before_it_acts(client: TestClient) -> None:
    # After a start or a restart every seat's first action waited for a trip to the database for
    # its lease (on PostgreSQL, 2,100 seats at once took up to a second); a seat's socket opening
    # now fetches it in the background. Only a token that opens a seat does: anything else would
    # let anyone write rows.
    table = create(client, reaction_seconds=60)
    tid, token = str(table["table_id"]), str(table["token"])
    limiter = client.app.state.limiter  # type: ignore[attr-defined]
    engine = client.app.state.room.store.engine  # type: ignore[attr-defined]

    def stored(key: str) -> bool:
        with engine.connect() as conn:
            return conn.execute(text("SELECT 1 FROM rate_buckets WHERE key = :k"), {"k": key}).first() is not None

    with client.websocket_connect(f"/api/tables/{tid}/ws"):  # a spectator: no token, no lease
        pass
    with (
        client.websocket_connect(f"/api/tables/{tid}/ws?token=not-a-seat") as wrong,
        pytest.raises(WebSocketDisconnect),
    ):
        wrong.receive_json()
    assert not stored(hash_token("not-a-seat"))
    assert hash_token(token) not in limiter._leases
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={token}") as ws:
        assert ws.receive_json()["seat"] == 0
        # The lease arrives in the background (on the server's loop, another thread here): wait for
        # its tokens, however long the machine takes, up to a bound.
        key = hash_token(token)
        until(lambda: key in limiter._leases and limiter._leases[key].left >= LEASE, 20, "the lease", every=0.02)
        assert limiter._leases[key].left == LEASE
    assert stored(key)


@pytest.mark.parametrize(("lease", "burst_after_refill"), [(LEASE, 20 + LEASE - 1), (1, 20)])
def test_a_one_token_lease_holds_the_limit_exactly(tmp_path: Path, lease: int, burst_after_refill: int) -> None:
    """Tokens a process holds are not in the stored bucket while it refills: spent later, they come
    on top of a full bucket (29 where the limit allows 20). A limit taken a token at a time gives
    exactly what the bucket holds (table creations and sign-in tries are limited that way)."""
    url = f"sqlite:///{tmp_path / 'exact.sqlite3'}"
    database.upgrade(database.make_engine(url))
    limiter = SharedRateLimiter(url, rate=0.01, burst=20, lease=lease)

    async def scenario() -> int:
        assert await limiter.allow("k")  # one spent; a default lease keeps the other nine here
        # 1,000 s pass for the stored bucket (10 tokens at 0.01 a second): full again.
        with limiter.buckets.engine.begin() as conn:
            conn.execute(text("UPDATE rate_buckets SET stamp = stamp - 1000 WHERE key = 'k'"))
        return sum([await limiter.allow("k") for _ in range(40)])

    assert asyncio.run(scenario()) == burst_after_refill
    limiter.close()
