"""One moment of a toy game: what the contract asks of a state, read off its :class:`Table`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardroom.core import Action, Game, IllegalAction, Outcome, State, action
from cardroom.core import events as ev
from tests.support.toy.table import TOKEN_VIEWS, Table


class ToyState(State):
    __slots__ = ("game", "history", "step", "table")

    def __init__(self, game: Game, step: int, history: ev.Chain, table: Table) -> None:
        self.game, self.step, self.history, self.table = game, step, history, table

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.table.to_act()

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act:
            return ()
        table = self.table
        if table.sighing == seat:
            return (action("sigh"),)
        if table.window:
            reaction = [action(table.rules.reaction)] if table.may_react(seat) else []
            return tuple(sorted([action(self.game.options["quiet"]), *reaction]))
        return tuple(sorted(action("play", c) for c in set(table.hands[seat])))

    @property
    def reaction_window(self) -> bool:
        return self.table.window

    def default_answer(self, seat: int) -> str | None:
        return str(self.game.options["quiet"]) if self.table.window and seat in self.to_act else None

    def _why_illegal(self, seat: int, act: Action) -> str:
        if act.verb == "play":
            return "you can only play a card from your hand"
        return f"{act} is not possible now; you may: {', '.join(map(str, self.legal_actions(seat)))}"

    def _apply(self, seat: int, act: Action) -> State:
        table, step = self.table.copy(), self.step + 1
        if act.verb == "play":
            events = table.play(seat, int(act.args[0]), step)
        elif act.verb == "nope":
            events = table.nope(seat, step)
        elif act.verb == "veto":
            events = table.veto(seat)
        elif act.verb == "sigh":
            events = table.sigh(seat)
        elif act.verb == "burn":
            events = table.burn(seat)
        else:
            events = table.let_stand(seat)
        return ToyState(self.game, step, ev.extend(self.history, events), table)

    def concede(self, seat: int) -> State:
        if not self.game.options["concede"]:
            return super().concede(seat)
        if self.players < 3:
            raise IllegalAction("a two-seat game ends when a seat concedes; the room says so")
        if self.table.over:
            raise IllegalAction("the game is over; no more actions")
        if seat in self.table.gone:
            raise IllegalAction("that seat has left the game already")
        table = self.table.copy()
        events = table.concede(seat, self.step + 1)
        return ToyState(self.game, self.step + 1, ev.extend(self.history, events), table)

    @property
    def outcome(self) -> Outcome | None:
        """Most points wins; seats that conceded rank last, the latest to leave first."""
        table = self.table
        if not table.over:
            return None
        scores, living = table.scores, table.living()
        levels = sorted({scores[s] for s in living}, reverse=True)
        ranking = tuple(tuple(s for s in living if scores[s] == v) for v in levels)
        ranking += tuple((s,) for s in reversed(table.gone))
        return Outcome(ranking[0], ranking, "most points", tuple(float(x) for x in scores))

    def _view(self, seat: int | None) -> dict[str, Any]:
        table, options = self.table, self.game.options
        view: dict[str, Any] = {
            "hand": None if seat is None else sorted(table.hands[seat]),
            "hand_sizes": [len(h) for h in table.hands],
            "pending": table.pending,
            "scores": list(table.scores),
        }
        if options["turns"] == "seat":
            view.update(turn=table.turn, played=list(table.played))
        else:
            mine = None if seat is None else table.chosen[seat]
            view.update(
                owner=table.owner, tricks=[list(t) for t in table.tricks], deck_size=len(table.deck), my_choice=mine
            )
        hidden = table.seed is not None
        tokens = [n if not hidden or s == seat else None for s, n in enumerate(table.tokens)]
        if options["reaction"] == "nope":
            view.update(noped=table.noped)
        if options["reaction"] == "veto":
            view.update(sighing=table.sighing)
        if options["reaction"] in TOKEN_VIEWS:
            view[TOKEN_VIEWS[options["reaction"]]] = tokens
        if options["reaction"] == "burn" or options["concede"]:
            view.update(
                burned=[] if seat is None else list(table.burned[seat]), burned_counts=[len(b) for b in table.burned]
            )
        if options["concede"]:
            view.update(gone=list(table.gone))
        if options["rounds"]:
            view.update(taken=list(table.taken))
        return view

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "step": self.step,
            "table": self.table.to_json(),
        }

    def census(self) -> Mapping[str, int]:
        """Every card is somewhere: in a hand, the deck, face up, chosen face down or discarded."""
        t = self.table
        cards = [c for h in t.hands for c in h] + t.deck + t.played + [c for b in t.burned for c in b]
        cards += [c for c in t.chosen if c is not None] + [c for trick in t.tricks for c in trick if c is not None]
        return {"cards": len(cards), "sum": sum(cards)}

    def shuffle_unknown(self, seat: int | None, rng: random.Random) -> State:
        if seat is None:
            return self
        dealt = self.game.sample(self.view(seat), rng)
        assert isinstance(dealt, ToyState)
        return ToyState(self.game, self.step, self.history, dealt.table)
