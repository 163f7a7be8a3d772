#!/usr/bin/env python3
"""Does stopping the analysis's choosing search early ever change its choice?

    nice -n 10 python bench/analysis/analysis_early_stop.py [--games 2] [--first-seed 301] [--only taco]

The analysis's choosing search (the `hard` bot's paired-root search, at the analysis's budget) may stop
at every eighth of its budget when its answer is settled
(``cardroom.analysis.pair_search``). A stopped search's answer is exactly what the full search had
at that point (the same random draws, the same playouts in the same order), so running every search
to its full budget and noting each checkpoint where it was settled tells, decision by decision,
whether stopping would have changed the yardstick's move. Games: the heuristic against a random
player (both seats' decisions, as in the separation benchmark) and, for T.A.C.O., the heuristic at
every seat (seat 0's decisions, as in the speed benchmark). Printed: decisions, how many a stopped
search would have answered early, the playouts saved, and every decision where the early answer
differs from the full search's (the target: none).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

from analysis_separation import play  # bench/analysis/analysis_separation.py: this script runs from bench/

import cardroom
from cardroom.analysis.evaluate import heuristic_actions
from cardroom.analysis.pair_search import choose, settled
from cardroom.analysis.walk import is_decision
from cardroom.bots.ismcts import SearchSettings
from cardroom.core.compiled_registry import compiled_kernel_of
from cardroom.core.game import Game
from cardroom.core.registry import tuning

GAMES: dict[str, dict[str, Any]] = {"taco": {"players": 4}, "tacocat": {}, "exploding-kittens": {"players": 2}}


def games(game: Game, first: int, count: int) -> list[tuple[int, list[tuple[int, str]], list[int]]]:
    """(seed, actions, seats to look at): heuristic against random (both seats), and for T.A.C.O.
    heuristic self-play (seat 0)."""
    out = []
    for seed in range(first, first + count):
        kinds = ["heuristic"] * game.players
        kinds[seed % 2] = "random"
        out.append((seed, play(game, kinds, seed), list(range(2))))
        if game.name == "taco":
            out.append((seed, heuristic_actions(game, seed), [0]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=301)
    parser.add_argument("--only", choices=sorted(GAMES), action="append")
    parser.add_argument("--grid", action="store_true", help="also try other checkpoints and margins (below)")
    args = parser.parse_args()
    for name, options in GAMES.items():
        if args.only and name not in args.only:
            continue
        game = cardroom.make(name, **options)
        kernel = compiled_kernel_of(game)
        if kernel is None:
            raise SystemExit(f"{name} has no compiled kernel here (is numba installed?)")
        bot = SearchSettings({}, "ismcts", name)
        budget = tuning(name).select_playouts
        settings = kernel.Settings(iterations=budget, deadline=math.inf, exploration=bot.exploration, bias=bot.bias,
                                   paired=True, z=bot.z, spread=bot.spread, playout=bot.playout)  # fmt: skip
        searcher = kernel.Searcher(game)
        decisions = early = saved = differ = 0
        grid: dict[tuple[int, float], list[int]] = {(marks, se): [0, 0, 0] for marks in (4, 8) for se in SES}
        started = time.process_time()
        for seed, actions, seats in games(game, args.first_seed, args.games):
            state = game.new_game(seed)
            for seat, text in actions:
                if seat in seats and is_decision(state, seat):
                    seen: list[tuple[int, str]] = []
                    notes: list[Note] = []
                    full = choose(searcher, state.view(seat), random.Random(f"early:{seed}:{state.step}"), settings,
                                  early=False, seen=seen, notes=notes if args.grid else None)  # fmt: skip
                    decisions += 1
                    for (marks, se), tally in grid.items():
                        _try_rule(notes, marks, se, budget, settings, full.action, tally)
                    if seen:
                        early += 1
                        saved += budget - seen[0][0]
                        wrong = [f"{n} playouts: {a!r}" for n, a in seen if a != full.action]
                        if wrong:
                            differ += 1
                            print(
                                f"  {name} seed {seed} step {state.step} seat {seat}: full search {full.action!r}, "
                                f"settled earlier at {'; '.join(wrong)}",
                                flush=True,
                            )
                state = state.apply(seat, text)
        print(
            f"{name}: {decisions} decisions; settled early at {early} ({100 * early / max(1, decisions):.0f}%), "
            f"saving {100 * saved / max(1, decisions * budget):.0f}% of the choosing playouts; early answer "
            f"different from the full search's at {differ}  ({time.process_time() - started:.0f} s of CPU)",
            flush=True,
        )
        for (marks, se), (stopped, spared, wrong) in grid.items() if args.grid else ():
            print(
                f"  rule: checkpoints every 1/{marks} of the budget, {se:g} standard errors: settled early at "
                f"{stopped} ({100 * stopped / max(1, decisions):.0f}%), saving "
                f"{100 * spared / max(1, decisions * budget):.0f}% of the choosing playouts; different from the "
                f"full search's at {wrong}",
                flush=True,
            )


SES = (4.0, 3.0, 2.5, 2.0)
Note = tuple[int, Any, str]  # (playouts so far, the root's figures, the answer there)


def _try_rule(notes: list[Note], marks: int, se: float, budget: int, settings: Any, final: str,
              tally: list[int]) -> None:  # fmt: skip
    """Tally (stopped, playouts saved, answers that differ) for one stopping rule over one search's notes."""
    import cardroom.analysis.pair_search as pair_search

    points = [int(k * budget / marks) for k in range(1, marks)]
    kept = pair_search.SETTLE_SE
    pair_search.SETTLE_SE = se
    try:
        for mark in points:
            note = next((n for n in notes if n[0] >= mark), None)
            if note is None or note[0] >= budget:
                return
            if settled(note[1], budget, settings.z, settings.spread):
                tally[0] += 1
                tally[1] += budget - note[0]
                tally[2] += note[2] != final
                return
    finally:
        pair_search.SETTLE_SE = kept


if __name__ == "__main__":
    main()
