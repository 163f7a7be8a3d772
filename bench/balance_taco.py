"""T.A.C.O. deck v1 against v2 with the balance lab: every figure of issue 14, as a table.

    python bench/balance_taco.py [--games 2000] [--players 2 3 4 6 8] [--decks v1 v2] [--jobs 1]
    python bench/balance_taco.py --ismcts 300 [--budget 50]   # one ISMCTS seat at 4 players, v2

Heuristic bot in every seat (one game per deal: all seats are alike), one round per game. For each
deck and player count it prints: games, share ended by the turn cap (a safety limit), median and 95th
percentile round length in turns per player, the first player's win share with its Wilson 95%
interval against the fair share, the least-played card (share of games it was played in), the
largest opening-hand win effect whose whole interval is above +10 points (a must-have), and seconds.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from cardroom.arena.stats import wilson
from cardroom.balance import BalanceConfig, play_games
from cardroom.balance.stats import summarize


def measure(deck: str, players: int, games: int, jobs: int, bots: tuple[str, ...] = ("heuristic",),
            seed: int = 0) -> dict[str, Any]:
    start = time.perf_counter()
    config = BalanceConfig("taco", bots, games=games, options={"players": players, "deck": deck}, jobs=jobs,
                           seed=seed)
    played = play_games(config)
    s = summarize(played, players)
    bot0 = sum(1.0 / len(g["winners"]) for g in played if g["seats"].index(0) in g["winners"])
    first = s["seats"][0]
    cards = s["cards"]
    least = min(cards, key=lambda r: r["share_of_games_played"])
    musts = [r for r in cards if r["opening"]["win95"][0] > 0.10]
    turns = s["length"]["turns_per_player"]
    return {
        "deck": deck, "players": players, "games": s["games"], "bots": list(bots),
        "limited": s["limits"]["round_share"], "median": turns["median"], "p95": turns["p95"],
        "first": first["win_share"], "first95": first["wilson95"], "fair": first["fair_share"],
        "least_card": least["card"], "least_share": least["share_of_games_played"],
        "must_haves": [(r["card"], r["opening"]["win_effect"]) for r in musts],
        "seconds": time.perf_counter() - start,
        "seats": [(r["win_share"], r["wilson95"]) for r in s["seats"]],
        "stalled_top": list(s["stalls"]["cards"].items())[:6],
        "fires": s["fires"],
        "bot0_share": bot0 / len(played),
        "bot0_95": list(wilson(bot0, len(played))),
    }


def line(r: dict[str, Any]) -> str:
    lo, hi = r["first95"]
    must = ", ".join(f"{c} {100 * e:+.0f}" for c, e in r["must_haves"]) or "none"
    return (f"| {r['deck']} | {r['players']} | {r['games']} | {100 * r['limited']:.1f}% | {r['median']:.1f} | "
            f"{r['p95']:.1f} | {100 * r['first']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}) vs {100 * r['fair']:.1f}% | "
            f"{r['least_card']} {100 * r['least_share']:.1f}% | {must} | {r['seconds']:.0f} |")


HEAD = ("| deck | players | games | rounds ended by the cap | median turns/player | 95th pct | first player wins "
        "(95%) vs fair | least-played card | must-haves | seconds |\n|---|---|---|---|---|---|---|---|---|---|")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 6, 8])
    parser.add_argument("--decks", nargs="+", default=["v1", "v2"])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ismcts", type=int, default=0, help="games with one ISMCTS seat at 4 players (v2)")
    parser.add_argument("--budget", type=int, default=50, help="ISMCTS iterations a decision")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    args = parser.parse_args()
    rows = []
    print(HEAD, flush=True)
    if args.ismcts:
        bots = (f"ismcts:iterations={args.budget}", "heuristic")
        r = measure("v2", 4, args.ismcts, args.jobs, bots, args.seed)
        rows.append(r)
        print(line(r), flush=True)
        lo, hi = r["bot0_95"]
        print(f"one {bots[0]} seat against 3 heuristic, seats rotated over each deal: it won "
              f"{100 * r['bot0_share']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}), fair 25%", flush=True)
    else:
        for deck in args.decks:
            for players in args.players:
                r = measure(deck, players, args.games, args.jobs, seed=args.seed)
                rows.append(r)
                print(line(r), flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
