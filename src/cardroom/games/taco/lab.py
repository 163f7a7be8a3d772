"""T.A.C.O. in the balance lab: its probe (per round, the pool at each turn, cards held and played, effects
fired, stalls), its compiled steps (``lab_kernel.py``) and its deck files by version."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

from cardroom.core import events as ev
from cardroom.core.game import Game, State
from cardroom.core.lab import LabDetails, LabKernel, Probe, is_limit


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
                rounds[-1].update({"reason": e.text, "limited": is_limit(e.text), "scores": list(data["scores"])})
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


def deck_text(where: str) -> str:
    """The text of deck version ``where`` (or of the deck file at that path)."""
    from cardroom.games.taco.cards import VERSIONS

    if where in VERSIONS:
        return resources.files("cardroom.games.taco").joinpath(VERSIONS[where]).read_text(encoding="utf-8")
    return Path(where).read_text(encoding="utf-8")


def _kernel(game: Game, bots: tuple[str, ...]) -> LabKernel | None:
    from cardroom.games.taco.lab_kernel import kernel_driver

    return kernel_driver(game, bots)


LAB = LabDetails(probe=TacoProbe, kernel=_kernel, deck_text=deck_text)
