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

from cardroom.server.store import Store


class WindowAnswers:
    def __init__(self, store: Store) -> None:
        self.store = store  # answers are written on its writer's thread, the one that writes (reads on any)
        # table id -> (window step, seat -> answer): what this process last read or wrote.
        self._cache: dict[str, tuple[int, dict[int, str]]] = {}

    def answered(self, table_id: str, step: int) -> dict[int, str]:
        """The answers known for the window open at ``step`` (read once from the database, e.g. after
        a restart, then kept up to date by this process's own notes)."""
        found = self._cache.get(table_id)
        if found is None or found[0] != step:
            found = self._cache[table_id] = (step, self.store.window_answers(table_id, step))
        return found[1]

    async def note(self, table_id: str, step: int, seat: int, action: str) -> dict[int, str]:
        """Store one seat's answer; every answer stored so far for this window, from any process."""
        answers = await self.store.writer.call(self.store.note_answer, table_id, step, seat, action)
        self._cache[table_id] = (step, answers)
        return answers

    async def collect(self, table_id: str, step: int) -> dict[int, str]:
        """Every answer stored for this window, read fresh (the window is closing)."""
        answers = await asyncio.to_thread(self.store.window_answers, table_id, step)
        self._cache[table_id] = (step, answers)
        return answers

    async def move(self, table_id: str, old_step: int, new_step: int, kept: dict[int, str]) -> None:
        """The window open at ``old_step`` goes on at ``new_step`` (a seat left it by conceding,
        which is public): ``kept``, the answers of the seats still asked, are stored for the new step."""
        await self.store.writer.call(self.store.move_answers, table_id, old_step, new_step, kept)
        self._cache[table_id] = (new_step, dict(kept))

    def forget(self, table_id: str) -> None:
        self._cache.pop(table_id, None)
