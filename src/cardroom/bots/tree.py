"""One node of a search tree: the statistics of one seat's information set.

A node is keyed by the seat's view (everything it knows), so two imagined worlds that look the same
to that seat share a node, and nothing the seat cannot see can tell them apart.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from typing import Any


def view_key(view: dict[str, Any]) -> str:
    """A canonical text for a view: the identity of an information set."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


class Node:
    """Visit counts and summed rewards for each legal action of one information set."""

    __slots__ = ("actions", "counts", "order", "rewards", "tried", "visits")

    def __init__(self, actions: Sequence[str], preferred: str | None, rng: random.Random) -> None:
        self.actions: list[str] = list(actions)
        # Untried actions are tried in this order: the default policy's choice first (so a node seen
        # once plays like that policy, not like a coin), then the rest in random order.
        rest = list(range(len(self.actions)))
        rng.shuffle(rest)
        if preferred is not None and preferred in self.actions:
            first = self.actions.index(preferred)
            rest.remove(first)
            rest.insert(0, first)
        self.order = rest
        self.tried = 0
        self.visits = 0
        self.counts = [0] * len(self.actions)
        self.rewards = [0.0] * len(self.actions)

    def select(self, exploration: float) -> int:
        """The next untried action, else the action with the highest UCB1 score."""
        if self.tried < len(self.order):
            index = self.order[self.tried]
            self.tried += 1
            return index
        log_n = math.log(max(self.visits, 1))
        best, best_score = 0, -math.inf
        for i, n in enumerate(self.counts):
            if n == 0:
                # Tried but never finished (its iteration ran out of time): look at it first.
                return i
            score = self.rewards[i] / n + exploration * math.sqrt(log_n / n)
            if score > best_score:
                best, best_score = i, score
        return best

    def update(self, index: int, reward: float) -> None:
        self.visits += 1
        self.counts[index] += 1
        self.rewards[index] += reward

    def best(self) -> int:
        """The most visited action (ties: the higher mean, then the earlier action)."""
        return max(
            range(len(self.actions)),
            key=lambda i: (self.counts[i], self.rewards[i] / self.counts[i] if self.counts[i] else 0.0, -i),
        )

    def summary(self) -> list[dict[str, Any]]:
        return [
            {"action": a, "visits": n, "mean": (w / n if n else None)}
            for a, n, w in zip(self.actions, self.counts, self.rewards)
        ]
