"""Faults of PostgreSQL under a real server while people play: the database stopped and started
again, and the server's connections killed with ``pg_terminate_backend``. After each: nothing
acknowledged is lost (checked after a SIGKILL and a restart), nothing was shown that was not stored,
no request got a 500, and the room serves again without being restarted."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from sqlalchemy import create_engine, text

from cardroom.server.store import conninfo
from tests.server.faults import playing, restart_and_check
from tests.server.postgres import Postgres, throwaway
from tests.support.polling import until


@pytest.fixture(scope="module")
def cluster() -> Iterator[Postgres]:
    """One cluster for the module: each test plays on tables of its own (every check reads only its own
    tables' rows)."""
    with throwaway() as server:
        yield server


@pytest.fixture
def postgres(cluster: Postgres) -> Iterator[Postgres]:
    """The module's cluster, running again after each test whatever fault it made (a test that failed
    while PostgreSQL was stopped leaves the next one a running cluster, not a second failure)."""
    yield cluster
    try:
        psycopg.connect(conninfo(cluster.url), connect_timeout=5).close()
    except psycopg.OperationalError:
        cluster.resume()


def test_postgres_stopped_and_started_mid_game(postgres: Postgres, tmp_path: Path) -> None:
    # The absent-player sweep every half second: failing all through the outage, it must log no
    # traceback (restart_and_check reads the log), as it once did every cycle.
    with playing(postgres.url, tmp_path / "server.log", env={"CARDROOM_ABSENT_SWEEP": "0.5"}) as (server, players):
        postgres.stop()
        until(lambda: players.statuses[503] >= 5, 30, "moves refused with 503 while PostgreSQL is down")
        health = httpx.get(f"{server.url}/healthz", timeout=20)
        assert health.status_code == 503 and not health.json()["reachable"], health.text
        players.stop()
        refused = players.statuses[503]
        postgres.resume()
        acked = players.acknowledged()
        players.start()  # the same server process, its pooled connections now stale
        until(lambda: players.acknowledged() >= acked + 20, 30, "moves acknowledged after PostgreSQL is back")
        players.stop()
        assert players.statuses[503] - refused <= 8  # at most a few in flight while reconnecting
        assert len(server.lines("the database is unavailable")) == 1  # the outage said once, not each cycle
        assert restart_and_check(server, postgres.url, players) >= 40


def test_the_servers_connections_killed_mid_game(postgres: Postgres, tmp_path: Path) -> None:
    admin = create_engine(postgres.url.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT")
    try:
        with playing(postgres.url, tmp_path / "server.log") as (server, players):
            killed = 0
            for _ in range(3):
                with admin.connect() as conn:
                    killed += len(
                        conn.execute(
                            text(
                                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                "WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'"
                            )
                        ).all()
                    )
                acked = players.acknowledged()
                until(lambda acked=acked: players.acknowledged() >= acked + 10, 30, "10 more moves")
                time.sleep(0.2)
            players.stop()
            assert killed >= 6  # the group commit's, the pool's and the notification channel's, each time
            # Each request whose connection was killed was tried again on a fresh one (it once cost
            # about two moves a 503 each time).
            assert players.statuses[503] == 0, players.statuses
            assert restart_and_check(server, postgres.url, players) >= 50
    finally:
        admin.dispose()


def test_a_postgres_restart_mid_game_costs_no_client_an_error(postgres: Postgres, tmp_path: Path) -> None:
    """PostgreSQL restarted twice under play (as an operator does: every connection ended, a clean
    shutdown, started again): every request waits for the fresh connection and answers 200 (none
    503), and every acknowledged move is stored once."""
    with playing(postgres.url, tmp_path / "server.log") as (server, players):
        for _ in range(2):
            postgres.restart()
            acked = players.acknowledged()
            until(lambda acked=acked: players.acknowledged() >= acked + 10, 30, "10 more moves after the restart")
        players.stop()
        assert players.statuses[503] == 0 and not [s for s in players.statuses if s >= 500], players.statuses
        assert restart_and_check(server, postgres.url, players) >= 40
