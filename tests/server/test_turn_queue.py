"""The move clocks' queue (room/turn_queue.py): deadlines come due earliest first across its heaps,
stale entries are dropped when a heap is rebuilt, and a rebuild walks one heap only, so a busy room
never waits for the whole queue to be walked at once."""

from __future__ import annotations

import random

from cardroom.server.room.turn_queue import COMPACT_AT, SHARDS, Entry, TurnQueue


def test_due_entries_come_out_earliest_first_and_later_ones_stay() -> None:
    rng = random.Random(5)
    queue = TurnQueue(lambda _entry: True)
    deadlines = [(rng.uniform(0, 100), f"table{i}", i % 3) for i in range(500)]
    for deadline, table_id, seat in deadlines:
        queue.push(deadline, table_id, seat)
    assert queue.earliest() == min(d for d, _, _ in deadlines)

    came = [entry[0] for entry in queue.due(50.0)]
    assert came == sorted(d for d, _, _ in deadlines if d <= 50.0)
    assert len(queue) == sum(d > 50.0 for d, _, _ in deadlines)
    earliest = queue.earliest()
    assert earliest is not None and earliest == min(d for d, _, _ in deadlines if d > 50.0)
    assert list(queue.due(100.0))[-1][0] == max(d for d, _, _ in deadlines)
    assert len(queue) == 0 and queue.earliest() is None


def test_equal_deadlines_come_due_in_the_order_they_were_queued() -> None:
    queue = TurnQueue(lambda _entry: True)
    for i in range(40):
        queue.push(7.0, f"t{i}", 0)
    assert [entry[2] for entry in queue.due(7.0)] == [f"t{i}" for i in range(40)]


def test_stale_entries_are_dropped_and_a_rebuild_walks_one_heap() -> None:
    """A room where every seat moves long before its deadline: each move queues one entry and leaves
    one stale. The queue stays bounded, the live entries all stay, and no push walks more than one
    heap's entries."""
    current: dict[str, float] = {}  # table -> its running deadline
    walked: list[int] = []

    def is_current(entry: Entry) -> bool:
        if walked:
            walked[-1] += 1
        return current.get(entry[2]) == entry[0]

    queue = TurnQueue(is_current)
    tables = [f"table{i}" for i in range(1_000)]
    rng = random.Random(11)
    most_in_one_push = 0
    for move in range(40_000):
        table_id = rng.choice(tables)
        deadline = 120.0 + move * 0.002  # two minutes after the move
        current[table_id] = deadline
        walked.append(0)
        queue.push(deadline, table_id, 0)
        most_in_one_push = max(most_in_one_push, walked.pop())

    live = len(current)
    assert len(queue) <= 2 * max(COMPACT_AT, 2 * live // SHARDS) * SHARDS, len(queue)
    # The biggest rebuild walked one heap, a small part of the queue (one heap of all tables walked
    # about 4,000 at a time here).
    assert 0 < most_in_one_push <= 4 * max(COMPACT_AT, 2 * live // SHARDS), most_in_one_push
    assert most_in_one_push < live
    kept = {entry[2]: entry[0] for entry in queue.due(float("inf")) if is_current(entry)}
    assert kept == current  # every running clock is still queued


def test_clear_empties_every_heap() -> None:
    queue = TurnQueue(lambda _entry: True)
    for i in range(100):
        queue.push(float(i), f"t{i}", 1)
    queue.clear()
    assert len(queue) == 0 and queue.earliest() is None and list(queue.due(1e9)) == []
