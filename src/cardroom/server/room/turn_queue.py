"""The move clocks of every table in this process, as one queue: each entry a deadline, a table and a
seat, the earliest first (the room sets one timer for it, see :mod:`.autoplay`).

A move queues the next seat's deadline and leaves the entry of the seat that just moved where it is:
finding it in a heap would cost more than skipping it when it comes due. The entries a table no
longer runs are *stale*, and at one entry a move and the default two-minute clock, they pile up
faster than they come due, so the queue is rebuilt without them once it has grown past twice what it
kept the last time. A rebuild walks every entry on the event loop at once; over one heap of all tables
that was 4,000 to 8,000 entries, a pause of several milliseconds every few seconds at a busy room,
which every move arriving meanwhile waited out. The queue is therefore split into :data:`SHARDS` heaps
by table, each rebuilt on its own: the same work in pieces a sixteenth the size.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterator

Entry = tuple[float, int, str, int]  # (deadline, order queued, table id, seat)

SHARDS = 16
# A heap is rebuilt when it holds more than this many entries and more than twice those it kept the
# last time.
COMPACT_AT = 256


class TurnQueue:
    def __init__(self, current: Callable[[Entry], bool]) -> None:
        self._current = current  # whether an entry is still its table's running clock
        self._heaps: list[list[Entry]] = [[] for _ in range(SHARDS)]
        self._compact_at = [COMPACT_AT] * SHARDS
        self._order = itertools.count()  # two deadlines alike come due in the order they were queued

    def __len__(self) -> int:
        """Entries queued, the stale ones included."""
        return sum(map(len, self._heaps))

    def push(self, deadline: float, table_id: str, seat: int) -> None:
        shard = hash(table_id) % SHARDS
        heap = self._heaps[shard]
        heapq.heappush(heap, (deadline, next(self._order), table_id, seat))
        if len(heap) > self._compact_at[shard]:
            current = self._current
            kept = [entry for entry in heap if current(entry)]
            heapq.heapify(kept)
            self._heaps[shard] = kept
            self._compact_at[shard] = max(COMPACT_AT, 2 * len(kept))

    def earliest(self) -> float | None:
        """The earliest deadline queued (it may be stale), or None."""
        return min((heap[0][0] for heap in self._heaps if heap), default=None)

    def due(self, now: float) -> Iterator[Entry]:
        """Take out every entry whose deadline is ``now`` or earlier, the earliest first, stale ones too
        (the caller skips those)."""
        heaps = [heap for heap in self._heaps if heap and heap[0][0] <= now]
        while heaps:
            heap = min(heaps, key=lambda h: h[0])
            yield heapq.heappop(heap)
            if not heap or heap[0][0] > now:
                heaps.remove(heap)

    def clear(self) -> None:
        for heap in self._heaps:
            heap.clear()
        self._compact_at = [COMPACT_AT] * SHARDS
