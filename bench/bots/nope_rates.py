#!/usr/bin/env python3
"""The opponent model of the Kittens inference: how often a bot holding a Nope passes a Nope window.

    python bench/bots/nope_rates.py --model heuristic --games 2000 --seed 1
    python bench/bots/nope_rates.py --model ismcts --spec ismcts:iterations=2000 --games 100 --seed 2

Plays two-player Exploding Kittens with the heuristic in every seat (the reference engine, each seat its
own generator from --seed) and, at every window answered by a seat that holds a Nope, asks the model's
bot (--spec) what it would answer there: counts the situation (``evidence.window_class``: the play, the
seat's role, whether the play stands) and whether it would pass. The game goes on with the heuristic's
answer, so only the windows cost a search (a search in every seat would take a hundred times longer);
the situations are the heuristic's games', the answers the model's.
Prints the rates and writes them under the model's name into the table the package ships
(``src/cardroom/games/kittens/nope_rates.json``), with the command, seed and games that made them, so
anyone can make the same table again (a search's rates repeat exactly with an ``iterations`` budget).
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
from cardroom.games.kittens.evidence import CLASSES, KINDS, window_class
from cardroom.games.kittens.state import KittensState

TABLE = Path(__file__).resolve().parents[2] / "src/cardroom/games/kittens/nope_rates.json"


def count(state: KittensState, seat: int, passed: bool, passes: list[int], seen: list[int]) -> None:
    p = state.pending
    assert p is not None
    after = next(o for o in ((p.actor + i) % state.game.players for i in range(1, state.game.players + 1))
                 if o not in state.out)  # fmt: skip
    c = window_class(p.kind, p.actor, p.target, len(p.nopes), seat, after)
    seen[c] += 1
    passes[c] += passed


def play(spec: str, games: int, seed: int, minutes: float) -> tuple[list[int], list[int], int]:
    game = make("exploding-kittens", players=2)
    player = make_bot("heuristic", game)
    model = player if spec == "heuristic" else make_bot(spec, game)
    passes, seen = [0] * CLASSES, [0] * CLASSES
    stop = time.monotonic() + minutes * 60 if minutes else float("inf")
    played = 0
    for g in range(games):
        if time.monotonic() > stop:
            break
        rngs = [random.Random(seed * 1_000_003 + g * 2 + s) for s in range(2)]
        state = game.new_game(seed * 1_000_003 + g)
        while not state.is_over:
            seat = state.to_act[0]
            text = ask(player, state, seat, rngs[seat])
            assert isinstance(state, KittensState)
            if state.phase == "window" and "nope" in [str(a) for a in state.legal_actions(seat)]:
                answer = text if model is player else ask(model, state, seat, rngs[seat])
                count(state, seat, answer == "pass", passes, seen)
            state = state.apply(seat, text)
        played += 1
        print(f"\r{played} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return passes, seen, played


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True, choices=("heuristic", "ismcts"))
    ap.add_argument("--spec", help="the bot spec (default: the model's name)")
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--minutes", type=float, default=0.0, help="stop starting games after this long (0: never)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-write", action="store_true", help="print only")
    args = ap.parse_args()
    spec = args.spec or args.model
    passes, seen, played = play(spec, args.games, args.seed, args.minutes)
    for c in range(CLASSES):
        if seen[c]:
            kind, rest = KINDS[c // 6], c % 6
            role, noped = ("actor", "target", "other")[rest // 2], rest % 2
            print(f"{kind:15} {role:6} {'noped' if noped else 'stands':6} pass {passes[c]:6}/{seen[c]:<6} "
                  f"= {passes[c] / seen[c]:.3f}")  # fmt: skip
    if args.no_write:
        return
    command = f"python bench/bots/nope_rates.py --model {args.model} --spec {spec} --games {played} --seed {args.seed}"
    write_model_row(TABLE, args.model, {"spec": spec, "games": played, "seed": args.seed, "command": command,
                                        "passes": passes, "seen": seen},
                    "P(pass | holds a Nope) per window situation, two-player Exploding Kittens; "
                    "situation = (kind * 3 + role) * 2 + noped (cardroom.games.kittens.evidence)")  # fmt: skip


if __name__ == "__main__":
    main()
