#!/usr/bin/env python3
"""Does the analysis tell a good player from a random one? And does the yardstick forgive itself?

    nice -n 10 python bench/analysis/analysis_separation.py [--tacocat 50] [--kittens 30] [--first-seed 1]
        [--yardstick-games 10] [--selfplay-games 10] [--jobs 2] [--details] [--positions bench/out/positions.jsonl]

**Separation.** Games between the heuristic bot and a random player (the heuristic at seat 1 in odd
games, seat 0 in even ones), two-player Tacocat and two-player Exploding Kittens. Both seats are
analysed with the defaults of ``cardroom analyse`` (the yardstick: the `hard` bot's search on the
compiled kernel). A decision is a moment with more than one legal action, as in the analysis. The
loss compared is the *expected* loss (``Decision.expected_loss``): each decision's re-measured gap
between the yardstick's move and the seat's, before the verdict threshold (which zeroes every loss
under 5 points and is for display). Printed per game: each seat's decisions, how many matched the
yardstick's move, the counted (thresholded) total loss and the expected loss per decision; then,
per game and per block of 10 seeds, the share of games where the random seat's expected loss per
decision is higher than the heuristic's (target: at least 95%). Kittens games run first.

Per seat it also prints how settled that figure is: its bootstrap standard error over the seat's
decisions (which decisions came up), the part of it the measuring searches' own noise makes, and
what a uniformly random choice would lose a decision at that seat's positions (the choosing search's
values), and the *share of those stakes lost*: its expected losses over the sum of those random-choice
losses at the same decisions (about 1 for a random player by construction, 0 for the yardstick);
per block, the share of games separated when each game's decisions are resampled, and by the share
of the stakes lost (a diagnostic beside the target's measure, not a replacement: docs/analysis.md).
``--decisions FILE`` appends every analysed decision as a JSON line.

**The yardstick's own play.** ``--yardstick-games N`` games per game where seat 0 is the `ismcts`
bot with the yardstick's own settings and budget (the same search, its own random numbers) against
the heuristic; seat 0 is analysed. Printed: the median total loss (target: under 5 points).

**Games between equals, for calibration.** ``--selfplay-games N`` games per game of the heuristic
against itself (the room's `normal` bot on both sides), and ``--search-selfplay-games N`` of the
yardstick's own search against itself (at its budget), both seats analysed. They judge nobody: their
positions go to ``--positions``, so the win chances can be checked on tables where the other seat
plays the way the analysis imagines it (``bench/analysis/analysis_calibration.py --by-table``), not only
against a random player, whose games the imagined play misreads.

``--details`` prints every decision of both seats (the move, the yardstick's, the re-measured loss
and its interval, the verdict). ``--yardstick rollout`` (or a smaller ``--search-playouts``) runs the separation games with a
cheaper yardstick, for comparison. Every analysed decision's predicted win chance and the seat's
result are appended to
``--positions`` (JSON lines) for ``bench/analysis/analysis_calibration.py``. Seeds make every run the same
games; pass ``--first-seed`` to run another block.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TextIO

import cardroom
from cardroom.analysis import Decision, GameAnalysis, Precision, analyse_game
from cardroom.analysis.headline import play_accuracy
from cardroom.bots.policy import make_policy
from cardroom.bots.specs import make_bot
from cardroom.core.game import Game
from cardroom.core.registry import tuning

GAMES: dict[str, dict[str, Any]] = {"tacocat": {}, "exploding-kittens": {"players": 2}}


def play(game: Game, seat_kinds: list[str], seed: int) -> list[tuple[int, str]]:
    """One game: ``heuristic``/``random`` policies or a bot spec in each seat."""
    movers: list[Any] = []
    for kind in seat_kinds:
        if kind in ("heuristic", "random"):
            movers.append(make_policy(game, kind))
        else:
            movers.append(make_bot(kind, game))
    rngs = [random.Random(f"{seed}:{s}") for s in range(game.players)]
    state, actions = game.new_game(seed), []
    while not state.is_over:
        seat = state.to_act[0]
        mover = movers[seat]
        if hasattr(mover, "move"):
            text = mover.move(state, seat, rngs[seat])
        else:
            text = mover.choose(game, state.view(seat), rngs[seat])
        actions.append((seat, text))
        state = state.apply(seat, text)
    return actions


def positions(a: GameAnalysis, kind: str, seed: int, yardstick: str) -> list[dict[str, Any]]:
    """Each decision's predicted win chance (before the move and after it) and the seat's result."""
    return [{"game": a.game, "seed": seed, "seat": a.seat, "kind": kind, "step": d.step, "before": d.win_before,
             "after": d.win_after, "result": a.result, "yardstick": yardstick} for d in a.decisions]  # fmt: skip


def details(a: GameAnalysis, kind: str) -> list[str]:
    """One line per decision: the seat's move, the yardstick's, the re-measured loss and its interval."""
    out = []
    for d in a.decisions:
        mean, half = d.estimate.measured or (d.estimate.loss, 0.0)
        out.append(
            f"    {kind:9s} step {d.step:3d}: played {d.chosen!r:30s} yardstick {d.estimate.selected!r:30s} "
            f"loss {100 * mean:5.1f} +-{100 * half:4.1f} ({len(d.estimate.values)} legal) {d.label:10s} "
            f"chance before {100 * d.win_before:3.0f}%"
        )
    return out


def decision_rows(a: GameAnalysis, kind: str, seed: int) -> list[dict[str, Any]]:
    """Every decision of one seat, machine-readable (``--decisions``): for looking into separation."""
    return [{"game": a.game, "seed": seed, "seat": a.seat, "kind": kind, "step": d.step, "chosen": d.chosen,
             "selected": d.estimate.selected, "legal": len(d.estimate.values), "expected": d.expected_loss,
             "half": (d.estimate.measured or (0.0, 0.0))[1], "counted": d.loss, "before": d.win_before,
             "result": a.result, "uniform": uniform_gap(d)} for d in a.decisions]  # fmt: skip


def uniform_gap(d: Decision) -> float | None:
    """What a uniformly random choice would lose here on average: the mean over the legal actions of
    the yardstick's move's win chance minus each action's (the choosing search's estimates, so a
    little biased upwards; ``None`` where an action has no estimate)."""
    values = {v.action: v for v in d.estimate.values}
    best = values.get(d.estimate.selected)
    if best is None or any(v.worlds == 0 for v in values.values()):
        return None
    return sum(best.win - v.win for v in values.values()) / len(values)


def noise(a: GameAnalysis, resamples: int = 1000) -> dict[str, Any]:
    """How far one game's expected loss a decision is from settled: its bootstrap standard error over
    the seat's decisions (which decisions came up), the part of it the measuring searches' own noise
    makes (each loss's interval), and the mean uniform gap (what a random choice would lose there)."""
    losses = [d.expected_loss for d in a.decisions] or [0.0]
    rng = random.Random(a.seat)
    means = [statistics.fmean(rng.choices(losses, k=len(losses))) for _ in range(resamples)]
    measuring = math.sqrt(sum((d.estimate.measured or (0.0, 0.0))[1] ** 2 for d in a.decisions)) / 1.96
    pairs = [(d.expected_loss, g) for d in a.decisions if (g := uniform_gap(d)) is not None]
    stakes = sum(g for _, g in pairs)
    return {
        "boot": statistics.pstdev(means),
        "measuring": measuring / max(1, len(a.decisions)),
        "uniform": stakes / len(pairs) if pairs else math.nan,
        "means": means,
        "share": sum(e for e, _ in pairs) / stakes if stakes > 0 else math.nan,
    }


def one_game(name: str, seed: int, yardstick: str = "auto", search: int | None = None,
             infer: str = "off") -> dict[str, Any]:  # fmt: skip
    """Heuristic against random, both seats analysed."""
    game = cardroom.make(name, **GAMES[name])
    good = seed % 2  # the heuristic's seat alternates
    kinds = ["random", "random"]
    kinds[good] = "heuristic"
    actions = play(game, kinds, seed)
    out: dict[str, Any] = {"name": name, "seed": seed, "seats": kinds, "positions": []}
    started = time.perf_counter()
    for seat in (0, 1):
        a = analyse_game(
            game,
            seed,
            actions,
            seat,
            analysis_seed=seed,
            yardstick=yardstick,
            precision=Precision(search_playouts=search),
            infer=infer,
        )
        n = max(1, len(a.decisions))
        out[kinds[seat]] = {
            "decisions": len(a.decisions),
            "loss": a.total_loss,
            "counted_per": a.total_loss / n,
            "per": a.expected_loss / n,
            "luck": a.total_luck,
            "result": a.result,
            "agreed": sum(d.estimate.selected == d.chosen for d in a.decisions),
            "verdicts": sum(d.loss > 0 for d in a.decisions),
            "accuracy": play_accuracy(a) if a.decisions else 100.0,
            **noise(a),
        }
        out["details"] = out.get("details", []) + details(a, kinds[seat])
        out["decisions"] = out.get("decisions", []) + decision_rows(a, kinds[seat], seed)
        out["positions"] += positions(
            a, kinds[seat], seed, _label(yardstick if search is None else f"{yardstick}:{search}", infer)
        )
    out["seconds"] = time.perf_counter() - started
    out["good"] = good
    return out


def _label(yardstick: str, infer: str) -> str:
    """The positions' yardstick label: the judge, and its opponent model where it infers."""
    return yardstick if infer == "off" else f"{yardstick},infer={infer}"


def yardstick_game(name: str, seed: int, infer: str = "off") -> dict[str, Any]:
    """Seat 0 played by the yardstick's own search, against the heuristic; seat 0 analysed."""
    game = cardroom.make(name, **GAMES[name])
    budget = tuning(name).select_playouts
    actions = play(game, [f"ismcts:iterations={budget}", "heuristic"], seed)
    a = analyse_game(game, seed, actions, 0, analysis_seed=seed, infer=infer)
    agreed = sum(d.best == d.chosen for d in a.decisions)
    return {
        "name": name,
        "seed": seed,
        "loss": a.total_loss,
        "decisions": len(a.decisions),
        "agreed": agreed,
        "seconds": a.seconds,
        "positions": positions(a, "yardstick", seed, _label("auto", infer)),
    }


def _seat(s: dict[str, Any]) -> str:
    return (
        f"{s['decisions']:2d} decisions ({s['agreed']:2d} as the yardstick, {s['verdicts']} verdicts), "
        f"accuracy {s.get('accuracy', math.nan):5.1f}%, counted "
        f"{100 * s['loss']:5.1f}, expected {100 * s['per']:5.2f}/decision (+-{100 * s['boot']:.2f} over its "
        f"decisions, +-{100 * s['measuring']:.2f} of it the measuring; a random choice there: "
        f"{100 * s['uniform']:.2f}; share of those stakes lost {s['share']:.2f})"
    )


def _game_line(r: dict[str, Any]) -> str:
    h, z = r["heuristic"], r["random"]
    return (
        f"{r['name']:17s} seed {r['seed']:3d}: heuristic (seat {r['good']}) {_seat(h)}; random {_seat(z)}  "
        f"{'ok' if z['per'] > h['per'] else 'NOT SEPARATED'}  {r['seconds']:.0f} s"
    )


def _separation(name: str, rs: list[dict[str, Any]]) -> str:
    hits = sum(r["random"]["per"] > r["heuristic"]["per"] for r in rs)
    counted = sum(r["random"]["counted_per"] > r["heuristic"]["counted_per"] for r in rs)
    # How often the random seat comes out higher when each seat's decisions are resampled: the share
    # of games a repeat of the same positions would separate.
    boot = statistics.fmean(
        statistics.fmean(z > h for h, z in zip(r["heuristic"]["means"], r["random"]["means"], strict=True)) for r in rs
    )
    shares = sum(r["random"]["share"] > r["heuristic"]["share"] for r in rs)
    # The headline's measure (what a player reads): the random seat's accuracy strictly lower.
    accurate = sum(r["random"]["accuracy"] < r["heuristic"]["accuracy"] for r in rs)
    return (
        f"{name}: random seat's accuracy (the headline) lower in {accurate} of {len(rs)} games "
        f"({100 * accurate / len(rs):.0f}%); "
        f"expected loss per decision higher in {hits} of {len(rs)} games "
        f"({100 * hits / len(rs):.0f}%; target 95%; with each game's decisions resampled: {100 * boot:.0f}%) "
        f"[counted loss: {counted}; share of the stakes lost (not the target's measure): {shares}]; "
        f"median expected loss per "
        f"decision: heuristic {100 * statistics.median(r['heuristic']['per'] for r in rs):.2f}, random "
        f"{100 * statistics.median(r['random']['per'] for r in rs):.2f} points"
    )


def selfplay_game(name: str, seed: int, infer: str = "off", player: str = "heuristic") -> dict[str, Any]:
    """``player`` against itself, both seats analysed: positions for calibration only. ``player`` is
    ``heuristic`` or ``search`` (the yardstick's own search, at its budget, in both seats)."""
    game = cardroom.make(name, **GAMES[name])
    spec = "heuristic" if player == "heuristic" else f"ismcts:iterations={tuning(name).select_playouts}"
    actions = play(game, [spec, spec], seed)
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    decisions = 0
    for seat in (0, 1):
        a = analyse_game(game, seed, actions, seat, analysis_seed=seed, infer=infer)
        rows += positions(a, "selfplay" if player == "heuristic" else "search-selfplay", seed, _label("auto", infer))
        decisions += len(a.decisions)
    return {
        "name": name,
        "seed": seed,
        "decisions": decisions,
        "positions": rows,
        "player": player,
        "seconds": time.perf_counter() - started,
    }


def _keep(sink: TextIO, rows: list[dict[str, Any]]) -> None:
    """Append a game's positions to the ``--positions`` file, at once: a run stopped later keeps them."""
    sink.writelines(json.dumps(p) + "\n" for p in rows)
    sink.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tacocat", type=int, default=50)
    parser.add_argument("--kittens", type=int, default=30)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--yardstick-games", type=int, default=0)
    parser.add_argument(
        "--selfplay-games",
        type=int,
        default=0,
        help="games per game of the heuristic against itself, for calibration only",
    )
    parser.add_argument(
        "--search-selfplay-games",
        type=int,
        default=0,
        help="games per game of the yardstick's search against itself, for calibration only",
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--yardstick",
        choices=("auto", "search", "rollout"),
        default="auto",
        help="what judges the separation games' decisions (default: the analysis's own)",
    )
    parser.add_argument("--search-playouts", type=int, help="the choosing search's budget (default: the analysis's)")
    parser.add_argument(
        "--infer", default="off", help="the analysis's opponent model for inference (heuristic or ismcts; default off)"
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=tuple(GAMES),
        help="the yardstick and self-play games of this game only (may be given twice)",
    )
    parser.add_argument("--details", action="store_true", help="print every decision of both seats")
    parser.add_argument("--positions", type=Path, default=Path("bench/out/positions.jsonl"))
    parser.add_argument("--decisions", type=Path, help="append every analysed decision here (JSON lines)")
    args = parser.parse_args()
    args.positions.parent.mkdir(parents=True, exist_ok=True)
    only = args.only or list(GAMES)
    tasks = [("exploding-kittens", s) for s in range(args.first_seed, args.first_seed + args.kittens)]
    tasks += [("tacocat", s) for s in range(args.first_seed, args.first_seed + args.tacocat)]
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(args.jobs, mp_context=ctx) as pool, args.positions.open("a") as sink:
        results: dict[str, list[dict[str, Any]]] = {name: [] for name in GAMES}
        n = len(tasks)
        games = pool.map(
            one_game,
            [t[0] for t in tasks],
            [t[1] for t in tasks],
            [args.yardstick] * n,
            [args.search_playouts] * n,
            [args.infer] * n,
        )
        for r in games:
            results[r["name"]].append(r)
            _keep(sink, r["positions"])
            if args.decisions:
                with args.decisions.open("a") as rows:
                    rows.writelines(json.dumps(d) + "\n" for d in r["decisions"])
            print(_game_line(r), flush=True)
            if args.details:
                print("\n".join(r["details"]), flush=True)
        for name, rs in results.items():
            if rs:
                print(_separation(name, rs), flush=True)
                for block in range(0, len(rs), 10):
                    print(
                        "  "
                        + _separation(
                            f"seeds {rs[block]['seed']}-{rs[min(len(rs), block + 10) - 1]['seed']}",
                            rs[block : block + 10],
                        ),
                        flush=True,
                    )
        if args.yardstick_games:
            ytasks = [
                (name, s, args.infer)
                for name in only
                for s in range(args.first_seed, args.first_seed + args.yardstick_games)
            ]
            by_game: dict[str, list[float]] = {name: [] for name in only}
            for r in pool.map(yardstick_game, *zip(*ytasks, strict=True)):
                by_game[r["name"]].append(r["loss"])
                _keep(sink, r["positions"])
                print(
                    f"{r['name']:17s} seed {r['seed']:3d}: the yardstick's search at seat 0: {r['decisions']} "
                    f"decisions, {r['agreed']} agreed with the analysis's choice, total loss "
                    f"{100 * r['loss']:.1f} points  {r['seconds']:.0f} s",
                    flush=True,
                )
            for name, losses in by_game.items():
                print(
                    f"{name}: the yardstick's own play, median total loss {100 * statistics.median(losses):.1f} "
                    f"points over {len(losses)} games (target under 5); max {100 * max(losses):.1f}",
                    flush=True,
                )
        stasks: list[tuple[str, int, str, str]] = []
        if args.selfplay_games:
            stasks = [
                (name, s, args.infer, "heuristic")
                for name in only
                for s in range(args.first_seed, args.first_seed + args.selfplay_games)
            ]
        if args.search_selfplay_games:
            stasks += [
                (name, s, args.infer, "search")
                for name in only
                for s in range(args.first_seed, args.first_seed + args.search_selfplay_games)
            ]
        if stasks:
            for r in pool.map(selfplay_game, *zip(*stasks, strict=True)):
                _keep(sink, r["positions"])
                print(
                    f"{r['name']:17s} seed {r['seed']:3d}: the {r['player']} against itself, {r['decisions']} "
                    f"decisions of both seats kept for calibration  {r['seconds']:.0f} s",
                    flush=True,
                )


if __name__ == "__main__":
    main()
