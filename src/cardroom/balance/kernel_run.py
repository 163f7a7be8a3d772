"""Balance games on a game's compiled kernel: the same games ``cardroom.fast.simulate`` plays, with the facts
the lab needs (who moved first, every seat's points, the round's length, whether the turn cap ended it).

``simulate`` returns only each game's winner. The lab needs more, so for T.A.C.O. it drives the kernel's
own compiled steps game by game, exactly as ``simulate`` does (game ``i`` of a run seeded ``seed`` starts
its generator at ``mix(seed, i)``), and reads the finished state array. Two guards keep it honest while
the kernel files are being reshaped: every block checks its first games' winners against
``cardroom.fast.simulate`` itself (:func:`check_against_simulate`), and if a step this module calls is
gone, :func:`kernel_driver` answers ``None`` and the lab plays on the reference engine instead.

What the kernel should expose so this module can go: ``simulate(..., details=True)`` returning per game
the first seat of round 1, each round's turns and whether the cap ended it, the final totals, and the
ids in each hand after the deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from cardroom.core.game import Game

KERNEL_POLICIES = ("heuristic", "random")


@dataclass(frozen=True)
class Driver:
    """The kernel's pieces one game needs, found once."""

    k: Any  # the state layout and generator
    setup_round: Any
    run: Any
    play_out: Any
    turn_cap: Any
    cfg: Any
    policy: int


def kernel_driver(game: Game, bots: tuple[str, ...]) -> Driver | None:
    """The compiled steps for this game and bot, or ``None`` (no kernel for it: use the reference)."""
    if len(bots) != 1 or bots[0] not in KERNEL_POLICIES or game.name != "taco":
        return None
    from cardroom.core.compiled import COMPILED
    from cardroom.fast import kernel_of

    if not COMPILED:  # without Numba the kernel runs as plain Python: slower than the reference engine
        return None
    if kernel_of(game) is None:  # also None for options the kernel does not play (its ``unsupported``)
        return None
    try:
        from cardroom.games.taco import kernel as k
        from cardroom.games.taco import kernel_rules as kr
        from cardroom.games.taco import kernel_search as ks
        from cardroom.games.taco.kernel_api import KERNEL

        return Driver(k, kr.setup_round, kr.run, ks.SEARCH.play_out, kr.turn_cap, KERNEL.config(game),  # type: ignore[arg-type]
                      KERNEL.policies[bots[0]])
    except (ImportError, AttributeError, KeyError):  # the kernel was reshaped: fall back, never guess
        return None


def hands(d: Driver, s: Any, players: int) -> list[list[int]]:
    """The card ids in each hand of state ``s``."""
    k = d.k
    return [[int(c) for c in s[k.hand_at(p): k.hand_at(p) + s[k.HAND_LEN + p]]] for p in range(players)]


def play_kernel_game(d: Driver, game: Game, seed: int, index: int, cfg: Any = None,
                     dealt: list[list[int]] | None = None) -> dict[str, Any]:
    """Game ``index`` of the kernel run seeded ``seed``, as the lab's facts. ``cfg`` replaces the game's
    options array (a variant deck of the same size deals the same ids); ``dealt`` receives the hands
    as dealt."""
    k = d.k
    cfg = d.cfg if cfg is None else cfg
    n = game.players
    s = np.zeros(k.STATE_SIZE, np.int64)
    rng = np.zeros(k.RNG_SIZE, np.int64)
    rng[k.R_STATE] = k.mix(seed, index)
    # The kernel's new_game, in its two halves, to read the hands as dealt (before the first draw).
    s[k.ROUND] = 1
    s[k.POOL] = s[k.POOL_START] = int(cfg[k.C_POOL])
    s[k.TROPHY] = s[k.GIMME] = -1
    d.setup_round(s, cfg, rng)
    first = int(s[k.FIRST])
    opening = hands(d, s, n)
    if dealt is not None:
        dealt[:] = opening
    d.run(s, cfg, rng)
    actions = int(d.play_out(s, cfg, d.policy, rng, np.zeros(k.MAX_ACTIONS, np.int64), np.zeros(k.MAXP, np.int64)))
    over = bool(s[k.OVER] == 1)
    totals = [float(s[k.TOTALS + p]) for p in range(n)]
    rounds = int(s[k.RS_LEN])
    capped = over and int(s[k.TURNS]) > int(d.turn_cap(n))
    best = max(totals)
    winners = [p for p in range(n) if totals[p] == best] if over else []
    single_round = rounds == 1
    turns = int(s[k.TURNS]) - (1 if capped else 0)  # a capped round counts the turn it refused to start
    return {
        "actions": actions,
        "turns": turns if single_round else None,
        "rounds": max(1, rounds),
        "limited_rounds": int(capped),
        "limited": capped or not over,
        "reason": "the round reached its turn limit" if capped else ("" if over else "cut off by the kernel"),
        "first": first,
        "winners": winners,
        "scores": totals,
        "round_info": [{"first": first, "turns": turns, "limited": capped, "scores": totals}] if single_round else [],
        # The kernel knows the hands as dealt, not what was played, which effects fired or what a stalled taco held: those need the reference engine.
        "opening": [sorted({game.deck.cards[c].slug for c in hand}) for hand in opening],  # type: ignore[attr-defined]
        "played": None,
        "fires": {},
        "pool": [],
        "stalls": [],
    }


def check_against_simulate(game: Game, policy: str, seed: int, played: list[dict[str, Any]], count: int = 32) -> None:
    """The first ``count`` games' winners must be ``cardroom.fast.simulate``'s: the driver plays its games."""
    from cardroom.fast import simulate

    count = min(count, len(played))
    run = simulate(game, count, policy, seed)
    mine = tuple(g["winners"][0] if len(g["winners"]) == 1 else -1 for g in played[:count])
    if run.path != "kernel" or run.winners != mine:
        raise RuntimeError("the lab's kernel games differ from cardroom.fast.simulate's for the same seed; "
                           "the kernel changed under the lab (see balance/kernel_run.py)")


def simulate_games(game: Game, bot: str, seed: int, count: int) -> list[dict[str, Any]]:
    """Games of a kernel that the lab does not drive itself (Tacocat, Exploding Kittens), straight from
    ``cardroom.fast.simulate``: who won and whether the step limit cut a game off. Seat 0 moves first in
    these games (as in the reference engine), so the seat table is by turn order; per-game lengths and
    scores are not returned by ``simulate``, so those figures are missing (n/a)."""
    from cardroom.fast import simulate

    run = simulate(game, count, bot, seed)
    if run.path != "kernel":
        raise RuntimeError(f"cardroom.fast.simulate played {game.name} on the {run.path} engine, not its kernel")
    return [{"actions": None, "turns": None, "rounds": 1, "limited_rounds": 0, "limited": w < 0,
             "reason": "cut off at the kernel's step limit" if w < 0 else "", "first": 0,
             "winners": [w] if w >= 0 else [], "scores": None} for w in run.winners]
