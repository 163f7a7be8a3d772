"""The store's statements for the same deal for everyone, a friend's challenge and puzzles
(docs/challenges.md), and what an admin changed behind a running room (docs/accounts.md): a part of
the :class:`~cardroom.server.store.facade.Store` facade, kept apart so that file stays one concern."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import Engine

from cardroom.server.store import admin_changes, challenges, friends, hosts, puzzles
from cardroom.server.store.challenges import DailyEntry, Reference
from cardroom.server.store.friends import Challenge, FriendEntry
from cardroom.server.store.puzzles import Posed, Puzzle
from cardroom.server.store.rows import NewTable, now

T = TypeVar("T")


class ChallengeStatements:
    engine: Engine

    def _run(self, fn: Callable[..., T], *args: Any) -> T:
        raise NotImplementedError  # the facade's: one retry on a fresh connection

    def daily_secret(self) -> str:
        return self._run(challenges.secret, self.engine)

    def add_daily_entry(
        self, new: NewTable, day: str, slot: str, entrant: str, name: str, guest: bool, copy: int, seat: int
    ) -> DailyEntry | None:
        """The entrant's table and entry, in one transaction; None (nothing stored) on a second try."""
        entry = DailyEntry(day, slot, entrant, name, guest, copy, new.row.id, seat, now())
        return entry if self._run(challenges.add_entry, self.engine, new, entry) else None

    def daily_entry(self, day: str, slot: str, entrant: str) -> DailyEntry | None:
        return self._run(challenges.entry_of, self.engine, day, slot, entrant)

    def daily_entries_of(self, entrant: str, days: list[str]) -> list[DailyEntry]:
        return self._run(challenges.entries_of, self.engine, entrant, days)

    def daily_entries_of_slot(self, day: str, slot: str) -> list[DailyEntry]:
        return self._run(challenges.entries_of_slot, self.engine, day, slot)

    def daily_entries_of_days(self, days: list[str]) -> list[DailyEntry]:
        return self._run(challenges.entries_of_days, self.engine, days)

    def daily_unanalysed(self, days: list[str], slots: list[str], limit: int) -> list[DailyEntry]:
        """Finished entries of these windows and slots whose analysis is not kept yet (``limit`` at most)."""
        return self._run(challenges.unanalysed, self.engine, days, slots, limit)

    def daily_figures(self, seats: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[float | None, float]]:
        """The kept analyses (play figure, adjusted result) of these entries, by table and seat."""
        return self._run(challenges.figures_of, self.engine, seats)

    def set_daily_figures(self, table_id: str, seat: int, play: float | None, adjusted: float) -> bool:
        """Keep an entry's analysis; False if another process kept it first (the same figures)."""
        return self._run(challenges.set_figures, self.engine, table_id, seat, play, adjusted)

    def add_daily_reference(
        self, day: str, slot: str, copy: int, bots: str, expert: str, points: float, adjusted: float | None = None
    ) -> bool:
        """Keep the expert's reference on one copy; False if it was kept already (by another process;
        a row kept without its adjusted result then gets this one's)."""
        reference = Reference(day, slot, copy, bots, expert, points, adjusted)
        return self._run(challenges.add_reference, self.engine, reference)

    def daily_references(self, days: list[str], slot: str | None = None) -> list[Reference]:
        return self._run(challenges.references_of, self.engine, days, slot)

    # -- a friend's challenge ------------------------------------------------------------------------

    def make_challenge(self, table_id: str, seat: int, entrant: str, name: str) -> Challenge:
        return self._run(friends.make_challenge, self.engine, table_id, seat, entrant, name)

    def is_daily_deal(self, table_id: str) -> bool:
        return self._run(friends.is_daily_deal, self.engine, table_id)

    def challenge(self, challenge_id: str) -> Challenge | None:
        return self._run(friends.challenge, self.engine, challenge_id)

    def add_friend_entry(self, new: NewTable, entry: FriendEntry) -> bool:
        """The friend's table and entry in one transaction; False (nothing stored) on a second try."""
        return self._run(friends.add_entry, self.engine, new, entry)

    def friend_entries(self, challenge_id: str) -> list[FriendEntry]:
        return self._run(friends.entries, self.engine, challenge_id)

    # -- puzzles ---------------------------------------------------------------------------------------

    def puzzle_sources_read(self, seats: list[tuple[str, int]]) -> set[tuple[str, int]]:
        return self._run(puzzles.read_already, self.engine, seats)

    def add_puzzles(self, table_id: str, seat: int, found: list[Posed]) -> None:
        self._run(puzzles.add_puzzles, self.engine, table_id, seat, found)

    def puzzles_of(self, seats: list[tuple[str, int]]) -> list[Puzzle]:
        return self._run(puzzles.puzzles_of, self.engine, seats)

    def puzzle(self, puzzle_id: str) -> Puzzle | None:
        return self._run(puzzles.puzzle, self.engine, puzzle_id)

    # -- what an admin changed (another process) -----------------------------------------------------

    def suspended_playing_seats(self) -> frozenset[tuple[str, int]]:
        return self._run(admin_changes.suspended_playing_seats, self.engine)

    def no_longer_playing(self, table_ids: list[str]) -> list[str]:
        return self._run(admin_changes.no_longer_playing, self.engine, table_ids)

    def set_host(self, table_id: str, seat: int) -> None:
        self._run(hosts.set_host, self.engine, table_id, seat)
