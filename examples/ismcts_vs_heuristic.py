#!/usr/bin/env python3
"""OpenSpiel's IS-MCTS against cardroom's Tacocat heuristic, reported by the arena.

OpenSpiel's own Python IS-MCTS (``open_spiel.python.algorithms.ismcts``, random rollouts) plays
through the OpenSpiel registration of Tacocat. To the arena it is an ordinary bot spec,
``openspiel-ismcts:sims=N``: it is shown a seat's view, deals one world consistent with it and
lets IS-MCTS search from that world's information state (see ``cardroom.rl.spielbot``).
The arena plays duplicate deals (every deal once from each seat) and prints its results table:
win rate with a Wilson 95% interval, ratings, timings, seat advantage.

    python examples/ismcts_vs_heuristic.py [--sims 40] [--games 6]
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console


def run(sims: int, games: int, seed: int = 0) -> dict[str, Any]:
    from cardroom.arena import ArenaConfig, run_arena
    from cardroom.arena.report import print_report

    config = ArenaConfig("tacocat", (f"openspiel-ismcts:sims={sims}", "heuristic"), games=games, seed=seed, jobs=1)
    result = run_arena(config)
    print_report(result.summary, Console(width=120))
    print(f"{len(result.records)} games in {result.seconds:.0f} s")
    summary: dict[str, Any] = result.summary
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sims", type=int, default=40, help="IS-MCTS simulations per decision (default 40)")
    parser.add_argument("--games", type=int, default=6, help="games, rounded up to whole duplicate deals (default 6)")
    args = parser.parse_args()
    run(args.sims, args.games)


if __name__ == "__main__":
    main()
