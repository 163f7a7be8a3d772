"""What the lab records about one game: generic facts for every game, more for T.A.C.O.'s data deck.

A probe watches every state of a game (``step``) and then reads the finished game (``finish``). The
generic facts come from the contract alone (actions, outcome) and the shared event kinds ``turn`` and
``round_end``; a safety limit is any round or game whose stated reason names a limit.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardroom.core import events as ev
from cardroom.core.game import Game, State


def _is_limit(reason: str) -> bool:
    return "limit" in reason.lower()


class Probe:
    """Generic facts: length in actions, turns and rounds; who moved first; limits; the result."""

    def __init__(self, game: Game, start: State) -> None:
        self.game = game
        self.first = start.to_act[0] if start.to_act else 0

    def step(self, state: State) -> None:
        return None

    def finish(self, state: State) -> dict[str, Any]:
        outcome = state.outcome
        assert outcome is not None
        events = list(ev.iterate(state.history)) if hasattr(state, "history") else []
        turns = sum(1 for e in events if e.kind == "turn")
        round_ends = [e for e in events if e.kind == "round_end"]
        limited_rounds = sum(1 for e in round_ends if _is_limit(e.text))
        return {
            "actions": state.step,
            "turns": turns or None,
            "rounds": max(1, len(round_ends)),
            "limited_rounds": limited_rounds,
            "limited": bool(limited_rounds) or _is_limit(outcome.reason),
            "reason": outcome.reason,
            "first": self.first,
            "winners": list(outcome.winners),
            "scores": None if outcome.scores is None else list(outcome.scores),
        }


class TacoProbe(Probe):
    """T.A.C.O.: per round, the pool at each turn, cards held and played, effects fired, stalls."""

    def __init__(self, game: Game, start: State) -> None:
        super().__init__(game, start)
        tb = start.tb  # type: ignore[attr-defined]
        self.first = tb.first
        self.cards = game.deck.cards  # type: ignore[attr-defined]
        self.pool: list[int] = [tb.pool]
        self.turns_seen = tb.turns
        self.round = tb.round
        self.fires: Counter[str] = Counter()
        self.snapshots: list[dict[str, Any]] = []
        self.last = start

    def step(self, state: State) -> None:
        tb = state.tb  # type: ignore[attr-defined]
        prev = self.last.tb  # type: ignore[attr-defined]
        if tb.round != self.round or tb.over:
            self._round_over(prev, tb)
            self.round = tb.round
        elif tb.turns != self.turns_seen:
            self.turns_seen = tb.turns
            if tb.round == 1:
                self.pool.append(tb.pool)
            for card in tb.tacos[tb.turn]:
                spec = self.cards[card]
                if spec.type == "poison":
                    self.fires[spec.effect] += 1
        self.last = state

    def _round_over(self, prev: Any, tb: Any) -> None:
        # The table just before the round ended: kept, and reported only if a limit ended the round.
        self.snapshots.append(
            {
                "round": self.round,
                "pool": prev.pool,
                "tacos": [[self.cards[c].slug for c in taco] for taco in prev.tacos],
                "hands": [len(h) for h in prev.hands],
            }
        )

    def finish(self, state: State) -> dict[str, Any]:
        facts = super().finish(state)
        events = list(ev.iterate(state.history))
        n = self.game.players
        opening: list[set[str]] = [set() for _ in range(n)]
        played: list[set[str]] = [set() for _ in range(n)]
        rounds: list[dict[str, Any]] = []
        round_no = 0
        cancelled: set[int] = set()
        for e in events:
            data = e.data
            if e.kind == "round":
                round_no = int(data["round"])
                rounds.append({"first": int(data["first"]), "turns": 0})
            elif e.kind == "turn":
                rounds[-1]["turns"] += 1
            elif e.kind == "dealt" and round_no == 1 and e.audience:
                opening[next(iter(e.audience))].add(str(data["card"]))
            elif e.kind in ("play", "instant"):
                played[int(data["seat"])].add(str(data["card"]))
                if e.kind == "instant":
                    self.fires["cancel"] += 1
            elif e.kind == "cancelled":
                cancelled.add(int(data["id"]))
            elif e.kind == "enter":
                spec = self.cards[int(data["id"])]
                if spec.type != "poison" and spec.effect != "none":
                    self.fires[spec.effect] += 1
            elif e.kind == "round_end":
                rounds[-1].update(
                    {"reason": e.text, "limited": _is_limit(e.text), "scores": list(data["scores"])}
                )
        for e in events:
            if e.kind == "play" and int(e.data["taco"]) < 0 and int(e.data["id"]) not in cancelled:
                self.fires[self.cards[int(e.data["id"])].effect] += 1
        facts.update(
            {
                "first": rounds[0]["first"] if rounds else self.first,
                "round_info": rounds,
                "opening": [sorted(s) for s in opening],
                "played": [sorted(s) for s in played],
                "fires": dict(self.fires),
                "pool": self.pool,
                "stalls": [s for s, r in zip(self.snapshots, rounds, strict=False) if r.get("limited")],
            }
        )
        return facts


class KittensProbe(Probe):
    """Exploding Kittens logs only owed turns, so turns are counted from the public view: a new turn
    whenever the current player or the turns they owe change."""

    def __init__(self, game: Game, start: State) -> None:
        super().__init__(game, start)
        self.key = self._key(start)
        self.turns = 1

    @staticmethod
    def _key(state: State) -> tuple[Any, Any]:
        view = state.view(None)
        return (view.get("current"), view.get("turns_owed"))

    def step(self, state: State) -> None:
        if state.is_over:
            return
        key = self._key(state)
        if key != self.key:
            self.key = key
            self.turns += 1

    def finish(self, state: State) -> dict[str, Any]:
        facts = super().finish(state)
        facts["turns"] = self.turns
        return facts


class TacocatProbe(Probe):
    """Tacocat: its rounds (a duel and an attack each) from the public view."""

    def finish(self, state: State) -> dict[str, Any]:
        facts = super().finish(state)
        facts["rounds"] = max(1, int(state.view(None).get("round") or 1))
        return facts


def probe_for(game: Game, start: State) -> Probe:
    if game.name == "taco":
        return TacoProbe(game, start)
    if game.name == "exploding-kittens":
        return KittensProbe(game, start)
    if game.name == "tacocat":
        return TacocatProbe(game, start)
    return Probe(game, start)
