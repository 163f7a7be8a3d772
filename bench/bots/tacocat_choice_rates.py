#!/usr/bin/env python3
"""The ``ismcts`` opponent model of the Tacocat inference: how often the compiled search chooses as the
heuristic would, per kind of choice (replacement step, duel, attack, answer).

    python bench/bots/tacocat_choice_rates.py --spec ismcts:iterations=2000 --games 40 --seed 1

Plays Tacocat with the heuristic in both seats (the reference engine, each seat its own generator from
--seed) and, at every decision with more than one legal action, asks the model's bot (--spec) what it
would do there: counts the decisions (``seen``), those where it chose the heuristic's action (``agree``)
and the other legal actions it could have chosen (``others``, the sum of legal actions minus one). The
game goes on with the heuristic's choice, so the situations are the heuristic's games', the answers the
search's (as ``bench/bots/nope_rates.py`` does for Kittens). Writes the counts under ``ismcts`` into the table
the package ships (``src/cardroom/games/tacocat/choice_rates.json``) with the command that made them
(an ``iterations`` budget repeats exactly).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from cardroom.bots.specs import make_bot
from cardroom.core.bot import ask
from cardroom.core.registry import make
from cardroom.games.tacocat.kernel_evidence import KINDS

TABLE = Path(__file__).resolve().parents[2] / "src/cardroom/games/tacocat/choice_rates.json"
KIND_OF = {"replace": "replace", "duel": "duel", "attack": "attack", "defend": "answer"}


def play(spec: str, games: int, seed: int) -> dict[str, dict[str, int]]:
    game = make("tacocat")
    player, model = make_bot("heuristic", game), make_bot(spec, game)
    rows = {kind: {"seen": 0, "agree": 0, "others": 0} for kind in KINDS}
    for g in range(games):
        rngs = [random.Random(seed * 1_000_003 + g * 2 + s) for s in range(2)]
        state = game.new_game(seed * 1_000_003 + g)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            text = ask(player, state, seat, rngs[seat])
            if len(legal) > 1:
                row = rows[KIND_OF[str(state.phase)]]
                row["seen"] += 1
                row["agree"] += ask(model, state, seat, rngs[seat]) == text
                row["others"] += len(legal) - 1
            state = state.apply(seat, text)
        print(f"\r{g + 1} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default="ismcts:iterations=2000", help="the model's bot spec")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-write", action="store_true", help="print only")
    args = ap.parse_args()
    rows = play(args.spec, args.games, args.seed)
    for kind, row in rows.items():
        seen = max(row["seen"], 1)
        print(f"{kind:8} agrees {row['agree']:5}/{row['seen']:<5} = {row['agree'] / seen:.3f}; "
              f"other choices offered {row['others']}")  # fmt: skip
    if args.no_write:
        return
    command = f"python bench/bots/tacocat_choice_rates.py --spec {args.spec} --games {args.games} --seed {args.seed}"
    table = {"about": "per kind of choice: decisions with a choice (seen), the model bot choosing as the "
                      "heuristic (agree), and the other legal choices offered (others); two-player Tacocat, "
                      "official preset (cardroom.games.tacocat.evidence)",
             "models": {"ismcts": {"spec": args.spec, "games": args.games, "seed": args.seed,
                                   "command": command, "kinds": rows}}}  # fmt: skip
    TABLE.write_text(json.dumps(table, indent=1) + "\n")
    print(f"wrote ismcts ({args.games} games) to {TABLE.name}")


if __name__ == "__main__":
    main()
