"""Rate-limit buckets in the database (``rate_buckets``), shared by every server process: the SQL
behind ``ratelimit.SharedRateLimiter``'s leases. Each lease is one atomic statement (or one
transaction on SQLite): no read-then-write that two processes could interleave."""

from __future__ import annotations

from sqlalchemy import Engine, event, text

from cardroom.server.store.database import make_engine
from cardroom.server.store.readiness import Readiness
from cardroom.server.store.reconnect import Reconnect


class Buckets:
    """Token buckets refilled at ``rate`` a second up to ``burst``; :meth:`lease` takes tokens."""

    def __init__(self, url: str, rate: float, burst: int, readiness: Readiness | None = None) -> None:
        self.rate = rate
        self.burst = burst
        self.engine = _bucket_engine(url, readiness)
        self.dialect = self.engine.dialect.name
        least = "LEAST" if self.dialect == "postgresql" else "MIN"
        refilled = f"{least}(:burst, tokens + (:now - stamp) * :rate)"
        self._take = text(
            f"UPDATE rate_buckets SET tokens = {refilled} - :n, stamp = :now WHERE key = :key AND {refilled} >= :n"
        )
        self._first = text(
            "INSERT INTO rate_buckets (key, tokens, stamp) VALUES (:key, :tokens, :now) ON CONFLICT (key) DO NOTHING"
        )
        # PostgreSQL: the whole lease in one statement, sent in autocommit (one trip, where BEGIN,
        # up to two UPDATEs and COMMIT took four or five). The row is locked while it is read, so
        # two processes' leases cannot both count the same tokens.
        self._take_one_trip = text(
            f"WITH held AS (SELECT key, {refilled} AS held FROM rate_buckets WHERE key = :key FOR UPDATE), "
            "taken AS (SELECT key, held, CASE WHEN held >= :lease THEN :lease WHEN held >= 1 THEN 1 ELSE 0 END AS n"
            " FROM held) "
            "UPDATE rate_buckets AS b SET tokens = taken.held - taken.n, stamp = :now FROM taken"
            " WHERE b.key = taken.key RETURNING taken.n"
        )
        self._one_trip = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        # A lease whose connection was lost is asked once more on a fresh one: a lease taken twice
        # (its first answer lost) only leaves tokens unspent, stricter, never looser.
        self._reconnect = Reconnect(self.engine)

    def lease(self, key: str, most: int, now: float) -> int:
        """Take up to ``most`` tokens from the stored bucket (one if fewer are left): how many. A key
        never seen starts full, and this lease is its first use."""
        return self._reconnect.run(self._lease, key, most, now)

    def _lease(self, key: str, most: int, now: float) -> int:
        params = {"key": key, "burst": float(self.burst), "rate": self.rate, "now": now}
        first = min(most, self.burst)
        if self.dialect == "postgresql":
            with self._one_trip.connect() as conn:
                for _ in range(2):
                    row = conn.execute(self._take_one_trip, {**params, "lease": most}).first()
                    if row is not None:
                        return int(row[0])
                    # If another process created the bucket in between, take from that one instead.
                    if conn.execute(self._first, {**params, "tokens": float(self.burst - first)}).rowcount == 1:
                        return first
            return 0
        with self.engine.begin() as conn:
            for n in (most, 1):
                if conn.execute(self._take, {**params, "n": n}).rowcount == 1:
                    return n
            if conn.execute(self._first, {**params, "tokens": float(self.burst - first)}).rowcount == 1:
                return first
        return 0

    def close(self) -> None:
        self.engine.dispose()


def _bucket_engine(url: str, readiness: Readiness | None) -> Engine:
    """Its own connections, whose commits do not wait for the disk (a rate limit need not survive a
    power cut), so a lease never waits for a flush: on SQLite without syncing, on PostgreSQL with
    ``synchronous_commit`` off for the session (set when connecting: no statement per lease)."""
    engine = make_engine(url, readiness)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _no_sync(dbapi_connection: object, _record: object) -> None:
            cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
            cursor.execute("PRAGMA synchronous=OFF")
            cursor.close()

    elif engine.dialect.name == "postgresql":

        @event.listens_for(engine, "do_connect")
        def _no_sync_wait(_dialect: object, _record: object, _args: object, params: dict[str, str]) -> None:
            params["options"] = f"{params.get('options', '')} -c synchronous_commit=off".strip()

    return engine
