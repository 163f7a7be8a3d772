"""The expert's reference of each copy of a deal of the day, kept in the database (docs/challenges.md,
"Scores"), on a real server process on SQLite and on PostgreSQL: when a day's window closes the room
plays the references of the copies somebody entered, with no results request asking; after the server
is killed and started again, the running leaderboard and a day's standings are answered from what is
kept, without playing a single reference again. The replays are counted by the room's own metric
(``cardroom_daily_references_played``, on the metrics port), never by timing an answer."""

from __future__ import annotations

import time

import httpx

from cardroom.server.store import Store
from tests.challenges.daily_server import counted_by_asker, daily_server
from tests.challenges.play import concede, enter
from tests.server.process import ServerProcess

SLOT = "tacocat-2"
WINDOW = 2.0  # seconds: a day's window here, so the test sees one close
EXPERT = "heuristic"  # the reference bot, quick here (the room's counts its effort the same way)


def _server(url: str) -> tuple[ServerProcess, str]:
    # The entries' analyses left to the standings (by points here).
    return daily_server(url, WINDOW, CARDROOM_DAILY_EXPERT=EXPERT, CARDROOM_DAILY_ANALYSE_EVERY="0")


def _replays(metrics: str) -> dict[str, float]:
    """References this server process played, by what asked for them."""
    return counted_by_asker(metrics, "cardroom_daily_references_played_total")


def _kept(
    store: Store, days: list[str], copies: set[tuple[str, int]], seconds: float = 20.0
) -> dict[tuple[str, int], float]:
    """The references kept for the slot on these days, once each (day, copy) of ``copies`` has one
    (looked for every 0.1 s: the room plays them in the background after the window closes)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        found = {(r.day, r.copy): r.points for r in store.daily_references(days, SLOT)}
        if set(found) >= copies:
            return found
        time.sleep(0.1)
    raise AssertionError(f"no references for {sorted(copies)} {seconds} s after the window")


def test_references_are_played_when_the_window_closes_and_kept_across_a_restart(database: str) -> None:
    server, metrics = _server(database)
    store = Store.open(database)
    try:
        with httpx.Client(base_url=server.url) as client:
            cookies, tables = {}, {}
            first_day = client.get("/api/daily").json()["day"]
            for name in ("Ada", "Bea", "Cy"):
                client.cookies.clear()
                entered = enter(client, SLOT, name, origin=server.url)
                concede(client, entered["table_id"], entered["token"])  # finished at once: last place
                cookies[name], tables[name] = dict(client.cookies), entered["table_id"]
            # Entering may straddle a close: the entries are looked for in both windows.
            days = sorted({first_day, client.get("/api/daily").json()["day"]})
            entries = {e.table_id: e for e in store.daily_entries_of_days(days) if e.slot == SLOT}
            assert set(entries) == set(tables.values())
            copies = {(e.day, e.copy) for e in entries.values()}
            # The window closes: the references appear with no results request made by anyone.
            kept = _kept(store, days, copies)
            assert set(kept) == copies  # only the copies somebody was dealt
            assert _replays(metrics) == {"ahead": len(copies), "results": 0.0}
            # Kept once: another process storing the same copy's reference changes nothing.
            one = store.daily_references(days, SLOT)[0]
            assert not store.add_daily_reference(one.day, one.slot, one.copy, one.bots, one.expert, 0.5)
            assert {(r.day, r.copy): r.points for r in store.daily_references(days, SLOT)} == kept
        server.kill()
        server, metrics = _server(database)
        with httpx.Client(base_url=server.url, cookies=cookies["Ada"]) as client:
            running = client.get("/api/daily/running")
            assert running.status_code == 200, running.text
            names = [(r["name"], r["deals"]) for r in running.json()["standings"]]
            assert sorted(names) == [("Ada", 1), ("Bea", 1), ("Cy", 1)]
            ada = entries[tables["Ada"]]
            shown = client.get(f"/api/daily/{ada.day}/{SLOT}/results")
            assert shown.status_code == 200, shown.text
            standing = next(s for s in shown.json()["standings"] if s["name"] == "Ada")
            # Conceded: 0 points, less the expert's kept points on her copy.
            assert standing["against_expert"] == round(0.0 - kept[(ada.day, ada.copy)], 4)
        assert _replays(metrics) == {"ahead": 0.0, "results": 0.0}  # the restarted process played none
    finally:
        server.kill()
        store.engine.dispose()
