"""Where an analysis's playouts run: the game's compiled kernel when it has one, else the reference.

Both engines answer the same two questions the analysis asks, with the same meaning:

- ``rows(view, actions, seed, first, worlds)``: the view's seat's share of the win in imagined worlds
  ``first`` to ``first + worlds - 1`` (one row each) after each of ``actions`` (columns), then the
  game's heuristic playing every seat to the end. World ``i`` is a pure function of (view, seed, i):
  the hidden cards dealt at random from what the seat could not see, and one playout generator shared
  by every action (common random numbers). The true hidden cards are never read.
- ``prior(seat, games, seed)``: the seat's share of the win in fresh games the heuristic plays out.

The kernel is used through the kernel API every game kernel offers (``cardroom.fast.kernel_of``,
docs/kernels.md): ``rollouts(game, view, actions, seed, first, worlds)`` and ``simulate``. A kernel
that offers them is picked up with no change here. The two engines deal their worlds with different
generators, so their numbers differ by the estimates' noise, never by more; each is deterministic
for a seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cardroom.bots.policy import Policy, make_policy
from cardroom.bots.search import rewards
from cardroom.core.game import Game, State

if TYPE_CHECKING:  # the protocol's module imports numpy, which a bot or the room's hints need not
    from cardroom.core.compiled_protocol import CompiledKernel

ENGINES = ("auto", "kernel", "reference")
# A playout that runs this long is scored as a shared result; no game gets near it.
MAX_STEPS = 20_000


class DeadEnd(Exception):
    """An imagined world in which a seat to act has no legal action: a deal that contradicts what
    that seat has shown (Exploding Kittens: a hand that cannot finish the five different icons its
    owner began). The real game never gets there; such a world is dealt again."""


# How many times a world that dead-ends is dealt again before the analysis gives up on the view.
REDEALS = 32


def playout(game: Game, state: State, policy: Policy, rng: random.Random) -> State:
    """``state`` played to the end by the policy for every seat (:class:`DeadEnd` where a seat to
    act has no legal action)."""
    steps = 0
    while not state.is_over and steps < MAX_STEPS:
        acting = state.to_act[0]
        legal = state.legal_actions(acting)
        if not legal:
            raise DeadEnd(f"seat {acting} is to act at step {state.step} with no legal action")
        if len(legal) == 1:
            state = state.apply_legal(acting, legal[0])  # no decision: no policy call, no view built
        else:
            act = game.action_for(policy.move(state, acting, rng))
            state = state.apply_legal(acting, act) if act in legal else state.apply(acting, act)
        steps += 1
    return state


def score(game: Game, state: State, seat: int, policy: Policy, rng: random.Random) -> float:
    """``seat``'s share of the win when ``state`` is played out by the policy."""
    end = playout(game, state, policy, rng)
    return rewards(end.outcome, game.players)[seat]


class Rollouts(Protocol):
    name: str
    min_worlds: int  # the default least worlds a decision: the noise of its win chance
    max_worlds: int  # the default cap on worlds a decision: bounds the time
    batch: int  # worlds added between two looks at the interval
    growth: float  # a batch may grow to this share of the worlds so far (fewer, longer calls)
    prior_games: int
    event_worlds: int  # worlds behind the seat's chance after an event (luck.py)

    def rows(self, view: dict[str, Any], actions: Sequence[str], seed: int, first: int,
             worlds: int) -> list[list[float]]: ...  # fmt: skip

    def hold(self, view: dict[str, Any], seed: int, first: int, worlds: int) -> list[float]: ...

    def prior(self, seat: int, games: int, seed: int) -> tuple[float, float]: ...


def world_seed(seed: int, index: int) -> int:
    """World ``index`` of a decision's stream ``seed``: independent of the order worlds are asked for."""
    return random.Random(f"world:{seed}:{index}").getrandbits(63)


def world_scores(game: Game, view: dict[str, Any], ws: int, policy: Policy,
                 acts: Sequence[Any] | None = None) -> list[float]:  # fmt: skip
    """The seat's rewards in the world ``ws`` deals from ``view``: after each of ``acts`` (the same
    world and playout generator for each: common random numbers), or as it stands (``None``: whoever
    is to act plays on). A world that dead-ends (:class:`DeadEnd`) is dealt again from a seed derived
    from ``ws``, so the result is still a function of (view, ws)."""
    seat: int = view["seat"]
    for redeal in range(REDEALS):
        dealt = ws if redeal == 0 else world_seed(ws, redeal)
        world = game.sample(view, random.Random(dealt))
        try:
            if acts is None:
                return [score(game, world, seat, policy, random.Random(dealt ^ 1))]
            return [score(game, world.apply_legal(seat, act), seat, policy, random.Random(dealt ^ 1)) for act in acts]
        except DeadEnd:
            continue
    raise ValueError(
        f"{REDEALS} imagined worlds in a row dealt from this view could not be played to the end "
        "(a seat to act had no legal action): the view contradicts itself"
    )


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    return mean, math.sqrt(max(0.0, sum(v * v for v in values) / n - mean * mean) / n)


class ReferenceRollouts:
    """The reference engine: ``game.sample`` for each world, the heuristic bot for every move."""

    name = "reference"
    min_worlds = 16
    max_worlds = 192
    batch = 8
    growth = 0.0  # playouts are dear: look at the interval (and drop actions) every batch
    prior_games = 128
    event_worlds = 32

    def __init__(self, game: Game, policy: Policy | None = None) -> None:
        self.game = game
        self.policy = policy or make_policy(game, "heuristic")

    def rows(self, view: dict[str, Any], actions: Sequence[str], seed: int, first: int,
             worlds: int) -> list[list[float]]:  # fmt: skip
        acts = [self.game.action_for(a) for a in actions]
        return [
            world_scores(self.game, view, world_seed(seed, i), self.policy, acts) for i in range(first, first + worlds)
        ]

    def hold(self, view: dict[str, Any], seed: int, first: int, worlds: int) -> list[float]:
        """The seat's reward in worlds ``first`` to ``first + worlds - 1`` played on as they stand
        (whoever is to act): no move of the seat's own first."""
        return [
            world_scores(self.game, view, world_seed(seed, i), self.policy)[0] for i in range(first, first + worlds)
        ]

    def prior(self, seat: int, games: int, seed: int) -> tuple[float, float]:
        rng = random.Random(f"prior:{seed}")
        found = []
        for _ in range(games):
            s = rng.getrandbits(63)
            found.append(score(self.game, self.game.new_game(s), seat, self.policy, random.Random(s ^ 1)))
        return mean_se(found)


class KernelRollouts:
    """The game's compiled kernel: the same evaluation, about a hundred times the playouts a second."""

    name = "kernel"
    min_worlds = 1024
    max_worlds = 4096
    batch = 32
    growth = 0.5
    prior_games = 8192
    event_worlds = 512

    def __init__(self, game: Game, kernel: CompiledKernel) -> None:
        self.game = game
        self.kernel = kernel

    def rows(self, view: dict[str, Any], actions: Sequence[str], seed: int, first: int,
             worlds: int) -> list[list[float]]:  # fmt: skip
        found = self.kernel.rollouts(self.game, view, list(actions), seed, first, worlds)
        rows: list[list[float]] = found.tolist()
        return rows

    def hold(self, view: dict[str, Any], seed: int, first: int, worlds: int) -> list[float]:
        from cardroom.core.kernel_face import HOLD

        return [row[0] for row in self.rows(view, [HOLD], seed, first, worlds)]

    def prior(self, seat: int, games: int, seed: int) -> tuple[float, float]:
        winners, _ = self.kernel.simulate(self.game, games, "heuristic", seed)
        share = rewards(None, self.game.players)[seat]
        return mean_se([share if w < 0 else float(w == seat) for w in winners.tolist()])


def kernel_module(game: Game) -> CompiledKernel | None:
    """The game's compiled kernel if it offers the analysis's rollouts, else ``None``."""
    from cardroom.fast import kernel_of

    kernel = kernel_of(game)
    if kernel is None or not kernel.COMPILED:
        return None
    return kernel


def rollouts_for(game: Game, engine: str = "auto", policy: Policy | None = None) -> Rollouts:
    """The engine ``engine`` names: ``kernel``, ``reference``, or ``auto`` (the kernel when the game has
    a compiled one that holds its options, else the reference)."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    kernel = None if engine == "reference" else kernel_module(game)
    if kernel is not None:
        return KernelRollouts(game, kernel)
    if engine == "kernel":
        raise ValueError(
            f"{game.name} with these options has no compiled kernel with analysis rollouts "
            "(is numba installed?); use engine 'auto' or 'reference'"
        )
    return ReferenceRollouts(game, policy)
