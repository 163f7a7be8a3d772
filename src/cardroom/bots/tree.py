"""One node of a search tree: the statistics of one seat's information set.

A node is keyed by the seat's view (everything it knows), so two imagined worlds that look the same
to that seat share a node, and nothing the seat cannot see can tell them apart.

Selection is PUCT (the AlphaZero rule) with the default policy as the prior: the action the game's
heuristic would play gets ``bias`` of the prior mass and the others share the rest. Why: a playout of
a card game is mostly luck, so with the few dozen playouts a second buys, plain UCB picks among the
actions almost at random, which plays worse than the heuristic it searches with. With the prior, the
search leaves the heuristic's move only when the playouts say so clearly, and plain UCB's behaviour
returns as the visit counts grow.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from typing import Any

# Entries that are the same in every view one tree sees: the game, its preset and options, the number
# of seats, and the seat (a tree belongs to one seat). Leaving them out of the key tells exactly the same
# information sets apart, with shorter keys that are quicker to make and compare.
SHARED = frozenset(("game", "preset", "options", "players", "seat"))


def view_key(view: dict[str, Any]) -> str:
    """A canonical text for a view within one seat's tree: the identity of an information set."""
    return json.dumps({k: v for k, v in view.items() if k not in SHARED}, sort_keys=True, separators=(",", ":"))


class Node:
    """Visit counts, summed rewards and prior weights for each legal action of one information set."""

    __slots__ = ("actions", "counts", "order", "priors", "rewards", "visits")

    def __init__(self, actions: Sequence[str], preferred: str | None, bias: float, rng: random.Random) -> None:
        self.actions: list[str] = list(actions)
        k = len(self.actions)
        # Ties go to the preferred action, then to the others in a random order.
        order = list(range(k))
        rng.shuffle(order)
        if preferred is not None and preferred in self.actions and k > 1:
            first = self.actions.index(preferred)
            order.remove(first)
            order.insert(0, first)
            self.priors = [(1.0 - bias) / (k - 1)] * k
            self.priors[first] = bias
        else:
            self.priors = [1.0 / k] * k
        self.order = order
        self.visits = 0
        self.counts = [0] * k
        self.rewards = [0.0] * k

    def select(self, exploration: float) -> int:
        """The action maximising mean reward + exploration x prior x sqrt(visits) / (1 + count)."""
        root_n = math.sqrt(max(self.visits, 1))
        # An untried action is valued at the node's mean so far ("first-play urgency").
        fpu = sum(self.rewards) / self.visits if self.visits else 0.5
        best, best_score = self.order[0], -math.inf
        for i in self.order:
            n = self.counts[i]
            q = self.rewards[i] / n if n else fpu
            score = q + exploration * self.priors[i] * root_n / (1 + n)
            if score > best_score:
                best, best_score = i, score
        return best

    def update(self, index: int, reward: float) -> None:
        self.visits += 1
        self.counts[index] += 1
        self.rewards[index] += reward

    def best(self) -> int:
        """The most visited action (ties: the higher mean, then the preferred/earlier action)."""
        rank = {i: r for r, i in enumerate(self.order)}
        return max(
            range(len(self.actions)),
            key=lambda i: (
                self.counts[i],
                self.rewards[i] / self.counts[i] if self.counts[i] else 0.0,
                -rank[i],
            ),
        )

    def summary(self) -> list[dict[str, Any]]:
        return [
            {"action": a, "visits": n, "mean": (w / n if n else None), "prior": p}
            for a, n, w, p in zip(self.actions, self.counts, self.rewards, self.priors)
        ]
