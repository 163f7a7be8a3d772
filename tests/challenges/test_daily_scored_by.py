"""The standings scored by play (docs/challenges.md, "Scores"): on a real app on SQLite, a copy's entries
keep the plain duplicate score of points, marked provisional, until every finished entry on it has its
analysis worked out and the expert's reference its adjusted result; then the luck-adjusted duplicate
score, from the very figures the room worked out. A reference kept before the room kept its adjusted
result (NULL) gets it when first needed, set in its row; and the migration that adds the column keeps
a database made at the revision before it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from cardroom.server.edge.entrants import GUEST_COOKIE
from cardroom.server.room.daily import deal_seed
from cardroom.server.room.daily_replay import reference_points, reference_result
from cardroom.server.store import Store
from tests.challenges.play import enter, play
from tests.support.migrations import database_at

WINDOW = 15.0  # seconds: a day's window here, long enough to play two deals, short enough to see it close
SLOT = "tacocat-2"
BOTS = EXPERT = "heuristic"  # replayable and quick here


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'daily.sqlite3'}"


@pytest.fixture
def client(url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("CARDROOM_DAILY_BOTS", BOTS)
    monkeypatch.setenv("CARDROOM_DAILY_WINDOW", str(WINDOW))
    monkeypatch.setenv("CARDROOM_DAILY_EXPERT", EXPERT)
    # Nothing worked out ahead: the first look finds the analyses missing (test_daily_figures.py: ahead).
    monkeypatch.setenv("CARDROOM_DAILY_ANALYSE_EVERY", "0")
    with TestClient(create_app(url, bot_delay=0.0, rate=1000, burst=1000)) as c:
        yield c


def _fresh_window(client: TestClient, needed: float) -> str:
    today = client.get("/api/daily").json()
    if today["closes_in"] < needed:
        time.sleep(today["closes_in"] + 0.05)
        today = client.get("/api/daily").json()
    assert today["closes_in"] >= needed
    return str(today["day"])


def _until_closed(client: TestClient, day: str) -> None:
    time.sleep(client.get("/api/daily").json()["closes_in"] + 0.05)
    assert client.get("/api/daily").json()["day"] != day, "the deals took longer than the window: raise WINDOW"


def _by_play(client: TestClient, path: str, seconds: float = 120.0) -> list[dict[str, Any]]:
    """The standings once every row is scored by play (looked for every 0.2 s: the analyses are worked
    out in the background)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        standings: list[dict[str, Any]] = client.get(path).json()["standings"]
        if all(s["scored_by"] == "play" for s in standings):
            return standings
        time.sleep(0.2)
    raise AssertionError(f"not scored by play in {seconds} s")


def _adjusted(client: TestClient, table_id: str) -> float:
    """The luck-adjusted result the room worked out for the entrant's seat (seat 0)."""
    found = client.app.state.daily_play.done[(table_id, 0)].adjusted  # type: ignore[attr-defined]
    assert isinstance(found, float)
    return found


def test_provisional_by_points_until_the_analyses_are_ready_then_by_play(client: TestClient, url: str) -> None:
    store = Store.open(url)
    try:
        day = _fresh_window(client, WINDOW - 3.0)
        entered, cookies = {}, {}
        for name in ("Ada", "Bea", "Cy", "Dee"):  # three copies: four entrants always hold two of one
            client.cookies.clear()
            made = enter(client, SLOT, name)
            entered[made["table_id"]], cookies[made["table_id"]] = made, client.cookies.get(GUEST_COOKIE)
        entries = {e.table_id: e for e in store.daily_entries_of_slot(day, SLOT)}
        by_copy: dict[int, list[str]] = {}
        for table_id, e in entries.items():
            by_copy.setdefault(e.copy, []).append(table_id)
        first, second = next(pair[:2] for pair in by_copy.values() if len(pair) >= 2)
        for table_id in (first, second):  # the other two never finish: not scored, and holding nobody up
            play(client, table_id, entered[table_id]["token"])
        _until_closed(client, day)
        client.cookies.clear()
        client.cookies.set(GUEST_COOKIE, str(cookies[first]))
        path = f"/api/daily/{day}/{SLOT}/results"
        # The first look: the analyses have only now been asked for, so the copy is scored by points.
        shown = client.get(path)
        assert shown.status_code == 200, shown.text
        early = {s["name"]: s for s in shown.json()["standings"]}
        names = {entries[first].name, entries[second].name}
        assert set(early) == names and all(s["scored_by"] == "points" for s in early.values())
        (ref,) = [r for r in store.daily_references([day], SLOT) if r.copy == entries[first].copy]
        points = {n: 1.0 if s["finished_place"] == 1 else 0.0 for n, s in early.items()}
        for n, s in early.items():
            other = points[next(m for m in names if m != n)]
            assert s["duplicate"] == round(points[n] - (other + ref.points) / 2, 4)
            assert s["against_expert"] == round(points[n] - ref.points, 4)
        # Once ready: the luck-adjusted duplicate score of the figures the room worked out.
        late = {s["name"]: s for s in _by_play(client, path)}
        (ref,) = [r for r in store.daily_references([day], SLOT) if r.copy == entries[first].copy]
        assert ref.adjusted is not None
        adjusted = {entries[t].name: _adjusted(client, t) for t in (first, second)}
        for n, s in late.items():
            other = adjusted[next(m for m in names if m != n)]
            assert s["duplicate"] == round(adjusted[n] - (other + ref.adjusted) / 2, 4)
            assert s["against_expert"] == round(adjusted[n] - ref.adjusted, 4)
        ranked = sorted(late.values(), key=lambda s: s["place"])  # best first, by the shown score
        assert [s["place"] for s in ranked] == [1, 2] and ranked[0]["duplicate"] >= ranked[1]["duplicate"]
        # The running board sums the same scores and has no deal left provisional.
        running = {r["name"]: r for r in client.get("/api/daily/running").json()["standings"]}
        assert set(running) == names
        assert all(r["total"] == late[n]["duplicate"] and r["provisional"] == 0 for n, r in running.items())
        assert all(t not in str(running) for t in entered)  # nothing links a game
    finally:
        store.close()


def test_a_reference_kept_without_its_adjusted_result_gets_it_when_first_needed(client: TestClient, url: str) -> None:
    store = Store.open(url)
    try:
        day = _fresh_window(client, WINDOW / 2)
        ada = enter(client, SLOT, "Ada")
        play(client, ada["table_id"], ada["token"])
        (entry,) = store.daily_entries_of_slot(day, SLOT)
        seed = deal_seed(store.daily_secret(), day, SLOT, entry.copy)
        # Kept as a room before this change kept it: the points alone.
        points = reference_points(SLOT, seed, BOTS, EXPERT)
        assert store.add_daily_reference(day, SLOT, entry.copy, BOTS, EXPERT, points)
        assert [r.adjusted for r in store.daily_references([day], SLOT)] == [None]
        _until_closed(client, day)
        standing = _by_play(client, f"/api/daily/{day}/{SLOT}/results")[0]
        (ref,) = store.daily_references([day], SLOT)
        # Worked out from the expert's game, set in the same row; its points untouched.
        assert ref.points == points and ref.adjusted == reference_result(SLOT, seed, BOTS, EXPERT)[1]
        assert standing["against_expert"] == round(_adjusted(client, ada["table_id"]) - ref.adjusted, 4)
        assert standing["duplicate"] == standing["against_expert"]  # alone: the expert is the field
        # Set once: a later store of the same copy changes nothing.
        assert not store.add_daily_reference(day, SLOT, entry.copy, BOTS, EXPERT, 0.5, 0.25)
        assert store.daily_references([day], SLOT) == [ref]
    finally:
        store.close()


def test_the_migration_keeps_references_kept_at_the_revision_before(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    database_at(
        url,
        "0013_daily_references",
        [
            (
                "INSERT INTO daily_references (day, slot, copy, bots, expert, points, created) "
                "VALUES ('2027-01-01', 'tacocat-2', 1, 'heuristic', 'expert', 0.0, :at)",
                {"at": datetime.now(UTC)},
            )
        ],
    )
    store = Store.open(url)  # upgrades to the newest revision
    try:
        (old,) = store.daily_references(["2027-01-01"])
        assert (old.copy, old.points, old.adjusted) == (1, 0.0, None)
        assert not store.add_daily_reference("2027-01-01", "tacocat-2", 1, "heuristic", "expert", 0.0, 0.31)
        assert [r.adjusted for r in store.daily_references(["2027-01-01"], "tacocat-2")] == [0.31]
    finally:
        store.close()
