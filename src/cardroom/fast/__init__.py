"""Batch self-play on a game's compiled kernel: ``simulate(game, n, policy, seed)``.

>>> import cardroom
>>> from cardroom.fast import simulate
>>> run = simulate(cardroom.make("tacocat"), 200, "heuristic", seed=1)
>>> run.games, sum(run.wins), run.path
(200, 200, 'kernel')

A game's kit names its kernel module (``cardroom.core.kit``, ``cardroom.core.compiled_registry``;
see docs/kernels.md). The kernel runs
compiled when Numba is installed (the ``fast`` extra) and as plain Python otherwise: the same games
from the same seed either way, only slower. A game without a kernel, or with options its kernel does
not hold (a Tacocat deck of more than 64 cards, T.A.C.O.'s ``second_pick`` at two seats), is played by the reference engine instead, with the
same policies; its games then differ from the kernel's for the same seed (``path`` says which ran).
"""

from __future__ import annotations

import multiprocessing
import random
import time
from dataclasses import dataclass

from cardroom.core.compiled_registry import kernel_of
from cardroom.core.game import Game

POLICIES = ("random", "heuristic")

__all__ = ["POLICIES", "Simulation", "kernel_of", "simulate"]


@dataclass(frozen=True)
class Simulation:
    """What a batch of games came to: per-game winners (-1: none), wins per seat, actions, seconds."""

    winners: tuple[int, ...]
    wins: tuple[int, ...]
    actions: int
    seconds: float
    path: str  # "kernel" or "reference"

    @property
    def games(self) -> int:
        return len(self.winners)


def simulate(game: Game, n: int, policy: str = "heuristic", seed: int = 0, workers: int = 1) -> Simulation:
    """Play ``n`` games with ``policy`` (``heuristic`` or ``random``) in every seat, deterministically
    from ``seed``. ``workers`` > 1 splits a kernel run over that many processes: the same games, the
    same result, sooner (the reference engine's fallback always runs in this process)."""
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}")
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"the number of games must be a whole number of at least 0, not {n!r}")
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number of at least 1, not {workers!r}")
    start = time.perf_counter()
    kernel = kernel_of(game)
    if kernel is not None:
        parts = _split(n, min(workers, max(n, 1)))
        if len(parts) == 1:
            found, actions = kernel.simulate(game, n, policy, seed)
            winners = tuple(int(w) for w in found)
        else:
            jobs = [(game, count, policy, seed, first) for first, count in parts]
            with multiprocessing.get_context().Pool(len(parts)) as pool:
                results = pool.map(_part, jobs)
            winners = tuple(w for part, _ in results for w in part)
            actions = sum(a for _, a in results)
        path = "kernel"
    else:
        winners, actions = _reference(game, n, policy, seed)
        path = "reference"
    wins = tuple(sum(1 for w in winners if w == seat) for seat in range(game.players))
    return Simulation(winners, wins, actions, time.perf_counter() - start, path)


def _split(n: int, workers: int) -> list[tuple[int, int]]:
    """(first game, games) for each worker: consecutive ranges, as even as can be."""
    out, first = [], 0
    for i in range(workers):
        count = n // workers + (1 if i < n % workers else 0)
        out.append((first, count))
        first += count
    return out


def _part(job: tuple[Game, int, str, int, int]) -> tuple[list[int], int]:
    game, count, policy, seed, first = job
    kernel = kernel_of(game)
    assert kernel is not None
    found, actions = kernel.simulate(game, count, policy, seed, first)
    return [int(w) for w in found], int(actions)


def _reference(game: Game, n: int, policy: str, seed: int) -> tuple[tuple[int, ...], int]:
    from cardroom.bots.policy import make_policy

    chooser = make_policy(game, policy)
    winners = []
    actions = 0
    for i in range(n):
        rng = random.Random(f"{seed}:{i}")
        state = game.new_game(rng.getrandbits(63))
        while not state.is_over:
            seat = state.to_act[0]
            state = state.apply(seat, chooser.move(state, seat, rng))
            actions += 1
        outcome = state.outcome
        winners.append(outcome.winners[0] if outcome is not None and len(outcome.winners) == 1 else -1)
    return tuple(winners), actions
