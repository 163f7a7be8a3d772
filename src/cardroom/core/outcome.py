"""How a game ended: who won, the full ranking, optional scores, and why."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    ``ranking`` lists groups of seats from first place to last; seats in one group tied.
    ``scores`` is set by games that keep points (T.A.C.O.); others leave it ``None``.
    """

    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    reason: str
    scores: tuple[float, ...] | None = None

    def place(self, seat: int) -> int:
        """1 for first place; tied seats share a place."""
        place = 1
        for group in self.ranking:
            if seat in group:
                return place
            place += len(group)
        raise ValueError(f"seat {seat} is not in this outcome")

    def returns(self, players: int) -> tuple[float, ...]:
        """A zero-sum-ish reward per seat for learners: +1 to each winner, the rest -1/(losers)."""
        winners = set(self.winners)
        losers = players - len(winners)
        if not winners or losers == 0:
            return tuple(0.0 for _ in range(players))
        win = 1.0 / len(winners)
        lose = -1.0 / losers
        return tuple(win if s in winners else lose for s in range(players))

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "ranking": [list(g) for g in self.ranking],
            "reason": self.reason,
            "scores": None if self.scores is None else list(self.scores),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        scores = data.get("scores")
        return cls(
            winners=tuple(data["winners"]),
            ranking=tuple(tuple(g) for g in data["ranking"]),
            reason=str(data["reason"]),
            scores=None if scores is None else tuple(scores),
        )
