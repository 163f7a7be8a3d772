"""T.A.C.O.'s fairness at every table size, from the balance lab: per seed block and pooled.

    python bench/balance/balance_taco.py [--games 10000] [--blocks 4] [--players 2 3 4 5 6 7 8] [--decks v2] [--jobs 1]
    python bench/balance/balance_taco.py --decks v3 v2 --players 2   # the v3 preset (two players' default) and v2
    python bench/balance/balance_taco.py --ismcts 300 [--budget 50]   # one ISMCTS seat at 4 players (reference engine)

Heuristic bot in every seat, one round a game, on the compiled kernel (the same games
``cardroom.fast.simulate`` plays; the lab checks that); ``v3`` is the preset (deck v2 with our
``second_pick`` rule, the default at two players), a deck version is played under the ``standard``
preset (the rulebook's rules). ``--engine reference`` plays the reference engine instead, in ``--jobs``
processes. ``--games`` is per block. For each deck and
player count it prints the first player's win share in every block and pooled (Wilson 95%), the
chi-square test that the blocks agree, the verdict against the fair share 1/players +- 1 point, the
share of rounds ended by the turn cap, the median and 95th percentile round length in turns per player,
the must-have cards (opening-hand win effect, observed, whose whole interval is above +10 points) and
seconds.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from cardroom.arena.stats import wilson
from cardroom.balance import BalanceConfig, play_games
from cardroom.balance.play import engine_path
from cardroom.balance.pooled import block_summary
from cardroom.balance.stats import summarize
from cardroom.games.taco.game import TacoGame

PRESETS = ("v3",)  # the game's presets that stand for a deck version in this table
assert all(p in TacoGame.presets for p in PRESETS)


def measure(
    deck: str,
    players: int,
    games: int,
    blocks: int,
    jobs: int,
    bots: tuple[str, ...] = ("heuristic",),
    seed: int = 0,
    engine: str = "auto",
) -> dict[str, Any]:
    start = time.perf_counter()
    # A deck name that is a preset of the game (v3) is played as that preset; others are deck versions under
    # the standard preset (named: two players' default is now v3, so "v2" must say it means the plain rules).
    preset, options = (
        (deck, {"players": players}) if deck in PRESETS else ("standard", {"players": players, "deck": deck})
    )
    config = BalanceConfig(
        "taco",
        bots,
        games=games * blocks,
        options=options,
        preset=preset,
        jobs=jobs,
        seed=seed,
        blocks=blocks,
        engine=engine,
    )
    played = play_games(config)
    s = summarize(played, players)
    b = block_summary(played, players)
    first = b["seats"][0]
    musts = [r for r in s["cards"] if r["opening"] and r["opening"]["win95"][0] > 0.10]
    turns = s["length"]["turns_per_player"]
    bot0 = (
        sum(1.0 / len(g["winners"]) for g in played if g["seats"].index(0) in g["winners"])
        if "seats" in played[0]
        else 0.0
    )
    return {
        "deck": deck,
        "engine": engine_path(config),
        "players": players,
        "games": s["games"],
        "bots": list(bots),
        "limited": s["limits"]["round_share"],
        "median": turns["median"],
        "p95": turns["p95"],
        "first": first["share"],
        "first95": first["wilson95"],
        "fair": first["fair"],
        "blocks": [x["share"] for x in first["blocks"]],
        "p": first["heterogeneity"]["p"],
        "verdict": first["verdict"],
        "must_haves": [(r["card"], r["opening"]["win_effect"]) for r in musts],
        "seconds": time.perf_counter() - start,
        "bot0_share": bot0 / len(played),
        "bot0_95": list(wilson(bot0, len(played))),
    }


def line(r: dict[str, Any]) -> str:
    lo, hi = r["first95"]
    must = ", ".join(f"{c} {100 * e:+.0f}" for c, e in r["must_haves"]) or "none"
    blocks = " / ".join(f"{100 * x:.1f}" for x in r["blocks"])
    return (
        f"| {r['deck']} | {r['engine']} | {r['players']} | {r['games']} | {blocks} | {100 * r['first']:.2f}% ({100 * lo:.2f}-"
        f"{100 * hi:.2f}) | {100 * (r['first'] - r['fair']):+.2f} | {r['p']:.2f} | {r['verdict']} | "
        f"{100 * r['limited']:.1f}% | {r['median']:.1f} | {r['p95']:.1f} | {must} | {r['seconds']:.0f} |"
    )


HEAD = (
    "| deck | engine | players | games | first player wins, per block (%) | pooled (95%) | vs fair (points) | blocks "
    "agree (p) | verdict (fair +-1) | rounds capped | median turns/player | 95th pct | must-haves | seconds |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10000, help="games per block")
    parser.add_argument("--blocks", type=int, default=4)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6, 7, 8])
    parser.add_argument("--decks", nargs="+", default=["v2"], help="deck versions (v1, v2) or the v3 preset")
    parser.add_argument("--jobs", type=int, default=1, help="processes for reference-engine games (v3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--engine", default="auto", help="auto (the kernel where it plays the setup) or reference")
    parser.add_argument("--ismcts", type=int, default=0, help="games with one ISMCTS seat at 4 players (v2)")
    parser.add_argument("--budget", type=int, default=50, help="ISMCTS iterations a decision")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    args = parser.parse_args()
    rows = []
    print(HEAD, flush=True)
    if args.ismcts:
        bots = (f"ismcts:iterations={args.budget}", "heuristic")
        r = measure("v2", 4, args.ismcts, 1, args.jobs, bots, args.seed)
        rows.append(r)
        print(line(r), flush=True)
        lo, hi = r["bot0_95"]
        print(
            f"one {bots[0]} seat against 3 heuristic, seats rotated over each deal: it won "
            f"{100 * r['bot0_share']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}), fair 25%",
            flush=True,
        )
    else:
        for deck in args.decks:
            for players in args.players:
                r = measure(deck, players, args.games, args.blocks, args.jobs, seed=args.seed, engine=args.engine)
                rows.append(r)
                print(line(r), flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
