"""Rate limits: a token bucket for each key, refilled continuously.

:class:`RateLimiter` keeps its buckets in this process's memory (the chat's per-seat limit).
:class:`SharedRateLimiter` keeps them in the database, so a token's limit holds however many server
processes its requests are spread over. Asking the database on every request would cost a write
per request; instead a process takes a *lease* of a few tokens from the stored bucket in one atomic
statement and spends them locally. The database never hands out more than the bucket holds, but
tokens held here are not in the stored bucket while it refills: spent later, they come on top of
what it gave meanwhile, up to a lease a process over the limit (22 table creations where 20 were
allowed). A limit that must hold exactly (table creations, sign-in attempts) takes one token at a
time, when a request spends it (``lease=1``): a trip to the database a request, for requests that
write anyway.

A lease running low is renewed in the background, so a request waits for the database only when
its key has no token left here. Measured on PostgreSQL, where the leases go one at a time through a
thread of their own: when many seats ran out together (a room whose tables started at once), the
rate-limit check's p99 was 1.8 s, and it held up the action requests behind it.
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from cardroom.server.ops import timings
from cardroom.server.store import DATABASE_ERRORS, Buckets, Readiness


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: dict[str, _Bucket] = {}

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) > 100_000:  # forget idle keys rather than grow without bound
                self._buckets.clear()
            bucket = self._buckets[key] = _Bucket(float(self.burst), now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.stamp) * self.rate)
        bucket.stamp = now
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True


LEASE = 10  # tokens a process takes from a stored bucket at a time
# Seconds a lease may be spent; older tokens are dropped (stricter, never looser). A person acting
# every few seconds spends one lease over many requests: one database write per ten requests.
LEASE_LIFE = 60.0
RENEW_AT = LEASE // 3  # tokens left when the next lease is asked for in the background ...
RENEW_AFTER = LEASE_LIFE * 0.75  # ... or seconds since it was granted, whichever comes first


@dataclass
class _Lease:
    left: int
    taken: float  # time.monotonic() when granted
    ahead: asyncio.Future[int] | None = None  # the next lease, asked for in the background
    needed: asyncio.Future[int] | None = None  # a lease that requests with nothing left wait for
    # A renewal that found the stored bucket empty: no more asking ahead until this lease is spent
    # (else every request of a drained key would write to the database).
    dry: bool = False

    def fresh(self, now: float) -> bool:
        """Whether its tokens may still be spent (granted less than LEASE_LIFE ago)."""
        return now - self.taken < LEASE_LIFE


class SharedRateLimiter:
    """Token buckets in the ``rate_buckets`` table, spent through per-process leases."""

    def __init__(
        self,
        url: str,
        rate: float,
        burst: int,
        thread: ThreadPoolExecutor | None = None,
        *,
        readiness: Readiness | None = None,
        alone: bool = True,
        lease: int = LEASE,
    ) -> None:
        """``thread``: where the leases are written (default: a thread of their own). On SQLite the
        server passes its group writer's thread: SQLite has one writer at a time, and a lease on a
        thread of its own lost the lock to a busy group commit again and again, sleeping in SQLite's
        busy handler for seconds (and failing after its timeout).
        ``readiness``: the store's gate (no lease before the schema is checked).
        ``alone``: while leases cannot be had, this process's own bucket decides (else the database's
        error is raised: a limit that must hold across processes, like table creations, which need
        the database anyway).
        ``lease``: tokens taken from the stored bucket at a time; 1 for a limit that must hold exactly
        (then none is taken ahead of a request)."""
        self.rate = rate
        self.lease_size = lease
        self.burst = burst
        self.alone = alone
        self.buckets = Buckets(url, rate, burst, readiness)  # the stored buckets (their SQL is the store's)
        self._leases: dict[str, _Lease] = {}
        self._outage = RateLimiter(rate, burst)  # the limit while leases cannot be had (see allow)
        self._own_thread = thread is None
        self._thread = thread or ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardroom-limits")
        # Renewals asked ahead go through a thread of their own when the limiter has its own
        # (PostgreSQL): queued on the one thread, a wave of them (every lease taken at one start
        # ages together) made the requests that had no token left wait behind them.
        self._ahead = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardroom-limits-ahead")
            if self._own_thread
            else self._thread
        )

    async def allow(self, key: str) -> bool:
        lease = self._lease_of(key)
        if not lease.fresh(time.monotonic()):
            lease.left = 0
        # When others waiting on the same lease spend it first, this request waits for the next
        # one. Each lease either grants a token to someone or finds the bucket empty (then every
        # request waiting on it is refused), so the wait ends. It once called itself instead, on a
        # lease granted but not yet added here: with 60 requests at once on one token that went
        # on without yielding until Python's recursion limit, and a fifth of them were answered 500.
        while lease.left == 0:
            # Nothing left here: wait for a lease. A renewal asked ahead on the same thread is the
            # quickest; on a thread of its own it may sit behind a wave of them, so ask anew.
            shared = lease.ahead if self._ahead is self._thread else None
            pending = lease.needed or shared or self._renew(key, lease, needed=True)
            started = timings.clock() if timings.ON else 0.0
            try:
                granted = await pending
                # A lease already granted is returned at once, before its done-callback (which adds
                # its tokens here and clears it) has run: let it run, or this loop would find the
                # same finished lease again and again without ever yielding, freezing the server.
                while lease.needed is pending or lease.ahead is pending:
                    await asyncio.sleep(0)
            except DATABASE_ERRORS:
                # The database cannot hand out leases (full, read-only, down): this process's own
                # bucket for the key decides meanwhile, so what needs no write (a view, a table's
                # facts) is still served; what does answers 503 when it reaches the database.
                if not self.alone:
                    raise
                return self._outage.allow(key)
            if timings.ON:
                timings.add("rate limit lease wait", timings.clock() - started)
            if granted == 0 and lease.left == 0:
                return False
        lease.left -= 1
        aging = time.monotonic() - lease.taken >= RENEW_AFTER  # read again: the lease may be new
        ahead = self.lease_size > 1 and lease.ahead is None and lease.needed is None and not lease.dry
        if ahead and (lease.left <= RENEW_AT or aging):
            self._renew(key, lease, needed=False)
        return True

    def ask_ahead(self, key: str) -> None:
        """Take a lease for ``key`` in the background unless this process holds or awaits one: for
        a seat whose socket just opened, so that its first action finds tokens here and makes no
        trip to the database (after a start or a restart, every seat's first action did)."""
        lease = self._lease_of(key)
        held = lease.left > 0 and lease.fresh(time.monotonic())
        if self.lease_size > 1 and not (held or lease.ahead or lease.needed or lease.dry):
            self._renew(key, lease, needed=False)

    def _lease_of(self, key: str) -> _Lease:
        lease = self._leases.get(key)
        if lease is None:
            if len(self._leases) > 100_000:  # forget idle keys rather than grow without bound
                self._leases.clear()
            lease = self._leases[key] = _Lease(0, 0.0)
        return lease

    def _renew(self, key: str, lease: _Lease, *, needed: bool) -> asyncio.Future[int]:
        """Ask the database for the next lease, for a waiting request (``needed``) or ahead of
        need; its tokens join ``lease``."""
        thread = self._thread if needed else self._ahead
        asked = asyncio.get_running_loop().run_in_executor(thread, self._lease, key)
        if needed:
            lease.needed = asked
        else:
            lease.ahead = asked

        def granted(done: asyncio.Future[int]) -> None:
            if needed:
                lease.needed = None
            else:
                lease.ahead = None
            if done.cancelled() or done.exception() is not None:
                return  # a request waiting on it sees the error; one asked ahead is only dropped
            n = done.result()
            lease.dry = n == 0
            if n:
                now = time.monotonic()
                lease.left, lease.taken = (lease.left if lease.fresh(now) else 0) + n, now

        asked.add_done_callback(granted)
        return asked

    def _lease(self, key: str) -> int:
        """Take up to ``lease_size`` tokens from the stored bucket (one if fewer are left): how many."""
        return self.buckets.lease(key, self.lease_size, time.time())

    def close(self) -> None:
        if self._own_thread:
            self._thread.shutdown(wait=True)
            self._ahead.shutdown(wait=True)
        self.buckets.close()
