"""A table's game as it stands, rebuilt from the database by replay and kept in memory as a cache.

Besides the state it remembers, for every step, who was to act and who acted: that is what tells a
stale action from one chosen in the same simultaneous decision (see :func:`still_current`).
"""

from __future__ import annotations

import asyncio
import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson

from cardroom.core.bot import Bot
from cardroom.core.events import Event
from cardroom.core.game import Game, State
from cardroom.core.outcome import Outcome
from cardroom.core.registry import make
from cardroom.server.room import begun, concede
from cardroom.server.room.watchers import Watchers
from cardroom.server.store import ActionRow, Message, TableRow

RECENT_STATES = 32  # steps back a choice may have been made on and still be judged

_row_reads = itertools.count(1)


def row_read() -> int:
    """A ticket taken just before a table's row is read from the database. A read with a later ticket
    saw every write acknowledged before that ticket was taken (see :meth:`Live.take_row`)."""
    return next(_row_reads)


@dataclass
class Messages:
    """A table's latest chat messages (``None``: to be read), and how many times they were found
    stale: a read that began before a new message was stored must not be kept."""

    latest: list[Message] | None = None
    stale: int = 0


@dataclass
class Live:
    row: TableRow
    game: Game
    state: State
    # The ticket (:func:`row_read`) of the read that ``row`` came from: 0 for a row not read here.
    row_ticket: int = 0
    to_act_at: list[tuple[int, ...]] = field(default_factory=list)  # to_act before action i
    actors: list[int] = field(default_factory=list)  # seat of action i
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # Reaction-window bookkeeping: the step the window opened on and when it closes (epoch seconds).
    window_step: int | None = None
    window_deadline: float | None = None
    # Turn timers: seat -> epoch seconds at which a bot takes over.
    turn_deadlines: dict[int, float] = field(default_factory=dict)
    # seat -> the deadline the room's one move clock was given for it (see ``Autoplay``): a deadline
    # is queued there once, not at every move, and an entry that no longer matches is stale.
    turn_queued: dict[int, float] = field(default_factory=dict)
    # The clocks as last written to the database (so unchanged clocks are not written again).
    saved_clocks: dict[str, object] | None = None
    # The time action i was stored with (epoch seconds), None where not known here (applied from
    # another process's notice): a move clock that begins with an action ends ``turn_seconds`` after
    # it, which a restart works out again from the stored actions, so it is not written with every
    # move (see :mod:`.clocks`).
    times: list[float | None] = field(default_factory=list)
    # The step at which the clocks were last set going (see ``Autoplay.after_change``): the first
    # time at a new step, the move clocks begin with the move; later ones (a person back from being
    # away, say) begin when they are set.
    clock_step: int = -1
    # Moves the clock made for a seat (a window or turn timer ran out): (where the move's events
    # begin and end in the full event history, seat), so the log can say so. The history only
    # grows, so replays of earlier steps share these indices.
    timed_out_moves: list[tuple[int, int, int]] = field(default_factory=list)
    # The seat that conceded (the table ended there; see :mod:`.concede`), if one did.
    conceded: int | None = None
    # Seats the room plays for while their person is away, seat -> why (see :mod:`.absent`); replaced,
    # never changed in place, so a cached snapshot can tell it changed.
    auto: dict[int, str] = field(default_factory=dict)
    # The creator turned hints on for every seat (see :mod:`.hints`); set once, at creation.
    hints_for_everyone: bool = False
    # Seats whose person asked for more time (see :mod:`.more_time`): public, read with the table and
    # again when another process changes it; replaced, never changed in place.
    more_time: frozenset[int] = frozenset()
    # seat -> (events read, timed-out moves known, that seat's log): the log only grows, so a
    # snapshot reads just the events since the last one (see :meth:`log_for`).
    logs: dict[int | None, tuple[int, int, list[dict[str, Any]]]] = field(default_factory=dict)
    # seat -> (the log list it was made from, entries encoded, their JSON without brackets).
    log_json: dict[int | None, tuple[list[dict[str, Any]], int, bytes]] = field(default_factory=dict)
    # seat -> (what the snapshot showed, the JSON of its lasting part, the whole JSON with no clock
    # running), see :func:`cardroom.server.room.snapshots.encoded`.
    encoded: dict[int | None, tuple[tuple[object, ...], bytes, bytes]] = field(default_factory=dict)
    # (what it showed, the JSON of the public summary): the same for every seat, so built once.
    summary_json: tuple[tuple[object, ...], bytes] | None = None
    # What the room keeps for this table besides its game, so that dropping the table from memory
    # drops all of it at once:
    # step -> the state at that step, for the last RECENT_STATES steps (see ``Play.still_current``).
    recent: dict[int, State] = field(default_factory=dict)
    # A notified catch-up waits for the lock (True: it reads actions only), see ``CatchUp.heard``.
    queued: bool | None = None
    # The open window's hidden answers as this process last read or wrote them: (window step,
    # seat -> answer), see :mod:`.window_answers`.
    answers: tuple[int, dict[int, str]] | None = None
    # seat -> its move clock's run-outs in a row (see :mod:`.absent`).
    missed: Counter[int] = field(default_factory=Counter)
    # seat -> when a request with its token last came here, epoch seconds (see ``Absence.seen``).
    heard: dict[int, float] = field(default_factory=dict)
    # (seat, spec) -> the bot playing that seat here (see :mod:`.autoplay`).
    bots: dict[tuple[int, str], Bot] = field(default_factory=dict)
    # (what, which) -> the bot or clock task running for this table here (see :mod:`.autoplay`).
    tasks: dict[tuple[str, int], asyncio.Task[None]] = field(default_factory=dict)
    # Who follows the table here: its sockets, its last look over HTTP (see :mod:`.watchers`).
    watchers: Watchers = field(default_factory=Watchers)
    # The latest chat messages, as every snapshot shows them (see :mod:`.chat`).
    messages: Messages = field(default_factory=Messages)
    # (the row they were worked out from, the seats it waits for, whether its game never began):
    # asked by every move and every snapshot, worked out once per row (see :attr:`waiting_for`).
    _begun: tuple[TableRow, list[int], bool] | None = field(default=None, repr=False)

    def carry_over(self, old: Live) -> None:
        """This table rebuilt from the database in place of ``old``: keep what the database does not
        hold (the lock, so waiting submissions stay in line; the running clocks; the room's notes; who
        follows it)."""
        self.lock = old.lock
        self.window_step, self.window_deadline = old.window_step, old.window_deadline
        self.turn_deadlines = dict(old.turn_deadlines)
        self.turn_queued = dict(old.turn_queued)  # still queued: the queue finds the table by its id
        self.clock_step = old.clock_step
        self.recent, self.queued, self.answers = old.recent, old.queued, old.answers
        self.missed, self.bots, self.tasks, self.heard = old.missed, old.bots, old.tasks, old.heard
        self.watchers = old.watchers  # the same sockets follow the table on
        self.messages = old.messages  # one holder: a message stored meanwhile makes it stale for both

    def take_row(self, row: TableRow | None, ticket: int) -> None:
        """Keep ``row``, read with ``ticket``, unless a read begun after it was kept already. Reads run
        on threads and finish in any order: a row read before a seat's new token was stored must not
        replace one read after it, or that seat's token would open nothing until the next read."""
        if row is not None and ticket > self.row_ticket:
            self.row, self.row_ticket = row, ticket

    def forget_shown(self) -> None:
        """Drop what only makes showing the table again cheap: every seat's log and encoded snapshot,
        built again if anyone looks. Called when the last socket leaves a finished table: otherwise
        they stay as long as the table stays in the replay cache, several times the game's own size
        (a whole game's log, per seat, as dicts and twice as JSON)."""
        self.logs.clear()
        self.log_json.clear()
        self.encoded.clear()
        self.summary_json = None

    def remember(self) -> None:
        """Keep the current state among the recent ones, before an action moves it on."""
        self.recent[self.step] = self.state
        self.recent.pop(self.step - RECENT_STATES, None)

    def _begun_of_row(self) -> tuple[TableRow, list[int], bool]:
        known = self._begun
        if known is None or known[0] is not self.row:  # a row is never changed, only replaced
            known = self._begun = (self.row, begun.waiting_for(self.row), begun.never_begun(self.row))
        return known

    @property
    def waiting_for(self) -> list[int]:
        """:func:`.begun.waiting_for` of the table's row, worked out once per row (not to be changed)."""
        return self._begun_of_row()[1]

    @property
    def never_begun(self) -> bool:
        """:func:`.begun.never_begun` of the table's row, worked out once per row."""
        return self._begun_of_row()[2]

    @property
    def names(self) -> dict[int, str]:
        """seat -> the name the table shows for it."""
        return {s.seat: s.name for s in self.row.seats}

    @property
    def outcome(self) -> Outcome | None:
        if self.conceded is not None:
            return concede.outcome(self.conceded, self.game.players, self.names[self.conceded])
        return self.state.outcome

    def with_concession(
        self, view: dict[str, Any], log: list[dict[str, Any]]
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """A view and log of the last step of a table ended by a two-seat concession, showing it."""
        assert self.conceded is not None
        result = self.outcome
        assert result is not None
        return concede.ended_view(view, result), [*log, concede.log_entry(self.conceded, self.names[self.conceded])]

    @property
    def is_over(self) -> bool:
        return self.conceded is not None or self.state.is_over

    @property
    def step(self) -> int:
        return len(self.actors)

    def log_for(self, seat: int | None) -> list[dict[str, Any]]:
        """:func:`marked_log` of the current state, reading only the events new since the last call
        for this seat (the returned list is shared: copy it before changing it).

        Events are immutable and only appended, and who may see one never changes. A timed-out move
        is marked when it is recorded, from events it already wrote, so events after the last known
        move carry no marks; a new timed-out move rebuilds the log."""
        state = self.state
        total = history_length(state)
        moves = len(self.timed_out_moves)
        cached = self.logs.get(seat)
        if cached is not None and cached[1] == moves and cached[0] == total:
            return cached[2]
        if cached is None or cached[1] != moves or cached[0] > total:
            entries = marked_log(state, seat, self.timed_out_moves, self.names)
        else:
            names = self.names
            entries = cached[2] + [
                concede.named(e.public(), names) for e in newest(state, total - cached[0]) if e.visible_to(seat)
            ]
        self.logs[seat] = (total, moves, entries)
        return entries

    def encoded_log(self, seat: int | None) -> bytes:
        """:meth:`log_for` as a JSON array, encoding only the entries new since the last call."""
        entries = self.log_for(seat)
        cached = self.log_json.get(seat)
        if cached is not None and cached[0] is entries:
            body = cached[2]
        else:
            # log_for extends a copy of its last list, so a longer list with the same first
            # entries is the old one grown; a rebuilt log (a new timed-out move) is encoded anew.
            grown = (
                cached is not None
                and cached[1] <= len(entries)
                and (cached[1] == 0 or entries[cached[1] - 1] is cached[0][cached[1] - 1])
            )
            old, done = (cached[2], cached[1]) if grown and cached is not None else (b"", 0)
            new = orjson.dumps(entries[done:])[1:-1]
            body = old + b"," + new if old and new else old or new
            self.log_json[seat] = (entries, len(entries), body)
        return b"[" + body + b"]"

    def record(self, seat: int, new_state: State, timed_out: bool = False, at: datetime | None = None) -> None:
        """The table moved on by one stored action, stored with the time ``at`` (if known here)."""
        if timed_out:
            self.timed_out_moves.append((history_length(self.state), history_length(new_state), seat))
        self.to_act_at.append(self.state.to_act)
        self.actors.append(seat)
        self.state = new_state
        self.times.append(None if at is None else at.timestamp())


def game_of(row: TableRow) -> Game:
    return make(row.game, preset=row.preset, **row.options)


def rebuild(row: TableRow, rows: list[ActionRow]) -> Live:
    """The table's state from its seed and stored actions (the canonical record)."""
    game = game_of(row)
    live = Live(row=row, game=game, state=game.new_game(row.seed))
    for action in rows:
        if action.step != live.step:
            raise RuntimeError(f"table {row.id}: stored steps are not consecutive at {action.step}")
        live.record(action.seat, live.state.apply(action.seat, action.text), action.timed_out, action.created)
    return live


def history_length(state: State) -> int:
    return state.history[2] if state.history is not None else 0


def newest(state: State, count: int) -> list[Event]:
    """The last ``count`` events of the state's history, oldest first, without walking the rest."""
    found: list[Event] = []
    chain = state.history
    while chain is not None and len(found) < count:
        found.append(chain[0])
        chain = chain[1]
    found.reverse()
    return found


def marked_log(
    state: State,
    seat: int | None,
    timed_out_moves: list[tuple[int, int, int]],
    names: Mapping[int, str] | None = None,
) -> list[dict[str, Any]]:
    """``state.log(seat)`` saying which moves the clock made: the first event of such a move this
    viewer sees gets ``timed_out: true``; if the viewer sees none of its events (a pass in a window
    writes none), an entry of its own says who ran out of time, never what was played for them.
    With ``names`` a concession says the seat's name."""
    events = state.events()
    marked: set[int] = set()
    silent: dict[int, list[int]] = {}
    for start, end, who in timed_out_moves:
        if start > len(events):
            continue  # a replay of an earlier step
        seen = next((i for i in range(start, min(end, len(events))) if events[i].visible_to(seat)), None)
        if seen is not None:
            marked.add(seen)
        else:
            silent.setdefault(start, []).append(who)
    entries: list[dict[str, Any]] = []
    for index in range(len(events) + 1):
        for who in silent.get(index, ()):
            entries.append(
                {
                    "kind": "timed_out",
                    "text": f"{(names or {}).get(who, f'P{who}')} ran out of time",
                    "seat": who,
                    "timed_out": True,
                }
            )
        if index == len(events):
            break
        event = events[index]
        if event.visible_to(seat):
            entry = concede.named(event.public(), names) if names else event.public()
            if index in marked:
                entry["timed_out"] = True
            entries.append(entry)
    return entries


def still_current(live: Live, seat: int, step: int) -> bool:
    """Whether an action ``seat`` chose on ``step`` may still be applied now.

    The current step always may. An older step may only when everything since was other seats making
    their own choices in the same simultaneous decision (each action just removed its actor from
    ``to_act``): the other cards of a simultaneous move, or passes in a reaction window. A reaction
    played, a revealed move, anything else that changed the situation makes the old choice stale.
    """
    now = live.step
    if step == now:
        return True
    if step < 0 or step > now or seat not in live.to_act_at[step]:
        return False
    for i in range(step, now):
        before = live.to_act_at[i]
        after = live.to_act_at[i + 1] if i + 1 < now else live.state.to_act
        actor = live.actors[i]
        if actor == seat or actor not in before:
            return False
        if tuple(s for s in before if s != actor) != after:
            return False
    return True


def silent_answer(state: State, seat: int) -> str:
    """What the room plays for ``seat`` when it says nothing until its reaction window's deadline:
    the game's ``default_answer`` (docs/contract.md). A window that asks a seat without one is a
    broken game, said loudly rather than guessed."""
    answer = state.default_answer(seat)
    if answer is None:
        raise RuntimeError(f"{state.game.name}: seat {seat} is asked in a reaction window without a default answer")
    return answer
