"""The deal of the day (docs/challenges.md): every entrant of a day's slot is dealt one of a few copies
of the same deal, one attempt each, against the same replayable bots; nobody sees a result or another
entrant's game before they have finished and the day's window has closed.

A *window* is a day (UTC) unless ``$CARDROOM_DAILY_WINDOW`` sets another length in seconds (tests close
one in seconds). A deal is a table whose secret seed comes from the server's secret, the window, the
slot and the copy (:func:`deal_seed`): never guessable from the date. Its bots count their effort, so
with the seeded generator autoplay gives them (:func:`.autoplay.replay_rng`) the same choices always
meet the same answers.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from cardroom.core.errors import InvalidOptions
from cardroom.core.registry import game_names, kit, make
from cardroom.locale import Listed
from cardroom.server.errors import Refused
from cardroom.server.ops.names import seat_name
from cardroom.server.room import tokens
from cardroom.server.room.daily_results import DailyEntry
from cardroom.server.room.new_rows import new_table_row
from cardroom.server.room.tablerequest import SeatRequest, checked_game
from cardroom.server.store import NewTable, SeatRow, Store, TableRow

DAY = 86400.0
COPIES = 3  # deals per slot and window: sharing one deal's cards helps only a third of the entrants
SEAT = 0  # the entrant's seat at every deal (the bots sit in the others)
BOTS = "ismcts:iterations=200"  # $CARDROOM_DAILY_BOTS: must count its effort (see autoplay.replayable)
REACTION_SECONDS = 4.0  # a reaction window at a deal of the day


PLAYER_COUNTS = (2, 4)  # the day's deals of each listed game: at these counts where it plays them


@dataclass(frozen=True)
class Slot:
    """One of the day's deals: a game at a number of players."""

    key: str  # as in addresses: the game's name and the count
    game: str
    players: int
    label: str  # as shown: the game's title and the count
    options: dict[str, Any]
    title: str = ""  # the game's title alone (a page words the count itself)


@functools.cache
def slots() -> tuple[Slot, ...]:
    """Every listed game (the registry's: the room names no game itself) at each of
    :data:`PLAYER_COUNTS` it can seat, or at its one count if it has no ``players`` option."""
    found = []
    for name in game_names():
        if not kit(name).listed:
            continue
        game = make(name)
        counted = any(o.name == "players" for o in game.option_specs)
        for players in PLAYER_COUNTS if counted else (game.players,):
            options = {"players": players} if counted else {}
            try:
                if make(name, None, **options).players != players:
                    continue
            except (InvalidOptions, TypeError, ValueError):
                continue
            found.append(
                Slot(f"{name}-{players}", name, players, f"{game.title}, {players} players", options, game.title)
            )
    return tuple(found)


def slot_named(key: str) -> Slot:
    found = {s.key: s for s in slots()}
    slot = found.get(key)
    if slot is None:
        raise Refused("no deal of the day called {key}; deals: {deals}", key=repr(key[:40]), deals=Listed(found))
    return slot


def window_seconds() -> float:
    return float(os.environ.get("CARDROOM_DAILY_WINDOW", str(DAY)))


def bot_spec() -> str:
    return os.environ.get("CARDROOM_DAILY_BOTS", BOTS)


@dataclass(frozen=True)
class Window:
    """One day's window: its name (``2026-11-29``, or with the time for shorter windows) and bounds."""

    day: str
    opens: float  # epoch seconds
    closes: float

    def closed(self, at: float) -> bool:
        return at >= self.closes


def window_at(at: float, length: float | None = None) -> Window:
    length = length or window_seconds()
    index = int(at // length)
    opens = index * length
    start = datetime.fromtimestamp(opens, UTC)
    day = start.strftime("%Y-%m-%d") if length == DAY else start.strftime("%Y-%m-%dT%H%M%S")
    return Window(day, opens, opens + length)


def window_named(day: str, length: float | None = None) -> Window:
    """The window called ``day`` (:class:`Refused` if no window has that name)."""
    length = length or window_seconds()
    for shape in ("%Y-%m-%d", "%Y-%m-%dT%H%M%S"):
        try:
            start = datetime.strptime(day, shape).replace(tzinfo=UTC)
        except ValueError:
            continue
        window = window_at(start.timestamp(), length)
        if window.day == day:
            return window
    raise Refused("no day's window is called {day}: days are written like 2026-11-29", day=repr(day[:30]))


def deal_seed(secret: str, day: str, slot: str, copy: int) -> int:
    """The secret seed of one copy of a window's slot: a keyed hash, so knowing the date, the slot and
    even other days' deals tells nothing of it without the server's secret."""
    digest = hmac.new(secret.encode(), f"daily:{day}:{slot}:{copy}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # 63 bits, as every table's seed


def server_secret(store: Store) -> str:
    """$CARDROOM_DAILY_SECRET if set (every process of a room must share it), else the database's."""
    return os.environ.get("CARDROOM_DAILY_SECRET") or store.daily_secret()


def results_open(finished: bool, window: Window, at: float) -> bool:
    """The hiding rule: a day's results and other entrants' games are shown to an entrant only once
    they have finished their own deal AND the day's window has closed (so nobody can share, or be
    told, how a deal goes while anyone may still enter it)."""
    return finished and window.closed(at)


def deal_table(slot: Slot, seed: int, name: str) -> tuple[TableRow, str]:
    """The table of one copy of a deal, and the entrant's seat token: private (never listed, never
    rated), no move clock (a deal of the day is played at the entrant's pace)."""
    seats = [SeatRequest("bot", bot_spec()) if i != SEAT else SeatRequest("me") for i in range(slot.players)]
    game = checked_game(slot.game, None, dict(slot.options), seats)
    token = tokens.new_token()
    rows = tuple(
        SeatRow(i, "human", None, tokens.hash_token(token), name, True)
        if i == SEAT
        else SeatRow(i, "bot", bot_spec(), None, f"Bot {i}", True)
        for i in range(slot.players)
    )
    row = new_table_row(game.name, game.preset, game.options, seed, rows, REACTION_SECONDS, None)
    return row, token


def enter(store: Store, slot: Slot, entrant: str, name: str | None, guest: bool, at: float) -> tuple[DailyEntry, str]:
    """Deal this window's slot to an entrant (one of the copies at random) and store the entry and its
    table in one transaction (run it on the writer's thread). :class:`Refused` on a second attempt."""
    clean = seat_name(name)
    if clean is None:
        raise Refused("give the name you play under (1 to 40 characters)")
    window = window_at(at)
    copy = secrets.randbelow(COPIES)
    row, token = deal_table(slot, deal_seed(server_secret(store), window.day, slot.key, copy), clean)
    entry = store.add_daily_entry(NewTable(row, private=True), window.day, slot.key, entrant, clean, guest, copy, SEAT)
    if entry is None:
        raise Refused("you have already played today's {slot}: one attempt each", slot=slot.label)
    return entry, token
