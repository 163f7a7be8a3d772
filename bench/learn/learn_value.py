#!/usr/bin/env python3
"""How good is the learned value? Held-out positions of heuristic self-play, scored three ways.

    nice -n 5 python bench/learn/learn_value.py                      # 3 seed blocks of 300 games per case
    nice -n 5 python bench/learn/learn_value.py --blocks 5 --games 500 --playouts 32
    nice -n 5 python bench/learn/learn_value.py --only tacocat        # one game's cases

Cases: Tacocat, Exploding Kittens at 2 and 4 players, T.A.C.O. at 4 players, each with its shipped
weights (``cardroom.learn.weights_for``). Each seed block plays games from seeds the training never
used (training seeds its games from seed 0), keeps about ``--positions`` positions a game and scores,
by log loss and Brier over every living seat, against the seat's final reward:

- the model: the compiled ``value`` the search calls;
- the base rate: an even share for every living seat;
- the yardstick: the mean reward of ``--playouts`` heuristic playouts from the same position (the
  true state), what a search would back up without the value. With few playouts it is noisy, and its
  log loss pays for that; its distance to the model (RMS) says how close the model is to the playouts.

It also prints the calibration of the model (pooled over blocks), value() calls per second against
playouts per second on one core (the speed-up a cut playout buys), and the model's size. Medians over
the blocks are printed last.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from cardroom.core.compiled_random import mix
from cardroom.learn import model, weights_for
from cardroom.learn.games import learned_game
from cardroom.learn.train import collect
from cardroom.learn.weights import shipped_path

CASES = (("tacocat", 2), ("exploding-kittens", 2), ("exploding-kittens", 4), ("taco", 4))
FIRST_SEED = 1000  # training uses seed 0: these blocks are other games


def run_block(game: str, players: int, block: int, args: argparse.Namespace) -> dict[str, float]:
    lg = learned_game(game)
    w = weights_for(game)
    _, cfg = lg.table(players)
    run = lg.compiled()
    seed = int(mix(FIRST_SEED + block, players))
    held = collect(lg, players, None, seed, 0, args.games, args.positions, keep_states=True)
    n = len(held.states)
    values = np.zeros((n, players))
    run.values(held.states[:2], cfg, w, values[:2])  # load the compiled code before the clocks start
    run.playouts(held.states[:2], cfg, 1, seed, np.zeros((2, players)))
    start = time.perf_counter()
    for _ in range(args.repeat):
        values[:] = 0
        run.values(held.states, cfg, w, values)
    value_rate = args.repeat * n * players / (time.perf_counter() - start)
    means = np.zeros((n, players))
    start = time.perf_counter()
    run.playouts(held.states, cfg, args.playouts, seed, means)
    playout_rate = n * args.playouts / (time.perf_counter() - start)
    y, live = held.y, held.live
    m, e, p = (
        model.scores(values, y, live),
        model.scores(model.even_shares(live), y, live),
        model.scores(means, y, live),
    )
    rms = float(np.sqrt(((values - means)[live] ** 2).mean()))
    global_cal.setdefault((game, players), []).append((values, y, live))
    return {"positions": n, "model_ll": m.log_loss, "base_ll": e.log_loss, "playout_ll": p.log_loss,
            "model_brier": m.brier, "base_brier": e.brier, "playout_brier": p.brier, "rms_to_playouts": rms,
            "values_per_s": value_rate, "playouts_per_s": playout_rate}  # fmt: skip


global_cal: dict[tuple[str, int], list[tuple[np.ndarray, np.ndarray, np.ndarray]]] = {}
COLUMNS = ("positions", "model_ll", "base_ll", "playout_ll", "model_brier", "base_brier", "playout_brier",
           "rms_to_playouts", "values_per_s", "playouts_per_s")  # fmt: skip


def show(label: str, row: dict[str, float]) -> None:
    cells = [f"{row[c]:>10.0f}" if c.endswith("_s") or c == "positions" else f"{row[c]:>10.4f}" for c in COLUMNS]
    print(f"{label:<24}" + "".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--blocks", type=int, default=3, help="seed blocks (independent sets of games)")
    parser.add_argument("--games", type=int, default=300, help="held-out games per block and case")
    parser.add_argument("--positions", type=int, default=4, help="positions kept per game, on average")
    parser.add_argument("--playouts", type=int, default=16, help="heuristic playouts per position (the yardstick)")
    parser.add_argument("--repeat", type=int, default=20, help="passes over the positions to time value()")
    names = sorted({g for g, _ in CASES})
    parser.add_argument("--only", choices=names, help="score only this game's cases")
    args = parser.parse_args()
    cases = [(g, n) for g, n in CASES if args.only in (None, g)]
    print(f"blocks {args.blocks}, games {args.games}, positions {args.positions}, playouts {args.playouts}")
    print(f"{'case / block':<24}" + "".join(f"{c[:10]:>10}" for c in COLUMNS))
    medians: dict[str, dict[str, float]] = {}
    for game, players in cases:
        rows = []
        for block in range(args.blocks):
            row = run_block(game, players, block, args)
            show(f"{game[:17]} {players}p #{block}", row)
            rows.append(row)
        medians[f"{game[:17]} {players}p"] = {c: statistics.median(r[c] for r in rows) for c in COLUMNS}
    print("\nmedians over the blocks")
    for label, row in medians.items():
        show(label, row)
    print("\ncalibration of the model (pooled): band, mean predicted, mean reward, seats")
    for (game, players), parts in global_cal.items():
        v = np.concatenate([p[0] for p in parts])
        y = np.concatenate([p[1] for p in parts])
        live = np.concatenate([p[2] for p in parts])
        cells = "  ".join(f"{lo:.1f}:{mp:.3f}/{my:.3f}({k})" for lo, mp, my, k in model.calibration(v, y, live))
        print(f"{game} {players}p  {cells}")
    print("\nmodel size")
    for game in dict.fromkeys(g for g, _ in cases):
        path = shipped_path(game)
        print(f"{game}: {len(weights_for(game))} weights, file {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
