#!/usr/bin/env python3
"""Are the analysis's win chances calibrated? Predicted chance against the share actually won.

    python bench/analysis/analysis_calibration.py [bench/out/positions.jsonl ...] [--png docs/analysis-calibration.png]

Reads the positions ``bench/analysis/analysis_separation.py`` writes (every analysed decision of real games:
the seat's predicted win chance before its move and after it, and the seat's result), buckets the
predicted chance in tenths and prints, per bucket and game, the positions, the mean prediction and
the share won (a shared win counts as the seat's share), with a 95% Wilson interval; then the
Brier score (mean squared error of the prediction against the result; lower is better) beside two
yardsticks that know less: always 1/players, and the game's first prediction (the start) held all
game. With ``--png`` it draws the reliability plot. ``--by-table`` splits each game by who sat at the
table (a random player's games are not the population the analysis imagines).
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

BUCKETS = 10


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def brier(pairs: list[tuple[float, float]]) -> float:
    return sum((p - r) ** 2 for p, r in pairs) / len(pairs)


def table(rows: list[dict[str, Any]], key: str) -> list[tuple[float, float, int, float, float]]:
    """(mean prediction, share won, positions, interval low, high) per non-empty bucket."""
    buckets: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for r in rows:
        buckets[min(BUCKETS - 1, int(r[key] * BUCKETS))].append((r[key], r["result"]))
    out = []
    for b in sorted(buckets):
        pairs = buckets[b]
        pred = sum(p for p, _ in pairs) / len(pairs)
        won = sum(r for _, r in pairs) / len(pairs)
        out.append((pred, won, len(pairs), *wilson(won, len(pairs))))
    return out


#: Who sat at the table a position comes from, by the analysed seat's kind (analysis_separation.py).
TABLES = {
    "heuristic": "heuristic vs random",
    "random": "heuristic vs random",
    "selfplay": "heuristic vs itself",
    "yardstick": "search vs heuristic",
    "search-selfplay": "search vs itself",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", type=Path, default=[Path("bench/out/positions.jsonl")])
    parser.add_argument("--png", type=Path)
    parser.add_argument(
        "--by-table",
        action="store_true",
        help="split each game by who sat at the table (heuristic against random, against itself, "
        "the yardstick's search against the heuristic)",
    )
    args = parser.parse_args()
    rows = [json.loads(line) for f in args.files for line in f.read_text().splitlines() if line.strip()]
    seen = {(r["game"], r["seed"], r["seat"], r["kind"], r["step"], r.get("yardstick")) for r in rows}
    print(f"{len(rows)} positions ({len(seen)} distinct) from {len({(r['game'], r['seed']) for r in rows})} games")
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        yardstick = r.get("yardstick", "auto")
        name = r["game"] if yardstick == "auto" else f"{r['game']}, {yardstick}"
        by_game[f"{name}, {TABLES.get(r['kind'], r['kind'])}" if args.by_table else name].append(r)

    def game_of(r: dict[str, Any]) -> tuple[Any, ...]:
        return r["game"], r["seed"], r["seat"], r["kind"], r.get("yardstick")

    first: dict[tuple[Any, ...], float] = {}
    for r in sorted(rows, key=lambda r: r["step"]):
        first.setdefault(game_of(r), r["before"])
    main_rows = [r for r in rows if r.get("yardstick", "auto") == "auto"]
    for name, group in [("all games, the default yardstick", main_rows), *sorted(by_game.items())]:
        if not group:
            continue
        print(f"\n{name}: {len(group)} positions")
        print("  predicted  won    positions  95% interval of the share won")
        for pred, won, n, low, high in table(group, "before"):
            print(f"  {100 * pred:6.1f}%  {100 * won:6.1f}%  {n:6d}     {100 * low:5.1f}% - {100 * high:5.1f}%")
        players = 2  # the benchmark's games are two-player
        scores = {
            "the analysis (before each move)": brier([(r["before"], r["result"]) for r in group]),
            "the analysis (after each move)": brier([(r["after"], r["result"]) for r in group]),
            "the start held all game": brier([(first[game_of(r)], r["result"]) for r in group]),
            f"always 1/{players}": brier([(1 / players, r["result"]) for r in group]),
        }
        for label, score in scores.items():
            print(f"  Brier score, {label}: {score:.3f}")
    if args.png:
        draw(by_game, args.png)
        print(f"\nwrote {args.png}")


def draw(by_game: dict[str, list[dict[str, Any]]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.6, 5.2), dpi=110)
    ax.plot([0, 100], [0, 100], color="#888888", linestyle=":", linewidth=1, label="perfect calibration")
    styles = [
        ("#1f4e8c", "o"),
        ("#b22222", "s"),
        ("#2e7d32", "^"),
        ("#6a1b9a", "D"),
        ("#9a7000", "v"),
        ("#00695c", "P"),
        ("#37474f", "X"),
    ]
    for (name, group), (color, shape) in zip(sorted(by_game.items()), styles, strict=False):
        rows = table(group, "before")
        xs = [100 * p for p, *_ in rows]
        ys = [100 * w for _, w, *_ in rows]
        err = [
            [max(0.0, 100 * (w - lo)) for _, w, _, lo, _ in rows],
            [max(0.0, 100 * (hi - w)) for _, w, _, _, hi in rows],
        ]
        brier_score = brier([(r["before"], r["result"]) for r in group])
        ax.errorbar(
            xs,
            ys,
            yerr=err,
            color=color,
            marker=shape,
            linewidth=1.2,
            capsize=2,
            label=f"{name} ({len(group)} positions, Brier {brier_score:.3f})",
        )
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xlabel("predicted win chance (%)")
    ax.set_ylabel("share actually won (%), 95% interval")
    ax.set_title("Calibration of the analysis's win chances", fontsize=10)
    # Below the axes: inside, the legend would hide the points of the low buckets.
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), fontsize=7, frameon=False)
    ax.grid(alpha=0.25)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)


if __name__ == "__main__":
    main()
