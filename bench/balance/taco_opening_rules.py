"""Screen small opening rules for the 2-player T.A.C.O. first seat, fast, on the compiled kernel.

    python bench/balance/taco_opening_rules.py [--games 10000] [--seeds 11 12] [--rules none pick six ...]

The kernel plays deck v2 and none of these rules, so this script deals a game with the kernel's own
round setup, edits the dealt state to what the rule would have dealt, and lets the kernel play on
(heuristic bot in both seats, as ``cardroom.fast.simulate`` plays game ``i`` of a seed). No kernel file
is changed; the script reads the state layout of ``games/taco/kernel.py`` and must follow it if that
layout changes. It is a screen: the chosen rule (``pick``, our ``second_pick`` option) is measured on the
reference engine by ``bench/balance/balance_taco.py --decks v3 --players 2``.

Rules: ``none`` (v2), ``pick`` (the second player is dealt 6 and discards 1 before the first turn),
``six`` (the second player is dealt 6), ``skip`` (the first player holds 5 at its first play: one of its
cards goes to the bottom of the deck, as if it skipped its first draw), ``wait`` (the first player draws
but the second plays first), ``komi`` (the second player starts 1 point up, the pool 1 smaller), ``tie``
(a tied round goes to the second player; otherwise ties count half to each).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from cardroom.arena.stats import wilson
from cardroom.games.taco.game import TacoGame
from cardroom.games.taco.lab_kernel import (  # T.A.C.O.'s own lab driver (a balance script of one game)
    Driver,
    kernel_driver,
)

RULES = ("none", "pick", "six", "skip", "wait", "komi", "tie")


def _take_top(k: Any, s: Any) -> int:
    n = int(s[k.DECK_LEN]) - 1
    card = int(s[k.DECK + n])
    s[k.DECK + n] = 0
    s[k.DECK_LEN] = n
    return card


def _deal_rule(d: Driver, s: Any, rule: str, index: int) -> None:
    """Edit the dealt 2-player state ``s`` (before the first turn) as ``rule`` would have dealt it."""
    k = d.k
    first = int(s[k.FIRST])
    second = 1 - first
    if rule in ("six", "pick"):
        k.to_hand(s, second, _take_top(k, s))
        if rule == "pick":  # a discard decision above the first turn, as the reference engine pushes it
            k.push(s, k.T_DISCARD, second, 1, k.WHY_LIMIT, 0)
    elif rule == "skip":
        at, n = k.hand_at(first), int(s[k.HAND_LEN + first])
        card = int(s[at + index % n])
        rest = [int(c) for c in s[at : at + n] if c != card]
        s[at : at + n] = 0
        s[at : at + n - 1] = rest
        s[k.HAND_LEN + first] = n - 1
        size = int(s[k.DECK_LEN])
        s[k.DECK + 1 : k.DECK + size + 1] = s[k.DECK : k.DECK + size].copy()  # the bottom of the deck is slot 0
        s[k.DECK] = card
        s[k.DECK_LEN] = size + 1
    elif rule == "wait":
        k.to_hand(s, first, _take_top(k, s))
        s[k.STACK_LEN] = 0
        k.push(s, k.T_TURN, second, 0, 0, 0)
    elif rule == "komi":
        s[k.POOL] -= 1


def screen(rule: str, games: int, seed: int) -> dict[str, Any]:
    game = TacoGame(preset="standard", players=2, deck="v2")
    d = kernel_driver(game, ("heuristic",))
    if d is None:
        raise SystemExit("this screen needs the compiled kernel (Numba)")
    k = d.k
    wins = ties = 0.0
    turns = []
    start = time.perf_counter()
    for i in range(games):
        s = np.zeros(k.STATE_SIZE, np.int64)
        rng = np.zeros(k.RNG_SIZE, np.int64)
        rng[k.R_STATE] = k.mix(seed, i)
        s[k.ROUND] = 1
        s[k.POOL] = s[k.POOL_START] = int(d.cfg[k.C_POOL])
        s[k.TROPHY] = s[k.GIMME] = -1
        d.setup_round(s, d.cfg, rng)
        first = int(s[k.FIRST])
        _deal_rule(d, s, rule, i)
        d.run(s, d.cfg, rng)
        d.play_out(s, d.cfg, d.policy, rng, np.zeros(k.MAX_ACTIONS, np.int64), np.zeros(k.MAXP, np.int64))
        mine, theirs = float(s[k.TOTALS + first]), float(s[k.TOTALS + 1 - first]) + (1 if rule == "komi" else 0)
        ties += mine == theirs
        wins += 1.0 if mine > theirs else (0.0 if mine < theirs or rule == "tie" else 0.5)
        turns.append(int(s[k.TURNS]) / 2)
    lo, hi = wilson(wins, games)
    return {
        "rule": rule,
        "seed": seed,
        "games": games,
        "first": wins / games,
        "lo": lo,
        "hi": hi,
        "ties": ties / games,
        "median": float(np.median(turns)),
        "p95": float(np.percentile(turns, 95)),
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10000, help="games per seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[11, 12])
    parser.add_argument("--rules", nargs="+", default=list(RULES), choices=RULES)
    args = parser.parse_args()
    print("| rule | seed | games | first player wins (95%) | ties | median turns/player | 95th pct | seconds |")
    print("|---|---|---|---|---|---|---|---|")
    for rule in args.rules:
        for seed in args.seeds:
            r = screen(rule, args.games, seed)
            print(
                f"| {rule} | {seed} | {r['games']} | {100 * r['first']:.2f}% ({100 * r['lo']:.2f}-{100 * r['hi']:.2f}) "
                f"| {100 * r['ties']:.1f}% | {r['median']:.1f} | {r['p95']:.1f} | {r['seconds']:.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
