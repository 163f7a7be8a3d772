"""The immutable T.A.C.O. state: a frozen table plus its history, and what each seat may see of it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardroom.core import events as ev
from cardroom.core.action import Action
from cardroom.core.game import State, View
from cardroom.core.outcome import Outcome
from cardroom.games.taco import decisions
from cardroom.games.taco.engine import Engine
from cardroom.games.taco.table import Table

if TYPE_CHECKING:
    from cardroom.games.taco.game import TacoGame

RECENT = 8
PASS = "pass"  # a window's answer that lets the last card stand


class TacoState(State):
    __slots__ = ("_acting", "_census", "_legal", "game", "history", "step", "tb")

    game: TacoGame
    tb: Table

    def __init__(self, game: TacoGame, tb: Table, step: int, history: ev.Chain) -> None:
        self.game = game
        self.tb = tb
        self.step = step
        self.history = history
        self._acting: tuple[int, ...] = decisions.to_act(tb)
        self._legal: dict[int, tuple[Action, ...]] = {}
        self._census: dict[str, int] | None = None

    # -- the contract ----------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._acting

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        found = self._legal.get(seat)
        if found is None:
            found = decisions.legal(Engine(self.game, self.tb), seat) if seat in self._acting else ()
            self._legal[seat] = found
        return found

    @property
    def reaction_window(self) -> bool:
        """An Instant window: the seats still undecided may stop the last card (at two players one
        seat is asked). A bonus play's ``pass`` is a move of the seat's own, not a window."""
        stack = self.tb.stack
        return bool(self._acting) and stack[-1][0] == "window"

    def default_answer(self, seat: int) -> str | None:
        """In an Instant window, saying nothing lets the last card stand."""
        return PASS if seat in self._acting and self.reaction_window else None

    def concede(self, seat: int) -> State:
        """``seat`` leaves the match (see :mod:`cardroom.games.taco.concede`)."""
        from cardroom.games.taco.concede import concede  # it builds on this module

        return concede(self, seat)

    def _engine(self, tb: Table) -> Engine:
        """The rules working on ``tb`` (a match with empty chairs skips them, see ``concede``)."""
        return Engine(self.game, tb)

    def _apply(self, seat: int, action: Action) -> TacoState:
        task = self.tb.stack[-1]
        if task[0] == "window" and action.verb == "pass" and task[2].count(-1) > 1:
            return self._quiet_pass(seat, task)
        eng = self._engine(self.tb.clone())
        decisions.decide(eng, seat, action)
        return TacoState(self.game, eng.tb, self.step + 1, ev.extend(self.history, eng.events))

    def _quiet_pass(self, seat: int, task: list[Any]) -> TacoState:
        """A pass that does not close its window changes one number: the table's other lists are
        shared with this state instead of copied (nothing ever changes a frozen table in place)."""
        tb = self.tb.shallow()
        decided = task[2][:]
        decided[seat] = 0
        tb.stack = [*self.tb.stack[:-1], ["window", task[1], decided]]
        new = TacoState(self.game, tb, self.step + 1, self.history)
        new._census = self._census
        return new

    def _why_illegal(self, seat: int, action: Action) -> str:
        return decisions.why_illegal(Engine(self.game, self.tb), seat, action)

    @property
    def outcome(self) -> Outcome | None:
        if not self.tb.over:
            return None
        totals = self.tb.totals
        levels = sorted(set(totals), reverse=True)
        ranking = tuple(tuple(s for s in range(self.players) if totals[s] == v) for v in levels)
        return Outcome(ranking[0], ranking, self.tb.reason, tuple(float(t) for t in totals))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "step": self.step,
            "table": self.tb.to_json(),
            "history": [e.to_json() for e in ev.iterate(self.history)],
        }

    def census(self) -> Mapping[str, int]:
        """Taco points (pool + every card's points) and every card, wherever it is."""
        if self._census is not None:
            return self._census
        tb = self.tb
        points = tb.pool + sum(tb.points)
        zones: list[int] = [*tb.deck, *tb.discard, *tb.box]
        for hand in tb.hands:
            zones.extend(hand)
        for taco in tb.tacos:
            zones.extend(taco)
        for task in tb.stack:
            if task[0] in ("window", "resolve"):
                zones.extend(int(entry[0]) for entry in task[1])
        self._census = {"points": points, "cards": len(zones), "distinct": len(set(zones))}
        return self._census

    def shuffle_unknown(self, seat: int | None, rng: random.Random) -> TacoState:
        tb = self.tb.clone()
        bit = 0 if seat is None else 1 << seat
        everyone = (1 << self.players) - 1

        def hidden(card: int) -> bool:
            mask = tb.known.get(card, 0)
            return not (mask & bit) and mask != everyone

        pool = list(tb.deck)
        for holder, hand in enumerate(tb.hands):
            if holder != seat:
                pool.extend(c for c in hand if hidden(c))
        rng.shuffle(pool)
        for holder, hand in enumerate(tb.hands):
            if holder != seat:
                keep = [c for c in hand if not hidden(c)]
                need = len(hand) - len(keep)
                tb.hands[holder] = sorted(keep + pool[:need])
                del pool[:need]
        tb.deck = pool
        _forget_choices(tb, seat)
        return TacoState(self.game, tb, self.step, self.history)

    # -- views -------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> View:
        return public_view(self, seat)

    def recent(self, seat: int | None) -> list[str]:
        out: list[str] = []
        chain = self.history
        while chain is not None and len(out) < RECENT:
            event = chain[0]
            if event.visible_to(seat):
                out.append(event.text)
            chain = chain[1]
        out.reverse()
        return out


def _forget_choices(tb: Table, seat: int | None) -> None:
    """Instant choices of other seats are secret until everyone has chosen: show them as passes."""
    for task in tb.stack:
        if task[0] == "window":
            task[2] = [d if d <= 0 or s == seat else 0 for s, d in enumerate(task[2])]


def public_view(state: TacoState, seat: int | None) -> View:
    tb = state.tb
    game = state.game
    cards = game.deck.cards
    bit = 0 if seat is None else 1 << seat
    everyone = (1 << state.players) - 1
    stack = [list(t) for t in tb.stack]
    view_tb = Table.__new__(Table)
    view_tb.stack = [[*t[:2], list(t[2]), *t[3:]] if t[0] == "window" else t for t in stack]
    _forget_choices(view_tb, seat)
    known = sorted(
        [c, holder, cards[c].slug]
        for holder, hand in enumerate(tb.hands)
        if holder != seat
        for c in hand
        if tb.known.get(c, 0) & bit or tb.known.get(c, 0) == everyone
    )
    return {
        "round": tb.round,
        "rounds": game.rounds,
        "first": tb.first,
        "turn": tb.turn,
        "turns": tb.turns,
        "pool": tb.pool,
        "pool_start": tb.pool_start,
        "totals": list(tb.totals),
        "round_scores": [list(r) for r in tb.round_scores],
        "trophy": tb.trophy,
        "gimme": tb.gimme,
        "tacos": [[{"id": c, "card": cards[c].slug, "points": tb.points[c]} for c in taco] for taco in tb.tacos],
        "taco_points": [sum(tb.points[c] for c in taco) for taco in tb.tacos],
        "discard": [{"id": c, "card": cards[c].slug} for c in tb.discard],
        "box": list(tb.box),
        "deck_size": len(tb.deck),
        "hand_sizes": [len(h) for h in tb.hands],
        "hand": None if seat is None else [{"id": c, "card": cards[c].slug} for c in tb.hands[seat]],
        "known": known,
        "stack": view_tb.stack,
        "prompt": prompt(state, seat),
        "reason": tb.reason,
        "recent": state.recent(seat),
        # How many times each poison that wears off has acted (public; only decks with such poisons).
        **({"ages": sorted([c, a] for c, a in tb.ages.items())} if tb.ages else {}),
    }


def prompt(state: TacoState, seat: int | None) -> dict[str, Any] | None:
    """The decision on the table now, in words and data any seat may see."""
    tb = state.tb
    if tb.over or not tb.stack:
        return None
    task = tb.stack[-1]
    cards = state.game.deck.cards
    kind = str(task[0])
    out: dict[str, Any] = {"kind": kind, "seats": list(state.to_act)}
    if kind == "window":
        out["chain"] = [{"card": cards[int(c)].slug, "id": int(c), "taco": int(d), "by": int(p)} for c, d, p in task[1]]
    elif kind in ("target", "choose"):
        out["effect"] = task[2]
        out["card"] = cards[int(task[3])].slug
        if kind == "target" and task[2] == "swap":
            out["stage"] = "yours" if int(task[5]) < 0 else "theirs"
    elif kind == "bonus":
        out["mode"] = task[2]
        out["arg"] = task[3]
    elif kind == "main":
        out["forced"] = None if int(task[2]) < 0 else cards[int(task[2])].slug
    elif kind == "discard":
        out["count"] = int(task[2])
        out["why"] = task[3]
    return out
