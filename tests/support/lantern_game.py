"""Lantern: a toy fourth game that the server has never heard of, for proving it needs no server edit.

It answers every word the room asks of a game (docs/contract.md, "What the room asks") and is
registered only in the tests, through ``CARDROOM_GAMES`` (a real ``cardroom serve`` process) or
:func:`register`.

Each seat is dealt three cards from 1 to 12 (hidden). On a turn a seat plays a card; a reaction
window then asks every other seat still in the game: ``pass`` (the default answer: saying nothing
lets the card stand) or ``veto``, once a game. A veto cancels the card at once and its player must
sigh: a spoken action, said in the chat as "alas". A card that stands scores its value. The game
ends when every hand is empty; most points wins. At three or more seats a seat may concede: its hand
is discarded, its answer in an open window counts as a pass, and it ranks below every seat that
stayed; when one seat is left it wins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import cardroom
from cardroom.core import Action, Form, Game, Grammar, IllegalAction, Option, Outcome, State, action
from cardroom.core import events as ev
from cardroom.core.rng import derive, fresh_seed
from cardroom.core.spoken import Spoken

NAME = "lantern"
QUIET = "allow"  # the window's default answer (State.default_answer); not "pass", so the room must ask the game
HAND = 3
SIGH = Spoken("sigh", 'sigh in the chat: say "alas"', "alas")


class LanternState(State):
    __slots__ = ("_d", "game", "history", "step")

    def __init__(self, game: Game, step: int, history: ev.Chain, d: dict[str, Any]) -> None:
        self.game, self.step, self.history, self._d = game, step, history, d

    # -- the contract ------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        d = self._d
        if d["over"]:
            return ()
        if d["sighing"] is not None:
            return (d["sighing"],)
        if d["pending"] is not None:
            return tuple(sorted(d["asked"]))
        return (d["turn"],)

    @property
    def reaction_window(self) -> bool:
        return self._d["pending"] is not None and self._d["sighing"] is None and bool(self.to_act)

    def default_answer(self, seat: int) -> str | None:
        return QUIET if self.reaction_window and seat in self.to_act else None

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act:
            return ()
        d = self._d
        if d["sighing"] is not None:
            return (action("sigh"),)
        if d["pending"] is not None:
            return tuple(sorted([action(QUIET), *([action("veto")] if d["vetoes"][seat] else [])]))
        return tuple(sorted(action("play", c) for c in d["hands"][seat]))

    def _why_illegal(self, seat: int, act: Action) -> str:
        return f"{act} is not possible now; you may: {', '.join(map(str, self.legal_actions(seat)))}"

    def _apply(self, seat: int, act: Action) -> State:
        d = _copy(self._d)
        events: list[ev.Event] = []
        if act.verb == "play":
            card = int(act.args[0])
            d["hands"][seat].remove(card)
            d.update(pending=card, owner=seat, asked=[s for s in _living(d, self.players) if s != seat])
            events.append(ev.Event("play", f"P{seat} plays {card}", {"seat": seat, "card": card}))
        elif act.verb == "veto":
            d["vetoes"][seat] -= 1
            d.update(pending=None, asked=[], sighing=None if d["owner"] in d["gone"] else d["owner"])
            events.append(ev.Event("veto", f"P{seat} vetoes the card", {"seat": seat}))
            if d["sighing"] is None:
                _next_turn(d, self.players)
        elif act.verb == "sigh":
            d["sighing"] = None
            events.append(ev.Event("sigh", f'P{seat}: "alas"', {"seat": seat}))
            _next_turn(d, self.players)
        else:  # a pass: no event, so nobody learns it before the window closes
            d["asked"].remove(seat)
            _close_if_answered(d, self.players, events)
        return LanternState(self.game, self.step + 1, ev.extend(self.history, events), d)

    def concede(self, seat: int) -> State:
        d = self._d
        if self.players < 3:
            raise IllegalAction("a two-seat game ends when a seat concedes; the room says so")
        if d["over"]:
            raise IllegalAction("the game is over; no more actions")
        if seat in d["gone"]:
            raise IllegalAction(f"P{seat} has left the game already")
        d = _copy(d)
        d["gone"].append(seat)
        d["hands"][seat] = []
        events = [ev.Event("concede", f"P{seat} concedes", {"seat": seat})]
        if len(_living(d, self.players)) == 1:
            d.update(over=True, pending=None, asked=[], sighing=None)
        elif d["sighing"] == seat:
            d["sighing"] = None
            _next_turn(d, self.players)
        elif d["pending"] is not None:
            if seat in d["asked"]:
                d["asked"].remove(seat)  # its answer is a pass
            _close_if_answered(d, self.players, events)
        elif d["turn"] == seat:
            _next_turn(d, self.players)
        return LanternState(self.game, self.step + 1, ev.extend(self.history, events), d)

    @property
    def outcome(self) -> Outcome | None:
        d = self._d
        if not d["over"]:
            return None
        scores, living = d["scores"], _living(d, self.players)
        levels = sorted({scores[s] for s in living}, reverse=True)
        ranking = tuple(tuple(s for s in living if scores[s] == v) for v in levels)
        ranking += tuple((s,) for s in reversed(d["gone"]))
        return Outcome(ranking[0], ranking, "most points", tuple(float(x) for x in scores))

    def _view(self, seat: int | None) -> dict[str, Any]:
        d = self._d
        return {
            "hand": sorted(d["hands"][seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in d["hands"]],
            "pending": d["pending"],
            "owner": d["owner"],
            "scores": list(d["scores"]),
            "vetoes": list(d["vetoes"]),
            "turn": d["turn"],
            "gone": list(d["gone"]),
            "sighing": d["sighing"],
        }

    def to_json(self) -> dict[str, Any]:
        return {"game": NAME, "options": dict(self.game.options), "step": self.step, "d": _copy(self._d)}

    def census(self) -> Mapping[str, int]:
        return {}

    def shuffle_unknown(self, seat: int | None, rng: random.Random) -> State:
        return self


def _copy(d: dict[str, Any]) -> dict[str, Any]:
    out = dict(d)
    for key in ("hands", "asked", "vetoes", "scores", "gone"):
        out[key] = [list(h) for h in d[key]] if key == "hands" else list(d[key])
    return out


def _living(d: dict[str, Any], players: int) -> list[int]:
    return [s for s in range(players) if s not in d["gone"]]


def _close_if_answered(d: dict[str, Any], players: int, events: list[ev.Event]) -> None:
    """Every seat asked let the card stand: it scores, and the turn moves on."""
    if d["pending"] is None or d["asked"]:
        return
    d["scores"][d["owner"]] += d["pending"]
    events.append(ev.Event("scores", f"P{d['owner']}'s {d['pending']} stands", {"seat": d["owner"]}))
    d["pending"] = None
    _next_turn(d, players)


def _next_turn(d: dict[str, Any], players: int) -> None:
    """The next seat still in the game with a card; the game ends when there is none."""
    for offset in range(1, players + 1):
        seat = (d["turn"] + offset) % players
        if seat not in d["gone"] and d["hands"][seat]:
            d["turn"] = seat
            return
    d["over"] = True


class LanternGame(Game):
    name = NAME
    title = "Lantern"
    option_specs = (Option("players", 3, "seats, 2 to 5", choices=(2, 3, 4, 5)),)
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {"standard": {}}
    default_preset = "standard"
    grammar = Grammar(
        [Form("play", ("N",), "play N"), Form(QUIET, (), QUIET), Form("veto", (), "veto"), Form("sigh", (), "sigh")]
    )
    heuristic_bot = "cardroom.bots.uniform:RandomBot"

    @property
    def players(self) -> int:
        return int(self.options["players"])

    def spoken_actions(self) -> Mapping[str, Spoken]:
        return {"sigh": SIGH}

    def new_game(self, seed: int | None = None) -> State:
        seed = fresh_seed() if seed is None else seed
        deck = list(range(1, 13))
        derive(seed, 0).shuffle(deck)
        n = self.players
        d = {
            "hands": [sorted(deck[HAND * i : HAND * i + HAND]) for i in range(n)],
            "pending": None,
            "owner": None,
            "asked": [],
            "vetoes": [1] * n,
            "scores": [0] * n,
            "turn": 0,
            "gone": [],
            "sighing": None,
            "over": False,
        }
        return LanternState(self, 0, None, d)

    def load(self, data: Mapping[str, Any] | str) -> State:
        if isinstance(data, str):
            raise NotImplementedError("Lantern has no position notation")
        self._check_json(data)
        return LanternState(self, int(data["step"]), None, _copy(dict(data["d"])))

    def sample(self, view: dict[str, Any], rng: random.Random) -> State:
        raise NotImplementedError("Lantern's bots play at random and never sample")

    def action_space(self) -> tuple[Action, ...]:
        fixed = [action(QUIET), action("veto"), action("sigh")]
        return tuple(sorted([*fixed, *(action("play", c) for c in range(1, 13))]))


def register() -> None:
    cardroom.register(NAME, LanternGame)
