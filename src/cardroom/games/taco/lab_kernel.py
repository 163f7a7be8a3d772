"""T.A.C.O.'s compiled steps for the balance lab: the same games ``cardroom.fast.simulate`` plays, with the
facts the lab needs (who moved first, every seat's points, the round's length, whether the turn cap ended it).

``simulate`` returns only each game's winner. The lab needs more, so it drives the kernel's own compiled
steps game by game, exactly as ``simulate`` does (game ``i`` of a run seeded ``seed`` starts its generator
at ``mix(seed, i)``), and reads the finished state array. Two guards keep it honest while the kernel files
are being reshaped: every block checks its first games' winners against ``cardroom.fast.simulate``
itself (``balance/kernel_run.check_against_simulate``), and if a step this module calls is gone,
:func:`kernel_driver` answers ``None`` and the lab plays on the reference engine instead.

What the kernel should expose so this module can go: ``simulate(..., details=True)`` returning per game
the first seat of round 1, each round's turns and whether the cap ended it, the final totals, and the
ids in each hand after the deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from cardroom.core.game import Game


@dataclass(frozen=True)
class Driver:
    """The kernel's pieces one game needs, found once (a ``core.lab.LabKernel``)."""

    k: Any  # the state layout and generator
    setup_round: Any
    run: Any
    play_out: Any
    turn_cap: Any
    cfg: Any
    policy: int

    def play(self, game: Game, seed: int, index: int, cfg: Any = None,
             dealt: list[list[int]] | None = None) -> dict[str, Any]:  # fmt: skip
        return play_kernel_game(self, game, seed, index, cfg, dealt)


def kernel_driver(game: Game, bots: tuple[str, ...]) -> Driver | None:
    """The compiled steps for this game and its one bot spec (the caller checked the kernel plays it),
    or ``None`` if the kernel was reshaped under the lab."""
    try:
        from cardroom.games.taco import kernel as k
        from cardroom.games.taco import kernel_rules as kr
        from cardroom.games.taco import kernel_search as ks
        from cardroom.games.taco.kernel_api import KERNEL

        return Driver(k, kr.setup_round, kr.run, ks.SEARCH.play_out, kr.turn_cap, KERNEL.config(game),
                      KERNEL.policies[bots[0]])  # fmt: skip
    except (ImportError, AttributeError, KeyError):  # the kernel was reshaped: fall back, never guess
        return None


def hands(d: Driver, s: Any, players: int) -> list[list[int]]:
    """The card ids in each hand of state ``s``."""
    k = d.k
    return [[int(c) for c in s[k.hand_at(p) : k.hand_at(p) + s[k.HAND_LEN + p]]] for p in range(players)]


def play_kernel_game(
    d: Driver, game: Game, seed: int, index: int, cfg: Any = None, dealt: list[list[int]] | None = None
) -> dict[str, Any]:
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
