"""The expert's references played ahead of the results (docs/challenges.md, "Scores"): a background
task of the room that, when a day's window closes, plays the reference of every copy of its slots
that somebody entered, so the results requests (a day's standings, the running leaderboard) find
them kept in the database instead of playing them on the request's path.

It looks at every window the running leaderboard counts, not the closed one alone, so it also plays
what an earlier look missed: a process started after a close (or the room's first start with this
task) fills in the counted days, and an entry that landed as its window closed is not left out. A
look costs two small reads when nothing is missing. Every process of a room runs it: each takes the
missing copies in an order of its own and reads again before each whether another has kept it, so
they share the work; two that still play the same copy at once keep it once (:mod:`.daily_reference`).

Beside it, :func:`watch_analyses`: every few seconds, the entries of the open window and the counted
ones whose deal is over and whose analysis is not kept yet are queued on the room's one analysis
worker (:mod:`.daily_play`), so by the time a window closes most of its figures are kept already.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import time

from cardroom.server.room import daily
from cardroom.server.room.daily_board import counted_days, job_loader
from cardroom.server.room.daily_play import PlayFigures
from cardroom.server.room.daily_reference import Copy, deal_bots, kept, missing, reference
from cardroom.server.room.daily_replay import expert_spec
from cardroom.server.room.rooms import Room
from cardroom.server.store import DATABASE_ERRORS, Store

log = logging.getLogger("cardroom.daily")
AFTER_CLOSE = 0.05  # seconds past a window's close before the look (its last entries have landed)
RETRY = 5.0  # seconds: a look the database failed is tried again this soon
LONGEST_WAIT = 600.0  # seconds between two looks at most (a day's window is long; the clock may be set)
ANALYSE_EVERY = 2.0  # $CARDROOM_DAILY_ANALYSE_EVERY: seconds between two looks for finished entries (0: none)
ANALYSE_BATCH = 50  # entries queued a look at most (the worker does one a second or so)


async def play_ahead(store: Store, days: list[str]) -> int:
    """Play and keep the reference of every copy of these windows that somebody entered and that has
    none kept (or one kept without its adjusted result), newest window first, one at a time; how many
    this process played."""
    entries = await asyncio.to_thread(store.daily_entries_of_days, days)
    if not entries:
        return 0
    known = await kept(store, days)
    expert = expert_spec()
    listed = {s.key for s in daily.slots()}  # a game no longer listed: its old days are not counted
    todo = missing([e for e in entries if e.slot in listed], known, expert)
    if not todo:
        return 0
    secret = await asyncio.to_thread(daily.server_secret, store)
    played = 0
    for (day, slot, copy), table_id in _order(todo):
        row = await asyncio.to_thread(store.load_table, table_id)
        if row is None:
            continue
        wanted = Copy(day, slot, copy, deal_bots(row), expert)
        known.update(await kept(store, [day], slot))  # another process may have kept it meanwhile
        found = known.get(wanted)
        played += found is None or found.adjusted is None
        await reference(store, wanted, secret, known, "ahead")
    return played


def _order(todo: dict[tuple[str, str, int], str]) -> list[tuple[tuple[str, str, int], str]]:
    """Newest window first; within a window in an order of this process's own, so that processes
    looking at the same close mostly play different copies (each skips what another has kept)."""
    found = list(todo.items())
    random.shuffle(found)
    return sorted(found, key=lambda item: item[0][0], reverse=True)  # a stable sort keeps the shuffle


def until_next_close(at: float) -> float:
    return min(daily.window_at(at).closes - at + AFTER_CLOSE, LONGEST_WAIT)


async def watch(store: Store) -> None:
    """At once (a restarted room plays what the counted days still lack), then at each window's close,
    for as long as the room runs; a look the database failed is tried again soon."""
    while True:
        wait = LONGEST_WAIT
        try:
            await play_ahead(store, counted_days(time.time()))
        except DATABASE_ERRORS:
            wait = RETRY  # the outage is said by the requests that fail
        except Exception:
            log.exception("playing the deal of the day's references ahead failed")
        await asyncio.sleep(min(wait, until_next_close(time.time())))


def analyse_every() -> float:
    return float(os.environ.get("CARDROOM_DAILY_ANALYSE_EVERY", str(ANALYSE_EVERY)))


async def analyse_ahead(store: Store, room: Room, figures: PlayFigures, at: float) -> int:
    """Queue the analysis of every entry of the open window and the counted ones whose deal is over
    and whose figures are not kept (:data:`ANALYSE_BATCH` at most, while the queue is short); how many
    were queued. Each process takes them in an order of its own, and the worker reads again before
    each whether another process has kept it, so processes share the work."""
    if len(figures.queue) >= ANALYSE_BATCH:
        return 0
    days = [daily.window_at(at).day, *counted_days(at)]
    listed = [s.key for s in daily.slots()]  # a game no longer listed: its old days are not counted
    failed = [key for key, f in figures.done.items() if f.failed]  # not kept: the query still finds them
    limit = ANALYSE_BATCH + len(figures.queue) + len(failed)
    found = await asyncio.to_thread(store.daily_unanalysed, days, listed, limit)
    todo = [e for e in found if (e.table_id, e.seat) not in figures.queue and (e.table_id, e.seat) not in figures.done]
    random.shuffle(todo)
    for e in todo[:ANALYSE_BATCH]:
        figures.get(e.table_id, e.seat, job_loader(room, e.table_id, e.seat), "ahead")
    return min(len(todo), ANALYSE_BATCH)


async def watch_analyses(store: Store, room: Room, figures: PlayFigures) -> None:
    """Every :func:`analyse_every` seconds for as long as the room runs (0: never)."""
    every = analyse_every()
    if every <= 0:
        return
    while True:
        try:
            await analyse_ahead(store, room, figures, time.time())
        except DATABASE_ERRORS:
            pass  # the outage is said by the requests that fail; the next look tries again
        except Exception:
            log.exception("queueing the deal of the day's analyses ahead failed")
        await asyncio.sleep(every)
