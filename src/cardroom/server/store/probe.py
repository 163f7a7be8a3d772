"""The health check's two probes: a read, and a small write committed like an action is."""

from __future__ import annotations

import time

from sqlalchemy import Engine, text

PROBE_KEY = "#healthz"  # a row of rate_buckets no token's hash or address key can be


def probe_read(engine: Engine) -> None:
    with engine.connect() as conn:
        conn.execute(text("SELECT 1")).scalar()


def probe_write(engine: Engine) -> None:
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO rate_buckets (key, tokens, stamp) VALUES (:key, 0, :now) "
                "ON CONFLICT (key) DO UPDATE SET stamp = excluded.stamp"
            ),
            {"key": PROBE_KEY, "now": time.time()},
        )
