"""Everything on the table at one moment, as plain lists: the mutable working copy behind a state.

A :class:`Table` is copied, changed by the engine, then frozen inside a new state and never changed
again. Tasks on ``stack`` are small JSON lists (the engine's to-do list, top last), so the whole table
round-trips through JSON exactly.
"""

from __future__ import annotations

from typing import Any


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


def _copy_task(task: list[Any]) -> list[Any]:
    """Tasks are copied only as deep as the engine changes them (window chains and choices)."""
    kind = task[0]
    if kind == "window":
        return [kind, [e[:] for e in task[1]], task[2][:]]
    if kind == "hail":
        return [kind, task[1], task[2][:]]
    return task[:]


class Table:
    __slots__ = (
        "ages",
        "box",
        "counter",
        "deck",
        "discard",
        "first",
        "gimme",
        "hands",
        "known",
        "over",
        "points",
        "pool",
        "pool_start",
        "reason",
        "round",
        "round_scores",
        "seed",
        "stack",
        "tacos",
        "totals",
        "trophy",
        "turn",
        "turns",
    )

    seed: int
    counter: int
    round: int
    first: int
    turn: int
    turns: int
    pool: int
    pool_start: int
    deck: list[int]  # top of the deck is the end of the list
    discard: list[int]  # top of the pile is the end of the list
    box: list[int]  # cards out of play: unused Crunchy Shells, antics cards when antics are off
    hands: list[list[int]]  # each kept sorted
    tacos: list[list[int]]  # the shell first, then ingredients and poisons in the order they arrived
    points: list[int]  # taco points sitting on each card (0 for cards not in a taco)
    known: dict[int, int]  # card in someone's hand -> bit mask of the seats that know where it is
    totals: list[int]  # match scores after finished rounds
    round_scores: list[list[int]]
    trophy: int  # seat holding the taco trophy, -1 before anyone won a round
    gimme: int  # "Gimme that trophy": seat holding the trophy piece this round, -1 for nobody
    stack: list[list[Any]]
    ages: dict[int, int]  # poison card in a taco -> times it has acted (only poisons that wear off)
    over: bool
    reason: str

    def clone(self) -> Table:
        # Written out by hand: this runs on every action, and most fields are flat lists of ints.
        new = Table.__new__(Table)
        new.seed, new.counter, new.round, new.first = self.seed, self.counter, self.round, self.first
        new.turn, new.turns, new.pool, new.pool_start = self.turn, self.turns, self.pool, self.pool_start
        new.trophy, new.gimme, new.over, new.reason = self.trophy, self.gimme, self.over, self.reason
        new.deck, new.discard, new.box = self.deck[:], self.discard[:], self.box[:]
        new.hands = [h[:] for h in self.hands]
        new.tacos = [t[:] for t in self.tacos]
        new.points = self.points[:]
        new.known = dict(self.known)
        new.ages = dict(self.ages)
        new.totals = self.totals[:]
        new.round_scores = [r[:] for r in self.round_scores]
        new.stack = [_copy_task(t) for t in self.stack]
        return new

    def shallow(self) -> Table:
        """A new table sharing every list with this one; the caller replaces what it changes."""
        new = Table.__new__(Table)
        for name in Table.__slots__:
            setattr(new, name, getattr(self, name))
        return new

    def to_json(self) -> dict[str, Any]:
        data = {name: _copy(getattr(self, name)) for name in Table.__slots__}
        data["known"] = sorted([c, m] for c, m in self.known.items())
        # Ages exist only with poisons that wear off (deck v2): a v1 table's JSON stays as it was.
        data["ages"] = sorted([c, a] for c, a in self.ages.items())
        if not data["ages"]:
            del data["ages"]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        new = cls.__new__(cls)
        for name in cls.__slots__:
            if name != "ages":
                setattr(new, name, _copy(data[name]))
        new.known = {int(c): int(m) for c, m in data["known"]}
        new.ages = {int(c): int(a) for c, a in data.get("ages", [])}
        return new
