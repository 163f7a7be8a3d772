"""A table's running clocks: whether its reaction window is still open, and the clocks as stored, so
that a restart ends each when it would have (the timers themselves run in :mod:`.autoplay`).

A move clock that begins with a move ends the seat's ``turn_seconds`` after the time that move was
stored with, which a restart reads back with the actions: such a deadline is *implied* and is not
written with the table. Only the clocks a restart could not work out are stored: the reaction window,
and a move clock begun at another moment (the game beginning when the last seat sat down, a person
back from being away) or lengthened since (more time). So in a game's ordinary course, move after
move, the clocks' row is not written at all; it was a write per move, a tenth of the room's time.
"""

from __future__ import annotations

import time

from cardroom.server.room.clock_lengths import turn_seconds
from cardroom.server.room.live import Live
from cardroom.server.store import ClockSaver


def only_shrinks(live: Live, since: int) -> bool:
    """True if every action from ``since`` on just took its actor out of ``to_act``."""
    now = live.step
    for i in range(since, now):
        before = live.to_act_at[i]
        after = live.to_act_at[i + 1] if i + 1 < now else live.state.to_act
        if live.actors[i] not in before or tuple(s for s in before if s != live.actors[i]) != after:
            return False
    return True


def window_open(live: Live) -> bool:
    """The reaction window opened at ``live.window_step`` is still waiting for someone."""
    if live.window_step is None or live.is_over or not live.state.to_act:
        return False
    return only_shrinks(live, live.window_step)


# The clocks of a table with none running, as stored.
NONE_RUNNING: dict[str, object] = {"window_step": None, "window_deadline": None, "turn": {}}
# How far back a move clock's beginning is looked for among the table's actions: further back, it is
# stored (a seat to act through that many others' moves is not a game's ordinary course).
LOOK_BACK = 64


def clocked(live: Live, seat: int) -> bool:
    """Whether this seat gets a move clock when it is to act (outside a reaction window, at a table
    with a move clock): a person's seat that the room is not playing."""
    seats = live.row.seats  # in seat order, so a seat's row is found at once
    row = seats[seat] if seat < len(seats) and seats[seat].seat == seat else next(s for s in seats if s.seat == seat)
    return seat not in live.auto and row.kind != "bot"


def move_began(live: Live) -> float:
    """When a move clock set going now begins: with the table's last action, at the time it was
    stored with, the first time the clocks are set at this step (a restart works that deadline out
    again, see :func:`implied`); else now."""
    if live.clock_step != live.step and live.times and live.times[-1] is not None:
        return live.times[-1]
    return time.time()


def implied(live: Live, seat: int) -> float | None:
    """The deadline of ``seat``'s move clock as a restart works it out from the table's actions: the
    clock began with the last action that put the seat to act, or that it made and stayed to act
    (its other seats' moves meanwhile, in a simultaneous decision, leave it running). None if that
    action's time is not known here, or the clock began before any action (when the game began)."""
    actors, before = live.actors, live.to_act_at
    for i in range(live.step - 1, max(-1, live.step - 1 - LOOK_BACK), -1):
        if actors[i] == seat or seat not in before[i]:
            began = live.times[i]
            return None if began is None else began + turn_seconds(live, seat)
    return None


def restore(live: Live) -> None:
    """The clocks stored with the table's row, running again on a table just read, and the move
    clocks implied by its last action for the seats to act that had none stored."""
    clocks = live.row.clocks or {}
    live.saved_clocks = clocks or None
    window_step, deadline = clocks.get("window_step"), clocks.get("window_deadline")
    if isinstance(window_step, int) and isinstance(deadline, (int, float)) and window_step <= live.step:
        live.window_step, live.window_deadline = window_step, float(deadline)
        if not window_open(live):
            live.window_step = live.window_deadline = None
    turns = clocks.get("turn") or {}
    live.turn_deadlines = {int(seat): float(at) for seat, at in turns.items() if int(seat) in live.state.to_act}
    if not live.row.turn_seconds or live.window_deadline is not None or live.is_over or live.waiting_for:
        return  # no move clock runs (see ``Autoplay.after_change``)
    for seat in live.state.to_act:
        deadline = implied(live, seat)
        if deadline is not None and clocked(live, seat):
            live.turn_deadlines.setdefault(seat, deadline)


def save_if_changed(live: Live, saver: ClockSaver) -> None:
    """Store the table's running clocks when they changed, so a restart ends each when it would
    have, leaving out the move clocks it works out by itself (:func:`implied`). Written after the
    action (a crash in between gives a clock that had to be stored a fresh start)."""
    turn = {str(seat): at for seat, at in live.turn_deadlines.items() if at != implied(live, seat)}
    saved = live.saved_clocks or NONE_RUNNING
    if (
        saved.get("turn") == turn
        and saved.get("window_step") == live.window_step
        and saved.get("window_deadline") == live.window_deadline
    ):
        return  # what a move nearly always finds: nothing to write
    clocks: dict[str, object] = {
        "window_step": live.window_step,
        "window_deadline": live.window_deadline,
        "turn": turn,
    }
    live.saved_clocks = clocks
    saver.save(live.row.id, clocks)  # with other tables' changes, in one transaction
