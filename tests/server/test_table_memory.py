"""Everything the room keeps for one live table hangs off that table's object (``Live``): its recent
states, a waiting catch-up, the open window's hidden answers, run-outs in a row, its bots, who follows
it (sockets, looks) and its chat. So dropping the table from memory leaves no trace of it in any of
the room's parts; and a table a socket follows is never dropped, since the socket follows its object."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import orjson
import pytest

from cardroom.server.room import held
from cardroom.server.room.live import Live
from cardroom.server.room.rooms import Room
from cardroom.server.room.tablerequest import SeatRequest
from cardroom.server.store import Store, database
from tests.server.seated import create_seated

THREE = [SeatRequest("me"), SeatRequest("invite"), SeatRequest("invite")]

# Kept outside the table on purpose, each for its reason:
KEPT_OUTSIDE = frozenset(
    {
        # The per-seat chat limit (keys "table:seat"): a chat message is itself a change other processes
        # hear, and one that does not follow the table drops it on hearing it; kept on the table, the
        # limit would start afresh with every message.
        "chat.limiter._buckets",
    }
)


def holding(room: Room, table_id: str, kept_outside: frozenset[str] = KEPT_OUTSIDE) -> list[str]:
    """Every dictionary, counter or set of the room and its parts (and their parts, every object of
    the room's and operations' packages reachable from the room) with a key naming the table."""
    found: list[str] = []
    seen: set[int] = set()

    def names_table(key: object) -> bool:
        if isinstance(key, tuple) and key:
            key = key[0]
        return key == table_id or (isinstance(key, str) and key.startswith(f"{table_id}:"))

    def walk(path: str, part: object) -> None:
        if id(part) in seen or isinstance(part, Live):
            return  # a table's own object is found by its key in the room's map of tables
        seen.add(id(part))
        for name, value in vars(part).items():
            if isinstance(value, (dict, set)) and any(names_table(key) for key in value):
                found.append(f"{path}.{name}".removeprefix("room."))
            elif type(value).__module__.startswith(("cardroom.server.room", "cardroom.server.ops")):
                walk(f"{path}.{name}", value)

    walk("room", room)
    return [f for f in found if f not in kept_outside]


async def _a_table_in_play(room: Room) -> str:
    """A table with a window open and answered by one seat, a run-out counted, a bot made, a catch-up
    queued, a socket opened and closed, its chat read, a look at it: every kind of thing the room
    keeps for a table."""
    created = await create_seated(room, "toy", None, {}, THREE, reaction_seconds=60, turn_seconds=600)
    table_id = created.table_id
    live, changed = await room.follow(table_id, 0)
    assert live.watchers.sockets == {changed: 0} and live.watchers.seats() == {0}  # the socket is the table's own
    hand = live.state.view(0)["hand"]
    await room.submit(table_id, 0, 0, f"play {hand[0]}")
    await room.submit(table_id, 1, 1, "pass")  # noted, hidden: the window stays open
    live = await room.live_soon(table_id)
    assert live.answers is not None and live.recent
    await room.absent.timed_out(live, 2)
    room.autoplay._bot(live, 2, "random")
    await room.say(table_id, created.token, "hello")
    await room.messages_soon(live)
    assert [m.text for m in live.messages.latest or []] == ["hello"]  # the chat is the table's own
    room.looked_at(live)
    room.unfollow(live, changed, 0)  # its socket closed
    await room.absent.sweep()  # presence noted by the moves and the socket is written, as every sweep does
    assert live.missed and live.bots and live.watchers.looked is not None and not live.watchers.sockets
    return table_id


def _room(tmp_path: Path, **kwargs: object) -> Room:
    engine = database.make_engine(f"sqlite:///{tmp_path / 'memory.sqlite3'}")
    database.upgrade(engine)
    return Room(Store(engine), bot_delay=60.0, **kwargs)  # type: ignore[arg-type]


def test_the_check_sees_what_the_room_keeps(tmp_path: Path) -> None:
    room = _room(tmp_path)

    async def scenario() -> list[str]:
        table_id = await _a_table_in_play(room)
        found = holding(room, table_id, kept_outside=frozenset())
        await room.shutdown()
        return found

    # A check that finds nothing would pass anything: the table itself is found where it is held, and
    # what is kept outside it on purpose is found too (then left out by the tests below).
    assert asyncio.run(scenario()) == ["tables._live", *KEPT_OUTSIDE]


def test_a_table_dropped_from_memory_leaves_nothing_behind(tmp_path: Path) -> None:
    room = _room(tmp_path, expire_after=timedelta(0))

    async def scenario() -> list[str]:
        table_id = await _a_table_in_play(room)
        held = await room.live_soon(table_id)
        assert "tables._live" in holding(room, table_id) and held.tasks  # its move clocks run
        await asyncio.sleep(0.01)
        await room.expire_idle()  # closed for good and dropped
        for _ in range(3):
            await asyncio.sleep(0)  # its cancelled bots and clocks finish
        assert room.held(table_id) is None
        left = holding(room, table_id)
        await room.shutdown()
        return left

    assert asyncio.run(scenario()) == []


def test_a_table_dropped_for_another_process_keeps_only_its_recent_states(tmp_path: Path) -> None:
    room = _room(tmp_path)

    async def scenario() -> tuple[list[str], list[str]]:
        table_id = await _a_table_in_play(room)
        live = await room.live_soon(table_id)
        assert room.heard(f"{table_id} elsewhere") is None  # nobody follows it here: dropped
        for _ in range(3):
            await asyncio.sleep(0)
        left = holding(room, table_id)
        back = await room.live_soon(table_id)  # read again: it takes its recent states back
        assert back is not live and back.recent and set(back.recent) == set(live.recent)
        again = holding(room, table_id)
        await room.shutdown()
        return left, again

    left, again = asyncio.run(scenario())
    # The states a late choice may have been made on, kept so it is judged as if the table stayed.
    assert left == ["tables._dropped"]
    assert "tables._dropped" not in again


def test_a_table_a_socket_follows_stays_and_is_shown_expired(tmp_path: Path) -> None:
    """A socket follows its table's object: the table is never dropped under it. Closed for good, it is
    read again instead, and the socket is woken to show it."""
    room = _room(tmp_path, expire_after=timedelta(0))

    async def scenario() -> tuple[Live, Live | None, bool, str]:
        table_id = await _a_table_in_play(room)
        live, changed = await room.follow(table_id, None)
        work = room.heard(f"{table_id} elsewhere")
        assert work is not None  # followed here: caught up, not dropped
        await work
        await asyncio.sleep(0.01)
        changed.clear()
        await room.expire_idle()
        held = room.held(table_id)
        status = room.snapshot(held, None)["table"]["status"] if held else "dropped"
        woken = changed.is_set()
        if held is not None:
            room.unfollow(held, changed, None)
        await room.shutdown()
        return live, held, woken, status

    live, held, woken, status = asyncio.run(scenario())
    assert held is not None and held.watchers is live.watchers  # the same sockets follow it on
    assert woken and status == "expired"
    assert not held.tasks and held.window_deadline is None and not held.turn_deadlines


def test_a_finished_table_a_socket_follows_is_not_evicted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache evicts finished tables beyond its size, but never one a socket follows here."""
    monkeypatch.setattr(held, "MAX_CACHED", 1)
    room = _room(tmp_path)
    two = [SeatRequest("me"), SeatRequest("invite")]

    async def scenario() -> tuple[bool, bool]:
        followed = await create_seated(room, "toy", None, {}, two, reaction_seconds=60, turn_seconds=600)
        alone = await create_seated(room, "toy", None, {}, two, reaction_seconds=60, turn_seconds=600)
        for created in (followed, alone):
            await room.concede(created.table_id, created.token)  # over: safe to evict
        live, changed = await room.follow(followed.table_id, None)
        await create_seated(room, "toy", None, {}, two, reaction_seconds=60, turn_seconds=600)  # one table too many
        kept = room.held(followed.table_id) is live
        evicted = room.held(alone.table_id) is None
        room.unfollow(live, changed, None)
        await room.shutdown()
        return kept, evicted

    assert asyncio.run(scenario()) == (True, True)


def test_a_finished_table_forgets_its_shown_caches_when_its_last_socket_leaves(tmp_path: Path) -> None:
    """Every seat's log and encoded snapshot are kept so the next push is cheap; a finished table in the
    replay cache needs none of them once nobody follows it (thousands of finished tables kept them all,
    several times the size of their games). A table still being played keeps them."""
    room = _room(tmp_path)
    two = [SeatRequest("me"), SeatRequest("invite")]

    async def scenario() -> None:
        finished = await create_seated(room, "toy", None, {}, two, reaction_seconds=60, turn_seconds=600)
        playing = await create_seated(room, "toy", None, {}, two, reaction_seconds=60, turn_seconds=600)
        await room.concede(finished.table_id, finished.token)
        shown: dict[str, dict[int | None, dict[str, object]]] = {}

        def lasting(live: Live, seat: int | None) -> dict[str, object]:
            """A snapshot without its clocks, which count down between two looks."""
            found = orjson.loads(room.encoded_snapshot(live, seat))
            return {k: v for k, v in found.items() if k not in ("turn_deadlines", "window")}

        for created in (finished, playing):
            live = await room.live_soon(created.table_id)
            _, player_changed = await room.follow(created.table_id, 0)
            _, spectator_changed = await room.follow(created.table_id, None)
            shown[created.table_id] = {seat: lasting(live, seat) for seat in (0, 1, None)}
            assert set(live.logs) == set(live.encoded) == {0, 1, None}  # (a conceded game's log is not
            assert set(live.log_json) == (set() if live.is_over else {0, 1, None})  # kept as JSON)
            room.unfollow(live, spectator_changed, None)
            assert set(live.encoded) == {0, 1, None}  # a socket still follows it
            room.unfollow(live, player_changed, 0)
        over, going = [await room.live_soon(c.table_id) for c in (finished, playing)]
        assert over.is_over and not over.logs and not over.log_json and not over.encoded
        assert not going.is_over and set(going.logs) == set(going.log_json) == set(going.encoded) == {0, 1, None}
        for live in (over, going):  # shown again (built again where forgotten): the same as before
            assert {seat: lasting(live, seat) for seat in (0, 1, None)} == shown[live.row.id]
        await room.shutdown()

    asyncio.run(scenario())
