"""Rating people when their table ends (docs/accounts.md, "Ratings"): the finished tables whose seats
accounts hold are rated by :mod:`cardroom.people.ratings` (OpenSkill Plackett-Luce), in the
background, a few seconds after they end.

A sweep, not a hook in the moves: a table may end by a move, a concession or the last clock in any
process, and the sweep reads the database, so every ending is seen once. Two processes rating the
same table at once store it once (one history row per table and account: the second's transaction
fails and changes nothing).
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import UTC, datetime, timedelta

from cardroom.people.ratings import Rating, SeatResult, rate, rated_places
from cardroom.server.room import concede, suspensions
from cardroom.server.room.rooms import Room
from cardroom.server.store import DATABASE_ERRORS

log = logging.getLogger("cardroom.rating")
LOOK_BACK = timedelta(hours=1)  # at a start, tables finished this long ago are looked at again
BATCH = 200


class Rater:
    def __init__(self, room: Room) -> None:
        self.room = room
        self.store = room.store
        self.writer = room.writer  # every write of this process, on one thread
        self.since = datetime.now(UTC) - LOOK_BACK
        self.settled: set[str] = set()  # tables looked at that rate nobody (a guest or a bot sat there)

    async def sweep(self) -> int:
        """Rate every table finished since the last sweep; how many were rated."""
        found = await asyncio.to_thread(self.store.finished_unrated, self.since, BATCH + len(self.settled))
        rated = 0
        for table_id in found:
            if table_id not in self.settled and await self.rate_table(table_id):
                rated += 1
        return rated

    async def rate_table(self, table_id: str) -> bool:
        """Rate one finished table by the rules of :func:`rated_places`; False if it rates nobody."""
        live = await self.room.live_soon(table_id)
        outcome = live.outcome
        holders = await asyncio.to_thread(self.store.seat_holders, table_id)
        actions = await asyncio.to_thread(self.room.actions, table_id)
        auto = await asyncio.to_thread(self.store.auto_seats, table_id)
        if outcome is None:
            # Not settled: the last move's commit marks the table "over" a moment before this process's
            # copy of the game takes that move (Recorder.one reads the finished row first), and a sweep
            # in between would otherwise leave a finished table unrated for good. The next sweep sees it.
            return False
        decided: dict[int, int] = {}
        by_room: dict[int, int] = {}
        left = {a.seat for a in actions if a.text == concede.CONCEDE}
        if live.conceded is not None:
            left.add(live.conceded)
        left |= {seat for seat, reason in auto.items() if reason == "away"}  # abandoned: the room played on
        for a in actions:
            decided[a.seat] = decided.get(a.seat, 0) + 1
            by_room[a.seat] = by_room.get(a.seat, 0) + (1 if a.timed_out else 0)
        seats = [
            SeatResult(
                account=holders.get(s.seat) if s.kind == "human" else None,
                place=outcome.place(s.seat),
                left=s.seat in left,
                bot_share=by_room.get(s.seat, 0) / decided[s.seat] if decided.get(s.seat) else 0.0,
            )
            for s in live.row.seats
        ]
        places = rated_places(seats)
        if not places:
            self.settled.add(table_id)
            return False
        known = await asyncio.to_thread(self.store.ratings_of, live.game.name, sorted(places))
        after = rate(places, {a: Rating(mu, sigma) for a, (mu, sigma) in known.items()})
        last = len(live.row.seats)  # those who left are rated below everyone; shown at the last place
        results = [(a, min(places[a], last), after[a].mu, after[a].sigma) for a in sorted(places)]
        saved = await self.writer.call(self.store.save_rated, table_id, live.game.name, results)
        self.settled.add(table_id)
        return saved


async def watch(room: Room, every: float) -> None:
    """Sweep every ``every`` seconds, for as long as the room runs; a failed sweep is tried again.
    Beside it, the room's other look at people's accounts: the suspensions and closes made by
    ``cardroom admin`` (:mod:`.suspensions`), whose task ends with this one."""
    admin = asyncio.create_task(suspensions.watch(room, suspensions.every()))
    try:
        await _sweep_forever(Rater(room), every)
    finally:
        admin.cancel()


async def _sweep_forever(rater: Rater, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        started = time.monotonic()
        try:
            rated = await rater.sweep()
        except DATABASE_ERRORS:
            continue  # the outage is said by the requests that fail; the next sweep tries again
        except Exception:
            log.exception("rating finished tables failed")
            continue
        if rated:
            log.info("rated %d tables in %.2f s", rated, time.monotonic() - started)
