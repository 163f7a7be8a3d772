#!/usr/bin/env python3
"""The opponent model of the Kittens placement inference: where a bot puts a defused Kitten back.

    python bench/bots/place_rates.py --model heuristic --games 300 --seed 1
    python bench/bots/place_rates.py --model ismcts --spec ismcts:iterations=2000 --games 600 --seed 2

Plays Exploding Kittens (two players unless --players says otherwise) with the heuristic in every seat
(the reference engine, each seat its own generator from --seed) and, at every Kitten to put back, asks
the model's bot (--spec) where it would put it, counting the place as the next player's first draw
(after the placer's own remaining draws), the bottom, or anywhere else (``placements.PLACES``). The
game goes on with the heuristic's place, so only those moments cost a search; the situations are the
heuristic's games', the answers the model's. Prints the counts and writes them under the model's name
into the table the package ships (``src/cardroom/games/kittens/place_rates.json``) with the command that
made them (a search's answers repeat exactly with an ``iterations`` budget).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from _common import write_model_row

from cardroom.bots.specs import make_bot
from cardroom.core.bot import ask
from cardroom.core.registry import make
from cardroom.games.kittens.placements import PLACES, Placement

TABLE = Path(__file__).resolve().parents[2] / "src/cardroom/games/kittens/place_rates.json"


def place_of(view: dict[str, object], answer: str) -> str:
    """Which of :data:`PLACES` the answer ``place N`` is, for the pile in ``view``."""
    pile, owed = int(str(view["draw_pile"])), int(str(view["turns_owed"]))
    position = int(answer.split()[1])
    first = Placement(-1, pile, owed).first
    return "first" if position == first else ("bottom" if position == pile else "other")


def play(spec: str, players: int, games: int, seed: int, minutes: float) -> tuple[dict[str, int], int]:
    game = make("exploding-kittens", players=players)
    player = make_bot("heuristic", game)
    model = player if spec == "heuristic" else make_bot(spec, game)
    counts = dict.fromkeys(PLACES, 0)
    stop = time.monotonic() + minutes * 60 if minutes else float("inf")
    played = 0
    for g in range(games):
        if time.monotonic() > stop:
            break
        rngs = [random.Random(seed * 1_000_003 + g * players + s) for s in range(players)]
        state = game.new_game(seed * 1_000_003 + g)
        while not state.is_over:
            seat = state.to_act[0]
            text = ask(player, state, seat, rngs[seat])
            if text.startswith("place "):
                answer = text if model is player else ask(model, state, seat, rngs[seat])
                counts[place_of(state.view(seat), answer)] += 1
            state = state.apply(seat, text)
        played += 1
        print(f"\r{played} games, {sum(counts.values())} Kittens put back", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return counts, played


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True, choices=("heuristic", "ismcts"))
    ap.add_argument("--spec", help="the bot spec (default: the model's name)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--minutes", type=float, default=0.0, help="stop starting games after this long (0: never)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-write", action="store_true", help="print only")
    args = ap.parse_args()
    spec = args.spec or args.model
    counts, played = play(spec, args.players, args.games, args.seed, args.minutes)
    total = sum(counts.values())
    for place in PLACES:
        print(f"{place:7} {counts[place]:6} of {total} = {counts[place] / max(total, 1):.3f}")
    if args.no_write:
        return
    command = (f"python bench/bots/place_rates.py --model {args.model} --spec {spec} --players {args.players} "
               f"--games {played} --seed {args.seed}")  # fmt: skip
    write_model_row(TABLE, args.model, {"spec": spec, "players": args.players, "games": played, "seed": args.seed,
                                        "command": command, "counts": counts},
                    "Where a defused Kitten went back: the next player's first draw, the bottom, or any "
                    "other place (cardroom.games.kittens.placements)")  # fmt: skip


if __name__ == "__main__":
    main()
