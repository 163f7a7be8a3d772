"""Two server processes on one PostgreSQL, each table served by one of them (table-affinity
routing): a process that holds a table only because someone once looked at it there drops it when
another process changes it, instead of reading every change; one with a socket, bot or clock on the
table keeps it current; a table it never loaded costs nothing. Two rooms in one test process stand for
the two server processes: each has its own cache and its own origin in the notifications. The
races of two processes on one table (a choice outpaced, a window closed by both) are staged here too."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterator

import psycopg
import pytest
from sqlalchemy import Engine

from cardroom.server.room.rooms import Room
from cardroom.server.room.tablerequest import SeatRequest
from cardroom.server.store import Store, database
from cardroom.server.store import actions as store_actions
from tests.server.postgres import Postgres, throwaway
from tests.server.seated import create_seated


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    with throwaway() as server:
        yield server


def _with_engine(postgres: Postgres, scenario: Callable[[Engine], Awaitable[None]]) -> None:
    engine = database.make_engine(postgres.url)
    database.upgrade(engine)
    try:
        asyncio.run(scenario(engine))
    finally:
        engine.dispose()


async def _close(*rooms: Room) -> None:
    for room in rooms:
        await room.autoplay.shutdown()
        room.writer.close()


async def _tacocat(room: Room) -> str:
    created = await create_seated(
        room, "tacocat", None, {}, [SeatRequest(kind="me"), SeatRequest(kind="invite")], 60.0, None
    )
    return created.table_id


async def _move(room: Room, table_id: str) -> None:
    live = room.live(table_id)
    seat = live.state.to_act[0]
    await room.submit(table_id, seat, live.step, str(live.state.legal_actions(seat)[0]))


def test_a_table_only_looked_at_here_is_dropped_not_read(postgres: Postgres) -> None:
    async def scenario(engine: Engine) -> None:
        serving, other = Room(Store(engine), bot_delay=0.0), Room(Store(engine), bot_delay=0.0)
        try:
            table_id = await _tacocat(serving)
            other.live(table_id)  # a GET through the other process
            await _move(serving, table_id)
            note = f"{table_id} {serving.origin}"  # what serving's group commit NOTIFYs
            # Nobody at the other process watches the table: it is dropped, nothing is read...
            assert other.heard(note) is None
            assert other.held(table_id) is None
            # ... and whoever asks there next gets it as stored, from the database.
            assert other.live(table_id).step == 1
            # With a socket open there, the next change is read and the socket woken.
            woken = other.hub.subscribe(other.live(table_id), 0)
            await _move(serving, table_id)
            work = other.heard(note)
            assert work is not None
            await work
            assert other.live(table_id).step == 2 and woken.is_set()
            # A table the other process never loaded: nothing is loaded, no work is handed back.
            fresh = await _tacocat(serving)
            await _move(serving, fresh)
            assert other.heard(f"{fresh} {serving.origin}") is None and other.held(fresh) is None
            assert other.heard(fresh) is None and other.held(fresh) is None  # a join or chat there
            # Its own notifications are skipped even for a table it watches.
            assert other.heard(f"{table_id} {other.origin}") is None
        finally:
            await _close(serving, other)

    _with_engine(postgres, scenario)


def test_bots_stop_where_the_table_is_only_held_and_run_where_it_moved(postgres: Postgres) -> None:
    """A table against a bot, created in one process and loaded in the other (each sets the bot
    going). When the first stores a move, the second, with no socket on the table, drops it and stops
    its bot: the process that stored the move runs the bot, so only one thinks for it. With a socket
    open there, a bot's table is kept current instead."""

    async def scenario(engine: Engine) -> None:
        # A long bot delay: the bots wait, in their tasks, for the whole test.
        serving, other = Room(Store(engine), bot_delay=60.0), Room(Store(engine), bot_delay=60.0)
        try:
            seats = [SeatRequest(kind="me"), SeatRequest(kind="bot", bot="random")]
            table_id = (await serving.create("tacocat", None, {}, seats, 60.0, None)).table_id
            held = other.live(table_id)
            assert serving.autoplay.busy(serving.live(table_id)) and other.autoplay.busy(held)
            tasks = list(held.tasks.values())
            await _move(serving, table_id)
            assert other.heard(f"{table_id} {serving.origin}") is None
            await asyncio.gather(*tasks, return_exceptions=True)
            assert all(t.cancelled() for t in tasks) and not other.autoplay.busy(held)
            assert other.held(table_id) is None
            assert serving.autoplay.busy(serving.live(table_id))  # the bot thinks where the move was stored
            # A socket there: the table is kept current, its bot running beside it.
            live = other.live(table_id)
            other.hub.subscribe(live, 0)
            await _move(serving, table_id)
            work = other.heard(f"{table_id} {serving.origin}")
            assert work is not None
            await work
            assert other.held(table_id) is live and live.step == 2 and other.autoplay.busy(live)
        finally:
            await _close(serving, other)

    _with_engine(postgres, scenario)


def test_a_choice_outpaced_by_the_other_seat_through_another_process_still_stands(postgres: Postgres) -> None:
    """Split routing's 409s, traced: in Tacocat's simultaneous replacement, seat 0's choice reached
    one process while seat 1, through the other, stored its next decisions faster than the first
    process could retry: each retry lost the step again, and after three the still-current choice was
    refused as stale. Here the other process's four decisions are held uncommitted in PostgreSQL and
    committed one at a time, each once this process's insert is waiting on it: it loses four times in
    a row, and the choice must still be stored (a retry is only ever needed after another seat moved,
    and the choice is judged again each time)."""

    async def scenario(engine: Engine) -> None:
        room = Room(Store(engine), bot_delay=0.0)
        held: list[psycopg.Connection[tuple[object, ...]]] = []
        try:
            table_id = await _tacocat(room)
            live = room.live(table_id)
            assert set(live.state.to_act) == {0, 1}  # the replacement: both seats decide at once
            state, texts = live.state, []
            for _ in range(4):
                texts.append(str(state.legal_actions(1)[0]))
                state = state.apply(1, texts[-1])
                assert set(state.to_act) == {0, 1}
            for step, text in enumerate(texts):  # the other process's decisions, not yet committed
                conn = psycopg.connect(postgres.url)
                conn.execute(
                    "INSERT INTO actions (table_id, step, seat, text, created, timed_out) "
                    "VALUES (%s, %s, 1, %s, now(), false)",
                    (table_id, step, text),
                )
                held.append(conn)
            mine = asyncio.create_task(room.submit(table_id, 0, 0, str(live.state.legal_actions(0)[0])))
            with psycopg.connect(postgres.url, autocommit=True) as watch:
                for conn in held:
                    await _until_an_insert_waits(watch, mine)
                    conn.commit()
            stored = await mine
            assert stored.step == 5 and stored.actors == [1, 1, 1, 1, 0]
        finally:
            for conn in held:
                conn.close()
            await _close(room)

    _with_engine(postgres, scenario)


def test_a_window_both_processes_close_at_once_counts_both_passes(postgres: Postgres) -> None:
    """Both seats pass in a reaction window, one through each process, at the same moment: each
    notes its pass, reads both, and closes the window. One process stores the window; the other then
    finds its steps taken, with its own pass stored among them as given, so its request succeeded
    too (it answered 409 before: seen once in a run of the two-process server test)."""

    async def scenario(engine: Engine) -> None:
        one, two = Room(Store(engine), bot_delay=0.0), Room(Store(engine), bot_delay=0.0)
        try:
            seats = [SeatRequest(kind="me"), SeatRequest(kind="invite")]
            table_id = (await create_seated(one, "toy", None, {}, seats, 60.0, None)).table_id
            two.hub.subscribe(two.live(table_id), 1)  # seat 1's socket is on process two: it keeps up
            live = one.live(table_id)
            seat = live.state.to_act[0]
            await one.submit(table_id, seat, 0, str(live.state.legal_actions(seat)[0]))  # plays a card
            work = two.heard(f"{table_id} {one.origin}")
            assert work is not None
            await work
            assert set(two.live(table_id).state.to_act) == {0, 1} and two.live(table_id).window_deadline
            # Process one has noted seat 0's pass and is about to read the answers, when process two
            # takes seat 1's, reads both and closes the window.
            await one.window_answers.note(one.live(table_id), 1, 0, "pass")
            assert (await two.submit(table_id, 1, 1, "pass")).step == 3
            closed = await one.submit(table_id, 0, 1, "pass")  # no StaleStep: its pass was counted
            assert closed.step == 3
            stored = await asyncio.to_thread(store_actions.load_actions, engine, table_id, 1)
            assert [(a.seat, a.text, a.timed_out) for a in stored] == [(0, "pass", False), (1, "pass", False)]
        finally:
            await _close(one, two)

    _with_engine(postgres, scenario)


async def _until_an_insert_waits(watch: psycopg.Connection[tuple[object, ...]], task: asyncio.Task[object]) -> None:
    """Until a session waits on another's uncommitted row (the room's insert of a taken step)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        assert not task.done(), task.exception() if not task.cancelled() else "cancelled"
        waiting = watch.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = 'transactionid'"
        ).fetchone()
        if waiting and waiting[0]:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the room's insert never waited on the other process's step")
