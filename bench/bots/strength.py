#!/usr/bin/env python3
"""Bot strength: the arena figures the bots are held to, printed with exactly what was run.

    python bench/bots/strength.py --figure tacocat --minutes 5 --jobs 2   # play for 5 minutes, then report
    python bench/bots/strength.py --figure tacocat --minutes 5 --jobs 2   # ...the same again continues it
    python bench/bots/strength.py --figure tacocat --games 40 --ms 100    # a small run, to the end
    python bench/bots/strength.py --merge runs/1 runs/2 runs/3   # merge older --out folders into figures

Figures (searches with --ms per decision; duplicate deals, so every bot plays every seat of every deal):

- tacocat:  ismcts vs heuristic, target >= 60% with the Wilson lower bound above 55%; the oracle (same
            search on the true state: it cheats) is measured too, and the gap closure
            (ismcts's edge over the heuristic) / (the oracle's edge over the heuristic) is reported.
- kittens2: Exploding Kittens, 2 players, ismcts vs heuristic, target >= 58%; with the oracle too.
- kittens4: Exploding Kittens, 4 players, ismcts alone against three heuristics, target >= 31%.
- kittens4-oracle: the oracle alone against three heuristics; run with kittens4, the two give the
            four-player gap closure (ismcts's edge over the fair 25% / the oracle's).
- taco4:    T.A.C.O., 4 players, ismcts alone against three heuristics, target >= 32%.
- taco4-oracle: the oracle alone against three heuristics (T.A.C.O.'s gap closure, with taco4).
- fast-tacocat, fast-kittens2: ismcts (on the game's compiled kernel) against ismcts-ref (the
            reference search) at the same time per decision; targets 60% and 55% (issue 15).
- fast-kittens4, fast-taco4: ismcts alone against three ismcts-ref at the same time per decision.
            A figure whose game has no compiled kernel is skipped.
- expert-tacocat, expert-kittens2: the expert bot against ismcts at the same budget, targets 60% with
            the Wilson lower bound above 55%; expert-kittens4, expert-taco4: the expert alone against
            three ismcts, target 35% (issue 29).
- expert-tacocat-heuristic, expert-kittens2-heuristic: the expert against the heuristic, with the
            oracle given the expert's playouts; expert-kittens4-heuristic, expert-taco4-heuristic and
            expert-kittens4-oracle, expert-taco4-oracle: the four-seat tables of the same.

The default budget is the table that fits a day of this machine: 50 ms a decision, 1,000 games a row.
The oracle runs on the kernel when the game has one (the same playouts as the fair ismcts, from the
true state), so the gap closure compares like with like.

Every run is resumable (bench/bots/_chunks.py): each finished deal is appended to a file under --results
(default bench/results), named by the figure, budget, games and seed; running the same command again
continues where it stopped, and plays the same games whatever the chunks. --minutes stops starting new
deals after that long. The figure is printed from every deal in the file so far, with its Wilson
interval and an estimate of the time the rest of the run needs.

A time budget makes each decision depend on the machine; --iterations N replaces it with a fixed count,
which repeats exactly. --ms counts the searching thread's CPU time by default (--clock cpu), so other
work on a shared machine does not thin a bot's playouts; each deal's line in the run file names its clock
(lines without one were played on the wall clock).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from _chunks import run_chunked  # bench/bots/_chunks.py: this script runs from bench/
from _figures import FIGURES, Figure, budget, lineup, needs_kernel  # bench/bots/_figures.py
from rich.console import Console

import cardroom
from cardroom.arena import ArenaConfig, ArenaResult, run_arena, write_results
from cardroom.arena.merge import load_result, merge
from cardroom.arena.report import print_report
from cardroom.arena.stats import bot_labels
from cardroom.core import search_clock
from cardroom.core.compiled_registry import compiled_kernel_of
from cardroom.core.registry import game_names

RESULTS = Path(__file__).resolve().parents[1] / "results"  # bench/results: data only, beside the code folders


def run_figure(fig: Figure, args: argparse.Namespace, console: Console) -> dict[str, Any]:
    bots = lineup(fig, args)
    options: dict[str, Any] = {} if fig.game == "tacocat" else {"players": fig.players}
    config = ArenaConfig(
        game=fig.game,
        bots=tuple(bots),
        games=args.games,
        options=options,
        seed=args.seed,
        jobs=args.jobs,
        challenger=True,
    )
    console.rule(f"{fig.key}: {fig.game}, {fig.players} players")
    players_flag = f" --players {fig.players}" if "players" in options else ""
    console.print(
        f"ran: cardroom arena {fig.game}{players_flag} --bots {' '.join(bots)} --games {args.games} "
        f"--seed {args.seed} --jobs {args.jobs} --challenger",
        highlight=False,
    )
    if args.whole:
        result = run_arena(config)
        progress = None
    else:
        path = Path(args.results) / results_name(fig, args)
        console.print(f"results: {path} (run the same command again to continue)", highlight=False)
        result, progress = run_chunked(config, path, args.minutes, console)
    print_report(result.summary, console)
    if args.out:
        write_results(result, Path(args.out) / fig.key)
    out = figure(fig, result, console)
    if progress is not None:
        out["progress"] = progress
        left = progress["deals"] - progress["deals_done"]
        mean = progress["mean_deal_seconds"]
        if left and mean:
            hours = left * mean / args.jobs / 3600
            rest = f"{hours:.1f} h" if hours >= 1 else f"{60 * hours:.0f} min"
            note = (
                f"{progress['games_done']} of {progress['games']} games played; at {mean:.0f} s a deal "
                f"({fig.players} games) the other {left} deals need about {rest} on {args.jobs} "
                f"job{'s' if args.jobs > 1 else ''}"
            )
            console.print(note, highlight=False)
            out["line"] += f"\n{fig.key}: {note}"
    return out


def has_kernel(fig: Figure) -> bool:
    game = cardroom.make(fig.game) if fig.game == "tacocat" else cardroom.make(fig.game, players=fig.players)
    return compiled_kernel_of(game) is not None


def results_name(fig: Figure, args: argparse.Namespace) -> str:
    """The run's file: one per figure, budget, size and seed, so another run never mixes in."""
    spent = budget(args).replace(",", "_").replace("=", "")
    oracle = "-no-oracle" if fig.oracle and args.no_oracle else ""
    return f"strength-{fig.key}-{spent}{oracle}-games{args.games}-seed{args.seed}.jsonl"


def merge_figure(fig: Figure, folders: list[Path], console: Console, out: str | None) -> dict[str, Any] | None:
    """The figure from earlier runs' ``--out`` folders (different --seed), merged into one."""
    files = [folder / fig.key / "arena.json" for folder in folders]
    files = [f for f in files if f.exists()]
    if not files:
        return None
    result = merge([load_result(f) for f in files])
    console.rule(f"{fig.key}: {fig.game}, {fig.players} players, merged from {len(files)} runs")
    console.print(f"runs: {', '.join(str(f) for f in files)}; seeds {result.seeds}", highlight=False)
    print_report(result.summary, console)
    if out:
        write_results(result, Path(out) / fig.key)
    return figure(fig, result, console)


def _verdict(fig: Figure, met: bool | None) -> str:
    """What the figure's line says of its target: met or not, or why it has none."""
    if fig.alone == "oracle":
        return "it cheats; measured for the gap closure"
    if fig.target is None:
        return "no target: measured for the gap to perfect information"
    bound = f" with lower bound > {100 * fig.wilson_target:.0f}%" if fig.wilson_target else ""
    return f"target {100 * fig.target:.0f}%{bound}: " + ("MET" if met else "NOT MET")


def figure(fig: Figure, result: ArenaResult, console: Console) -> dict[str, Any]:
    """The figure's line (win rate, interval, target met or not) from an arena result."""
    config = result.config
    # The measured bot: the second of two seats (the first is the baseline), else the one alone.
    search = config.bots[1] if fig.players == 2 else config.bots[0]
    spent = search.partition(":")[2]
    baseline = config.bots[0].partition(":")[0] if fig.players == 2 else f"3 {config.bots[1].partition(':')[0]}s"
    rows = {tuple(r["lineup"]): r for r in result.summary["matchups"]}
    if fig.players == 2:
        # The row is the heuristic's; in two-seat games the search's share is the rest.
        main = rows[(0, 1)]
        rate = 1.0 - main["win_rate"]
        low, high = 1.0 - main["wilson95"][1], 1.0 - main["wilson95"][0]
    else:
        main = rows[(0, 1, 1, 1)]
        rate, (low, high) = main["win_rate"], main["wilson95"]
    met = None
    if fig.target is not None:
        met = rate >= fig.target and (fig.wilson_target is None or low > fig.wilson_target)
    timing = {t["bot"]: t for t in result.summary["timing"]}
    label = bot_labels(config.bots)[config.bots.index(search)]
    per_decision = timing[label]["mean_ms"]
    worst = timing[label]["worst_ms"]
    line = (
        f"{fig.key}: {search.partition(':')[0]} ({spent}; {per_decision:.0f} ms/decision mean, {worst:.0f} worst) "
        f"vs {baseline}: "
        f"{100 * rate:.1f}% of {main['games']} games (Wilson 95% {100 * low:.1f}–{100 * high:.1f}%); "
        + _verdict(fig, met)
    )
    out: dict[str, Any] = {
        "figure": fig.key,
        "config": config.to_json(),
        "seeds": result.seeds,
        "win_rate": rate,
        "wilson95": [low, high],
        "games": main["games"],
        "target": fig.target,
        "met": met,
        "seconds": result.seconds,
        "timing": result.summary["timing"],
    }
    if (0, 2) in rows:
        oracle_rate = 1.0 - rows[(0, 2)]["win_rate"]
        edge_oracle = oracle_rate - 0.5
        closure = (rate - 0.5) / edge_oracle if edge_oracle > 0 else float("nan")
        line += (
            f"\n{fig.key}: oracle (cheats, same budget) vs heuristic: {100 * oracle_rate:.1f}% of "
            f"{rows[(0, 2)]['games']} games; gap closure ({search.partition(':')[0]}'s edge / the oracle's edge over the "
            f"heuristic): {100 * closure:.0f}%"
        )
        out.update(oracle_vs_heuristic=oracle_rate, gap_closure=closure)
    console.print(line, highlight=False)
    console.print(f"[dim]{result.seconds:.0f} s of arena wall clock[/dim]")
    out["line"] = line
    return out


#: Four-seat rows and their oracle rows: measured together, they give the four-player gap closure.
ORACLE_ROWS = {
    "kittens4": "kittens4-oracle",
    "taco4": "taco4-oracle",
    "expert-kittens4-heuristic": "expert-kittens4-oracle",
    "expert-taco4-heuristic": "expert-taco4-oracle",
}


def closure_of_tables(results: list[dict[str, Any]]) -> None:
    """The four-player gap closure of every row measured with its oracle row: the bot's edge over the
    fair share (1/4) as a part of the oracle's."""
    found = {r["figure"]: r for r in results}
    for key, oracle_key in ORACLE_ROWS.items():
        fair, oracle = found.get(key), found.get(oracle_key)
        if fair is None or oracle is None:
            continue
        edge = oracle["win_rate"] - 0.25
        closure = (fair["win_rate"] - 0.25) / edge if edge > 0 else float("nan")
        fair["gap_closure"] = closure
        fair["line"] += (
            f"\n{key}: gap closure (the bot's edge over 25% / the oracle's, {100 * oracle['win_rate']:.1f}% of "
            f"{oracle['games']} games): {100 * closure:.0f}%"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--figure", choices=[*FIGURES, "all"], nargs="+", default=["all"])
    parser.add_argument("--games", type=int, default=1000, help="games per matchup (default 1000)")
    parser.add_argument("--ms", type=float, default=50.0, help="ismcts/oracle time per decision (default 50)")
    parser.add_argument("--iterations", type=int, default=None, help="a fixed iteration budget instead of --ms")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--params", default="", help="more search parameters for ismcts and oracle, e.g. z=2.5,spread=1"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--clock",
        choices=sorted(search_clock.CLOCKS),
        default="cpu",
        help="what --ms counts: the searching thread's CPU time (default; other load cannot take it) or wall time",
    )
    parser.add_argument(
        "--results", default=str(RESULTS), help="folder of the resumable run files (default bench/results)"
    )
    parser.add_argument(
        "--minutes",
        type=float,
        default=None,
        help="stop starting new deals after this long (default: play to the end)",
    )
    parser.add_argument("--whole", action="store_true", help="play the whole run in one go, keeping no run file")
    parser.add_argument("--no-oracle", action="store_true", help="skip the oracle matchups of the tacocat figure")
    parser.add_argument("--out", default=None, help="folder for arena.json and plots, one subfolder per figure")
    parser.add_argument(
        "--merge",
        nargs="+",
        type=Path,
        default=None,
        metavar="DIR",
        help="play nothing: merge the --out folders of earlier runs (different --seed) and print the figures",
    )
    args = parser.parse_args()
    search_clock.use(args.clock)
    console = Console(width=max(Console().width, 120))
    chosen = list(FIGURES) if "all" in args.figure else list(dict.fromkeys(args.figure))
    results = []
    start = time.perf_counter()
    for key in chosen:
        fig = FIGURES[key]
        if fig.game not in game_names():
            console.print(f"{key}: {fig.game} is not registered; skipped")
            continue
        if needs_kernel(fig) and not has_kernel(fig):
            console.print(f"{key}: {fig.game} has no compiled kernel here, so ismcts is the reference; skipped")
            continue
        if args.merge:
            merged = merge_figure(fig, args.merge, console, args.out)
            if merged is None:
                console.print(f"{key}: no {key}/arena.json in {', '.join(map(str, args.merge))}; skipped")
            else:
                results.append(merged)
            continue
        results.append(run_figure(fig, args, console))
    closure_of_tables(results)
    console.rule("summary")
    for r in results:
        console.print(r["line"], highlight=False)
    console.print(f"total {time.perf_counter() - start:.0f} s", highlight=False)
    if args.out:
        Path(args.out).mkdir(parents=True, exist_ok=True)
        (Path(args.out) / "strength.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
