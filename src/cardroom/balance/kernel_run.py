"""Balance games on a game's compiled kernel, where the game offers that (its kit's lab details: the
compiled steps played game by game, with the facts the lab needs; T.A.C.O.'s are
``games/taco/lab_kernel.py``), or straight from ``cardroom.fast.simulate`` (winners only).

The driven games must be ``simulate``'s own: every block checks its first games' winners against
``cardroom.fast.simulate`` itself (:func:`check_against_simulate`).
"""

from __future__ import annotations

from typing import Any

from cardroom.core.game import Game
from cardroom.core.lab import LabKernel
from cardroom.core.registry import kit_of

KERNEL_POLICIES = ("heuristic", "random")


def kernel_driver(game: Game, bots: tuple[str, ...]) -> LabKernel | None:
    """The game's compiled steps for this bot (its kit's lab details), or ``None``: no kernel for it,
    so the lab plays the reference engine."""
    drive = kit_of(game).lab_details().kernel
    if drive is None or len(bots) != 1 or bots[0] not in KERNEL_POLICIES:
        return None
    from cardroom.core.compiled import COMPILED
    from cardroom.fast import kernel_of

    if not COMPILED:  # without Numba the kernel runs as plain Python: slower than the reference engine
        return None
    if kernel_of(game) is None:  # also None for options the kernel does not play (its ``unsupported``)
        return None
    return drive(game, bots)


def check_against_simulate(game: Game, policy: str, seed: int, played: list[dict[str, Any]], count: int = 32) -> None:
    """The first ``count`` games' winners must be ``cardroom.fast.simulate``'s: the driver plays its games."""
    from cardroom.fast import simulate

    count = min(count, len(played))
    run = simulate(game, count, policy, seed)
    mine = tuple(g["winners"][0] if len(g["winners"]) == 1 else -1 for g in played[:count])
    if run.path != "kernel" or run.winners != mine:
        raise RuntimeError(
            "the lab's kernel games differ from cardroom.fast.simulate's for the same seed; "
            "the kernel changed under the lab (see its lab details, the game's lab_kernel.py)"
        )


def simulate_games(game: Game, bot: str, seed: int, count: int) -> list[dict[str, Any]]:
    """Games of a kernel that the lab does not drive itself (Tacocat, Exploding Kittens), straight from
    ``cardroom.fast.simulate``: who won and whether the step limit cut a game off. Seat 0 moves first in
    these games (as in the reference engine), so the seat table is by turn order; per-game lengths and
    scores are not returned by ``simulate``, so those figures are missing (n/a)."""
    from cardroom.fast import simulate

    run = simulate(game, count, bot, seed)
    if run.path != "kernel":
        raise RuntimeError(f"cardroom.fast.simulate played {game.name} on the {run.path} engine, not its kernel")
    return [
        {
            "actions": None,
            "turns": None,
            "rounds": 1,
            "limited_rounds": 0,
            "limited": w < 0,
            "reason": "cut off at the kernel's step limit" if w < 0 else "",
            "first": 0,
            "winners": [w] if w >= 0 else [],
            "scores": None,
        }
        for w in run.winners
    ]
