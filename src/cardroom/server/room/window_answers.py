"""The hidden answers to an open reaction window, kept in the database until the window closes.

A pass in an open window is only noted (see ``Room.submit``): nobody may learn who has answered
before the window closes. Noting it in the database rather than in one process's memory means a
restarted server does not ask that seat again, and with several processes sharing PostgreSQL an
answer given through one is counted by another: whichever process takes the last answer (or reaches
the deadline) reads them all and closes the window, storing every answer as given, not as a
timed-out pass.

Nothing here is ever sent to anyone: a seat is only told whether *it* has answered. Other processes
are not notified of a noted answer either (a notification would say that somebody answered); they
read the rows when they need them. Rows are keyed by the window's step, so answers to a window that
moved on (a Nope was played) are simply ignored, and deleted when the table's next window is noted.
"""

from __future__ import annotations

import asyncio

from cardroom.server.room.live import Live
from cardroom.server.store import GroupWriter, Store


class WindowAnswers:
    """Reads and writes the answers; what this process last read or wrote is kept on the table
    (``Live.answers``), so it goes with the table when the table leaves memory."""

    def __init__(self, store: Store, writer: GroupWriter) -> None:
        self.store = store
        self.writer = writer  # answers are written on the writer's thread, the one that writes (reads on any)

    def answered(self, live: Live, step: int) -> dict[int, str]:
        """The answers known for the window open at ``step`` (read once from the database, e.g. after
        a restart, then kept up to date by this process's own notes)."""
        found = live.answers
        if found is None or found[0] != step:
            found = live.answers = (step, self.store.window_answers(live.row.id, step))
        return found[1]

    async def note(self, live: Live, step: int, seat: int, action: str) -> dict[int, str]:
        """Store one seat's answer; every answer stored so far for this window, from any process."""
        answers = await self.writer.call(self.store.note_answer, live.row.id, step, seat, action)
        live.answers = (step, answers)
        return answers

    async def collect(self, live: Live, step: int) -> dict[int, str]:
        """Every answer stored for this window, read fresh (the window is closing)."""
        answers = await asyncio.to_thread(self.store.window_answers, live.row.id, step)
        live.answers = (step, answers)
        return answers

    async def move(self, live: Live, old_step: int, new_step: int, kept: dict[int, str]) -> None:
        """The window open at ``old_step`` goes on at ``new_step`` (a seat left it by conceding,
        which is public): ``kept``, the answers of the seats still asked, are stored for the new step."""
        await self.writer.call(self.store.move_answers, live.row.id, old_step, new_step, kept)
        live.answers = (new_step, dict(kept))


def forget(live: Live) -> None:
    """The table's window closed for good: what was known of its answers is dropped."""
    live.answers = None
