"""Each entry's analysis kept in the database (docs/challenges.md, "Scores"), on a real server process on
SQLite and on PostgreSQL: worked out as the entry's deal finishes, with no results request asking, and
kept beside the entry; after the server is killed and started again on the same database, the standings
and the running board are scored by play at once, without a single analysis worked out again. The
analyses are counted by the room's own metric (``cardroom_daily_analyses_total``). Beside it: a figure
the bounded cache lets go is read back from the database, never worked out again, and the migration
that adds the columns keeps a database made at the revision before it."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime
from pathlib import Path

import httpx
from sqlalchemy import text

from cardroom.server.ops import metrics
from cardroom.server.room.daily_play import PENDING, Figure, Job, PlayFigures
from cardroom.server.store import DailyEntry, Store
from tests.challenges.daily_server import counted_by_asker, daily_server
from tests.challenges.play import concede, enter, play
from tests.server.process import ServerProcess
from tests.support.migrations import database_at
from tests.support.polling import until

SLOT = "tacocat-2"
WINDOW = 8.0  # seconds: a day's window here, long enough to play one deal, so the test sees one close


def _server(url: str) -> tuple[ServerProcess, str]:
    return daily_server(url, WINDOW, CARDROOM_DAILY_ANALYSE_EVERY="0.2")


def _analyses(metrics: str) -> dict[str, float]:
    """Analyses this server process worked out, by what asked for them."""
    return counted_by_asker(metrics, "cardroom_daily_analyses_total")


def _entries(store: Store, days: list[str]) -> dict[str, DailyEntry]:
    return {e.table_id: e for e in store.daily_entries_of_days(days) if e.slot == SLOT}


def test_figures_are_worked_out_as_deals_finish_and_kept_across_a_restart(database: str) -> None:
    server, metrics = _server(database)
    store = Store.open(database)
    try:
        with httpx.Client(base_url=server.url) as client:
            cookies, tables = {}, {}
            today = client.get("/api/daily").json()
            if today["closes_in"] < WINDOW - 1.0:  # a fresh window, so the played deal ends inside it
                time.sleep(today["closes_in"] + 0.05)
            for name in ("Ada", "Bea", "Cy"):
                client.cookies.clear()
                entered = enter(client, SLOT, name, origin=server.url)
                if name == "Ada":
                    play(client, entered["table_id"], entered["token"])
                else:
                    concede(client, entered["table_id"], entered["token"])  # over at once
                cookies[name], tables[name] = dict(client.cookies), entered["table_id"]
            days = sorted({today["day"], client.get("/api/daily").json()["day"]})
            # Worked out ahead and kept, with no results request made by anyone.
            until(lambda: all(e.adjusted is not None for e in _entries(store, days).values()), 60, "the figures kept")
            entries = _entries(store, days)
            assert set(entries) == set(tables.values())
            assert _analyses(metrics) == {"ahead": 3.0, "results": 0.0}
            ada = entries[tables["Ada"]]
            assert ada.play is not None and 0.0 <= ada.play <= 100.0 and ada.adjusted is not None
            # Kept once: another process keeping the same entry's figures changes nothing.
            assert not store.set_daily_figures(ada.table_id, ada.seat, 1.0, 0.5)
            assert _entries(store, days)[ada.table_id] == ada
            # The window closes; its references are played and kept with their adjusted results.
            until(
                lambda: (
                    {(r.day, r.copy) for r in store.daily_references(days, SLOT) if r.adjusted is not None}
                    >= {(e.day, e.copy) for e in entries.values()}
                ),
                60,
                "the references kept",
            )
        server.kill()
        server, metrics = _server(database)
        with httpx.Client(base_url=server.url, cookies=cookies["Ada"]) as client:
            shown = client.get(f"/api/daily/{ada.day}/{SLOT}/results")
            assert shown.status_code == 200, shown.text
            standings = shown.json()["standings"]
            assert standings and all(s["scored_by"] == "play" and s["play_ready"] for s in standings)
            mine = next(s for s in standings if s["name"] == "Ada")
            assert mine["play"] == ada.play
            (ref,) = [r for r in store.daily_references([ada.day], SLOT) if r.copy == ada.copy]
            assert ref.adjusted is not None
            assert mine["against_expert"] == round(ada.adjusted - ref.adjusted, 4)
            running = client.get("/api/daily/running").json()["standings"]
            assert sorted(r["name"] for r in running) == ["Ada", "Bea", "Cy"]
            assert all(r["provisional"] == 0 for r in running)
            time.sleep(0.5)  # the watcher's looks: nothing left for them either
        assert _analyses(metrics) == {"ahead": 0.0, "results": 0.0}  # the restarted process worked out none
    finally:
        server.kill()
        store.engine.dispose()


def test_the_migration_keeps_entries_made_at_the_revision_before(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    at = datetime.now(UTC)
    database_at(
        url,
        "0014_reference_adjusted",
        [
            (
                "INSERT INTO tables (id, game, preset, options, seed, created, status, reaction_seconds) "
                "VALUES ('t1', 'tacocat', 'tacocat-2', '{}', 1, :at, 'over', 1.0)",
                {"at": at},
            ),
            (
                "INSERT INTO daily_entries (day, slot, entrant, name, guest, copy, table_id, seat, created) "
                "VALUES ('2027-01-01', 'tacocat-2', 'guest:ada', 'Ada', 1, 1, 't1', 0, :at)",
                {"at": at},
            ),
        ],
    )
    store = Store.open(url)  # upgrades to the newest revision
    try:
        (old,) = store.daily_entries_of_days(["2027-01-01"])
        assert (old.name, old.copy, old.table_id, old.play, old.adjusted) == ("Ada", 1, "t1", None, None)
        assert store.daily_figures([("t1", 0)]) == {}  # not worked out yet
        assert store.set_daily_figures("t1", 0, None, 0.42)  # no decision to make: kept all the same
        assert store.daily_figures([("t1", 0)]) == {("t1", 0): (None, 0.42)}
        assert not store.set_daily_figures("t1", 0, 50.0, 0.1)  # kept once
        (kept,) = store.daily_entries_of_days(["2027-01-01"])
        assert (kept.play, kept.adjusted) == (None, 0.42)
    finally:
        store.close()


def test_a_figure_the_cache_lets_go_is_read_back_not_worked_out_again(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'cache.sqlite3'}")
    at = datetime.now(UTC)
    try:
        with store.engine.begin() as connection:
            for n in (1, 2):
                connection.execute(
                    text(
                        "INSERT INTO tables (id, game, preset, options, seed, created, status, reaction_seconds) "
                        "VALUES (:t, 'tacocat', 'tacocat-2', '{}', 1, :at, 'over', 1.0)"
                    ),
                    {"t": f"t{n}", "at": at},
                )
                connection.execute(
                    text(
                        "INSERT INTO daily_entries (day, slot, entrant, name, guest, copy, table_id, seat, created) "
                        "VALUES ('2027-01-01', 'tacocat-2', :e, 'Ada', 1, 0, :t, 0, :at)"
                    ),
                    {"e": f"guest:{n}", "t": f"t{n}", "at": at},
                )
        for n in (1, 2):
            assert store.set_daily_figures(f"t{n}", 0, 10.0 * n, 0.1 * n)  # kept by another process
        before = metrics.DAILY_ANALYSES.labels("results")._value.get()

        async def never() -> Job | None:
            raise AssertionError("worked out again")

        async def look() -> list[Figure]:
            figures = PlayFigures(store, keep=1)  # one figure in memory: every other one is let go
            seen = []
            for table_id in ("t1", "t2", "t1", "t2"):
                assert figures.get(table_id, 0, never) == PENDING  # the other one was let go
                while figures.queue:
                    await asyncio.sleep(0.01)
                seen.append(figures.done[(table_id, 0)])
                assert len(figures.done) == 1
            return seen

        seen = asyncio.run(look())
        assert [(f.ready, f.failed, f.accuracy, f.adjusted) for f in seen] == [
            (True, False, 10.0 * n, 0.1 * n) for n in (1, 2, 1, 2)
        ]
        assert metrics.DAILY_ANALYSES.labels("results")._value.get() == before  # none worked out
    finally:
        store.close()
