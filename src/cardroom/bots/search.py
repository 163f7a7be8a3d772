"""Information Set Monte Carlo Tree Search, game-agnostic, one tree per seat.

Each iteration imagines one world (``game.sample`` of the searching seat's view; the oracle uses the
true state instead) and plays it to the end:

- Every seat has its own tree, keyed by *that seat's view* of the imagined world. A seat's choice
  therefore depends only on what it could know there, never on the searching seat's cards or on
  another seat's hidden choice (Cowling, Powley & Whitehouse's multiple-observer ISMCTS, with views
  standing in for information sets).
- Several seats in ``to_act`` (a duel, a reaction window) are taken one after another. Because a
  pending choice never shows in another seat's view, each still chooses without seeing the others'.
- Each tree grows by one node per iteration; after that, that seat plays the default policy (the
  game's heuristic bot by default) until the game ends.
- Inside the trees, actions are chosen by PUCT with the default policy's choice as the prior (see
  ``tree.py`` for why).
- The reward of a seat is its share of the win (1/number of winners, or 0).

Only the ``rng`` passed in is used, so with an iteration budget the result is a pure function of
(view, rng). With a time budget an unfinished iteration is thrown away when the clock runs out.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardroom.bots.budget import Budget, now
from cardroom.bots.policy import Policy
from cardroom.bots.tree import Node, view_key
from cardroom.core.action import Action
from cardroom.core.game import Game, State
from cardroom.core.outcome import Outcome
from cardroom.core.search_stats import SearchStats as SearchStats  # where the bots find it

# A playout that runs this long is called a draw; no game should get near it.
MAX_STEPS = 20_000


class _OutOfTime(Exception):
    pass


def rewards(outcome: Outcome | None, players: int) -> list[float]:
    if outcome is None or not outcome.winners:
        return [1.0 / players] * players
    share = 1.0 / len(outcome.winners)
    return [share if s in outcome.winners else 0.0 for s in range(players)]


def search(
    game: Game,
    seat: int,
    root_view: dict[str, Any],
    world: Callable[[random.Random], State],
    policy: Policy,
    budget: Budget,
    rng: random.Random,
    exploration: float = 1.0,
    bias: float = 0.5,
    stats: SearchStats | None = None,
    paired: bool = True,
    z: float = 1.0,
    spread: float = 0.25,
) -> str:
    """The action text ``seat`` should take, given its view and a way to imagine worlds."""
    legal: list[str] = list(root_view["legal_actions"])
    if not legal:
        raise ValueError(f"seat {seat} has no legal action in this view: it is not to act")
    stats = stats if stats is not None else SearchStats()
    if len(legal) == 1:
        return legal[0]
    start = now()
    trees: list[dict[str, Node]] = [{} for _ in range(game.players)]
    playouts = _Playouts(
        game, seat, root_view, view_key(root_view), trees, policy, exploration, bias, budget.deadline(start)
    )
    limit = budget.iterations if budget.iterations is not None else 1 << 62
    if paired:
        choice = _paired_root(playouts, world, rng, z, spread, limit, stats)
        stats.seconds = now() - start
        stats.nodes = sum(len(t) for t in trees)
        return choice
    while stats.iterations < limit and now() < playouts.deadline:
        try:
            playouts.run(world(rng), rng)
        except _OutOfTime:
            stats.aborted += 1
            break
        stats.iterations += 1
    stats.seconds = now() - start
    stats.nodes = sum(len(t) for t in trees)
    root = trees[seat].get(playouts.root_key)
    if root is None or root.visits == 0:
        return policy.move_from_view(root_view, rng)
    stats.root = root.summary()
    return root.actions[root.best()]


def _paired_root(
    playouts: _Playouts,
    world: Callable[[random.Random], State],
    rng: random.Random,
    z: float,
    spread: float,
    limit: int,
    stats: SearchStats,
) -> str:
    """The root decided on common random numbers: every root action is tried in the same worlds.

    A playout's result is mostly the luck of the imagined cards, which is the same for every action
    tried in one world; comparing actions world by world (paired differences) cancels most of it.
    The default policy's move stands unless another action beats it, world for world, by more than
    ``z`` standard errors. Below the root, the per-seat trees grow as in every iteration.
    """
    legal: list[str] = list(playouts.root_view["legal_actions"])
    preferred = playouts.policy.move_from_view(playouts.root_view, rng)
    order = [preferred] + [a for a in legal if a != preferred]
    results: dict[str, list[float]] = {a: [] for a in order}
    while stats.iterations < limit and now() < playouts.deadline:
        world_seed = rng.getrandbits(63)
        imagined = world(random.Random(world_seed))
        try:
            for text in order:
                if stats.iterations >= limit:
                    break
                # The same generator for every action: the playouts differ only where the actions do.
                playout_rng = random.Random(world_seed + 1)
                reward = playouts.run(imagined, playout_rng, first=text)
                results[text].append(reward)
                stats.iterations += 1
        except _OutOfTime:
            stats.aborted += 1
            break
    base = results[preferred]
    best, best_score = preferred, 0.0
    summary = []
    for text in order:
        n = min(len(base), len(results[text]))
        diffs = [results[text][i] - base[i] for i in range(n)]
        mean = sum(diffs) / n if n else 0.0
        # Prior variance (``spread``) keeps a few lucky worlds from looking certain.
        var = (sum((d - mean) ** 2 for d in diffs) + spread) / n if n else 1.0
        score = mean - z * math.sqrt(var / n) if n else -math.inf
        summary.append(
            {
                "action": text,
                "worlds": len(results[text]),
                "mean": (sum(results[text]) / len(results[text])) if results[text] else None,
                "vs_default": mean if n else None,
            }
        )
        if text != preferred and score > best_score:
            best, best_score = text, score
    stats.root = summary
    return best


@dataclass(frozen=True)
class _Playouts:
    """What every playout of one search shares: the searching seat and its view at the root, one tree
    per seat, the default policy, the trees' settings and the deadline."""

    game: Game
    seat: int
    root_view: dict[str, Any]
    root_key: str
    trees: list[dict[str, Node]]
    policy: Policy
    exploration: float
    bias: float
    deadline: float

    def run(self, state: State, rng: random.Random, first: str | None = None) -> float:
        """One playout from ``state``; returns the searching seat's reward. ``first`` forces its first move."""
        game, seat, trees, policy, deadline = self.game, self.seat, self.trees, self.policy, self.deadline
        path: list[tuple[int, Node, int]] = []
        expanded = [False] * game.players
        steps = 0
        acting = seat  # the searching seat moves first, even where others are to act at the same time
        while not state.is_over and steps < MAX_STEPS:
            if now() >= deadline:
                raise _OutOfTime
            if steps:
                acting = state.to_act[0]
            legal = state.legal_actions(acting)
            if steps == 0 and first is not None:
                state = state.apply(acting, first)
            elif len(legal) == 1:
                # No decision (typically "pass" in a reaction window without a reacting card): no node,
                # and no policy call, which would build a view for nothing.
                state = state.apply_legal(acting, legal[0])
            elif expanded[acting]:
                state = _apply_checked(game, state, acting, legal, policy.move(state, acting, rng))
            else:
                if steps == 0:
                    view, key = self.root_view, self.root_key
                else:
                    view = state.view(acting)
                    key = view_key(view)
                tree = trees[acting]
                node = tree.get(key)
                if node is None:
                    node = tree[key] = Node(view["legal_actions"], policy.move_from_view(view, rng), self.bias, rng)
                    expanded[acting] = True
                index = node.select(self.exploration)
                path.append((acting, node, index))
                state = _apply_checked(game, state, acting, legal, node.actions[index])
            steps += 1
        reward = rewards(state.outcome, game.players)
        for who, node, index in path:
            node.update(index, reward[who])
        return reward[seat]


def _apply_checked(game: Game, state: State, seat: int, legal: tuple[Action, ...], text: str) -> State:
    """Apply a policy's or node's choice, checked against the legal list the playout already has."""
    act = game.action_for(text)
    if act not in legal:
        return state.apply(seat, act)  # raises, naming the rule the policy broke
    return state.apply_legal(seat, act)
