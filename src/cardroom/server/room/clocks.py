"""A table's running clocks: whether its reaction window is still open, and the clocks as stored, so
that a restart ends each when it would have (the timers themselves run in :mod:`.autoplay`)."""

from __future__ import annotations

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


def restore(live: Live) -> None:
    """The clocks stored with the table's row, running again on a table just read."""
    clocks = live.row.clocks or {}
    live.saved_clocks = clocks or None
    window_step, deadline = clocks.get("window_step"), clocks.get("window_deadline")
    if isinstance(window_step, int) and isinstance(deadline, (int, float)) and window_step <= live.step:
        live.window_step, live.window_deadline = window_step, float(deadline)
        if not window_open(live):
            live.window_step = live.window_deadline = None
    turns = clocks.get("turn") or {}
    live.turn_deadlines = {int(seat): float(at) for seat, at in turns.items() if int(seat) in live.state.to_act}


def save_if_changed(live: Live, saver: ClockSaver) -> None:
    """Store the table's running clocks when they changed, so a restart ends each when it would
    have. Written after the action (a crash in between gives that clock a fresh start)."""
    clocks: dict[str, object] = {
        "window_step": live.window_step,
        "window_deadline": live.window_deadline,
        "turn": {str(seat): at for seat, at in live.turn_deadlines.items()},
    }
    if clocks == (live.saved_clocks or {"window_step": None, "window_deadline": None, "turn": {}}):
        return
    live.saved_clocks = clocks
    saver.save(live.row.id, clocks)  # with other tables' changes, in one transaction
