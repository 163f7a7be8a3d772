"""What one viewer is sent: the table's public facts, that seat's view and redacted log, the clocks
and the chat, and the same encoded once for every request and socket that needs it.

Under load a snapshot was computed three times per action (the answer to the request, the actor's
socket, the other seat's socket) and each time re-read the whole game log. Now the log grows by
appending (see :meth:`Live.log_for`), and an encoded snapshot is kept per seat until anything it
shows changes: the state, the table's row, the chat, a concession, the auto seats, the seats with
more time; the log's JSON, most of a snapshot, is itself kept per seat and extended by the new
entries only. The clocks (a reaction
window, the move clocks) say how many seconds are left, so that small part is encoded fresh each time.
"""

from __future__ import annotations

import time
from operator import is_
from typing import TYPE_CHECKING, Any

import orjson

from cardroom.server.jsonbytes import dumps
from cardroom.server.room import spoken
from cardroom.server.room.clock_lengths import window_seconds
from cardroom.server.room.clocks import window_open
from cardroom.server.room.live import Live

CLOSED = ("expired", "abandoned", "cancelled")  # unfinished tables where nothing more is played

if TYPE_CHECKING:
    from cardroom.server.room.ports import Shown

SOCKET_PREFIX = b'{"type":"snapshot",'


def snapshot(room: Shown, live: Live, seat: int | None, *, encoded_log: bool = False) -> dict[str, Any]:
    """Everything one viewer is sent: public table facts, that seat's view and its redacted log
    (``encoded_log``: the log as ready JSON, for :func:`dumps` only)."""
    return {**_lasting(room, live, seat, encoded_log, public_summary(live)), **_clocks(room, live, seat)}


def _lasting(room: Shown, live: Live, seat: int | None, encoded_log: bool, summary: Any) -> dict[str, Any]:
    """The part of a snapshot that changes only when something happens at the table (``summary``:
    the table's public summary, as a dict or as ready JSON)."""
    state = live.state
    view = state.view(seat)
    log: Any
    if live.never_begun:
        # Nothing to decide for anyone yet, and nothing has happened (see :mod:`.waiting`): the seat's own
        # deal, fixed by the seed, with nobody to act and no choices; the page shows no board.
        view, log = {**view, "to_act": [], "legal_actions": []}, []
    elif live.conceded is not None:
        view, log = live.with_concession(view, live.log_for(seat))
    elif encoded_log:
        log = orjson.Fragment(live.encoded_log(seat))
    else:
        log = live.log_for(seat)
    return {
        "table": summary,
        "seat": seat,
        "view": view,
        "log": log,
        "chat": [m.to_json() for m in room.messages(live)],
        "spoken": None if seat is None else spoken.asked(live, seat),
    }


def _clocks(room: Shown, live: Live, seat: int | None) -> dict[str, Any]:
    """The part that counts down: the window's clock and the move clocks' seconds left."""
    return {
        "window": window_info(room, live, seat),
        # Seconds left before a bot plays for each seat on a move clock (public: the same for all).
        "turn_deadlines": {str(k): max(0.0, v - time.time()) for k, v in live.turn_deadlines.items()},
    }


def encoded(room: Shown, live: Live, seat: int | None) -> bytes:
    """:func:`snapshot` as JSON. The lasting part is encoded once per seat and change and kept; the
    clocks (every table with people has a move clock) are encoded fresh and joined to it."""
    chat = room.messages(live)
    key = (live.state, live.row, chat, live.conceded, len(live.timed_out_moves), live.auto, live.more_time)
    found = live.encoded.get(seat)
    if found is None or not _same(found[0], key):
        body = dumps(_lasting(room, live, seat, True, orjson.Fragment(_summary_json(live))))
        found = live.encoded[seat] = (key, body, _joined(body, QUIET))
    if live.window_deadline is None and not live.turn_deadlines:
        return found[2]  # nothing counts down: the same bytes until something happens
    return _joined(found[1], dumps(_clocks(room, live, seat)))


QUIET = b'{"window":null,"turn_deadlines":{}}'


def _same(kept: tuple[object, ...], now: tuple[object, ...]) -> bool:
    """Whether a cached encoding's key still holds: the very same objects (the state, the row, the
    chat... are replaced when they change, never changed in place). ``map`` with ``is_`` runs in C:
    a generator here was a dozen Python calls a move."""
    return all(map(is_, kept, now))


def _summary_json(live: Live) -> bytes:
    """:func:`public_summary` as JSON, kept until what it shows changes: every seat's snapshot of one
    change shows the same one (a move at a two-seat table encodes two snapshots, more with spectators)."""
    key = (live.state, live.row, live.conceded, live.auto, live.more_time)
    found = live.summary_json
    if found is None or not _same(found[0], key):
        found = live.summary_json = (key, dumps(public_summary(live)))
    return found[1]


def _joined(lasting: bytes, clocks: bytes) -> bytes:
    """Two encoded JSON objects as one."""
    return lasting[:-1] + b"," + clocks[1:]


def socket_message(body: bytes) -> bytes:
    """The socket's message for an encoded snapshot: the same object with ``"type": "snapshot"``."""
    return SOCKET_PREFIX + body[1:]


def window_info(room: Shown, live: Live, seat: int | None = None) -> dict[str, Any] | None:
    """The open reaction window's clock, and whether *this* seat has answered (nobody else's)."""
    if live.window_deadline is None or not window_open(live):
        return None
    return {
        "deadline": live.window_deadline,
        "seconds": window_seconds(live, live.state.to_act),
        "remaining": max(0.0, live.window_deadline - time.time()),
        "answered": seat is not None and seat in room.answered(live),
    }


def public_summary(live: Live) -> dict[str, Any]:
    """Facts about a table anyone may see: never a token hash, never the seed."""
    row = live.row
    state = live.state
    outcome = live.outcome
    waiting = live.waiting_for
    return {
        "id": row.id,
        "game": row.game,
        "title": live.game.title,
        "preset": row.preset,
        "options": row.options,
        "status": "over" if outcome is not None else (row.status if row.status in CLOSED else "playing"),
        "step": live.step,
        "to_act": [] if outcome is not None or waiting else list(state.to_act),
        # The seats whose invited person has not sat down yet: the game begins when there are none.
        "waiting_for": waiting,
        "created": row.created.isoformat(),
        "reaction_seconds": row.reaction_seconds,
        "turn_seconds": row.turn_seconds,
        "rematch_of": row.rematch_of,
        "rematch_id": row.rematch_id,
        "outcome": None if outcome is None else outcome.to_json(),
        "hints": live.hints_for_everyone,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "joined": s.joined,
                "bot": s.bot_spec,
                "auto": s.seat in live.auto,
                # The person asked for more time (public: it is why some clocks run longer).
                "more_time": s.seat in live.more_time,
                "shown": f"{s.name} (auto)" if s.seat in live.auto else s.name,
            }
            for s in row.seats
        ],
    }
