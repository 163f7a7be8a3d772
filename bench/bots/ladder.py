#!/usr/bin/env python3
"""The bot ladder (docs/ladder.md): every bot of every game against the game's heuristic, one command.

    nice -n 19 python bench/bots/ladder.py                          # the full ladder: 1,000 games a row, 50 ms
    nice -n 19 python bench/bots/ladder.py --games 40 --ms 20       # a small one (what this repository ships)
    nice -n 19 python bench/bots/ladder.py --game taco --bot expert # one row
    python bench/bots/ladder.py --print                             # the fresh rows; stale ones refused
    python bench/bots/ladder.py --stamp                             # refresh today's fingerprints (seconds)

Each row is one bot (``cardroom.arena.ladder.BOTS``) alone against the heuristic at the game's default
table, on duplicate deals (the arena's ``challenger`` matchup), at the budget given (``--ms`` of the
searching thread's CPU time, or a fixed ``--iterations``). Rows are resumable as strength.py's are
(bench/bots/_chunks.py): each finished deal is appended to a run file under ``--results`` (default
bench/results/ladder), and the same command continues it; ``--minutes`` stops starting deals after that
long. A run file keeps, beside it, the fingerprints of its bot and of the heuristic when its first deal
was played (``*.stamp.json``); a run file whose bots play differently today is refused.

Every run first writes today's fingerprints of every ladder bot and of the heuristic, in every game,
into the shipped fingerprints file (src/cardroom/arena/fingerprints.toml): the room and the docs judge
rows by that file and compute nothing. A row finished is written with its stamp into the shipped ladder
(src/cardroom/arena/ladder.toml, which the room's rules page reads) and docs/ladder.md's table is
written again from both: fresh rows only, the stale ones named. ``--stamp`` plays nothing: it writes
the fingerprints file and the docs' table again (seconds; what a maintainer runs after changing a bot).
``--print`` plays nothing either: it computes today's fingerprints itself, prints every fresh row and
refuses every stale one, saying why and how to play it again (exit status 1 if any was refused).
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
from pathlib import Path

from _chunks import run_chunked  # bench/bots/_chunks.py: this script runs from bench/bots
from rich.console import Console

from cardroom.arena import ArenaConfig, ArenaResult
from cardroom.arena.fingerprint import FingerprintError
from cardroom.arena.ladder import (
    BOTS,
    YARDSTICK,
    Row,
    Stamps,
    check,
    dump_stamps,
    dumps,
    from_stamps,
    ladder_games,
    load,
    merged,
    shipped_path,
    stamps_path,
    today,
    todays_stamps,
)
from cardroom.arena.ladder_page import docs_table, printout
from cardroom.arena.stats import bot_labels
from cardroom.bots.specs import declared_budget
from cardroom.core import search_clock

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "bench" / "results" / "ladder"  # result data, out of the code folders
DOCS = ROOT / "docs" / "ladder.md"
BEGIN, END = "<!-- ladder-table -->", "<!-- /ladder-table -->"


def spec_of(bot: str, args: argparse.Namespace) -> str:
    """The bot with the run's budget, when it searches (a bot that answers at once takes none)."""
    if declared_budget(bot) is None:
        return bot
    return f"{bot}:iterations={args.iterations}" if args.iterations else f"{bot}:ms={args.ms:g}"


def budget_words(args: argparse.Namespace) -> str:
    return f"iterations={args.iterations}" if args.iterations else f"ms={args.ms:g} ({args.clock} clock)"


def commit() -> str:
    """The commit the code was at, with ``+changes`` when the package had edits not committed."""

    def git(*words: str) -> str:
        return subprocess.run(["git", *words], cwd=ROOT, capture_output=True, text=True, check=False).stdout.strip()

    head = git("rev-parse", "--short=10", "HEAD") or "unknown"
    return head + ("+changes" if git("status", "--porcelain", "--", "src/cardroom") else "")


def stamp(game: str, spec: str, run: Path) -> dict[str, str]:
    """The fingerprints of the run file's bots when its first deal was played (written now for a new
    file); refuses a file whose bots play differently today."""
    now = {"fingerprint": today(game, spec), "yardstick_fingerprint": today(game, YARDSTICK), "commit": commit()}
    side = run.with_suffix(".stamp.json")
    if not side.exists():
        side.parent.mkdir(parents=True, exist_ok=True)
        side.write_text(json.dumps(now) + "\n", encoding="utf-8")
        return now
    then: dict[str, str] = json.loads(side.read_text(encoding="utf-8"))
    for key in ("fingerprint", "yardstick_fingerprint"):
        if then[key] != now[key]:
            raise SystemExit(
                f"{run} was played by bots of fingerprint {then[key]}, today's is {now[key]}: they play "
                "differently now; give another --results folder or --seed"
            )
    return then


def row_of(result: ArenaResult, stamped: dict[str, str], args: argparse.Namespace) -> Row:
    """The ladder row of a finished run: the bot (seat 0 of the only matchup) against the yardstick."""
    config = result.config
    main = result.summary["matchups"][0]
    timing = {t["bot"]: t for t in result.summary["timing"]}
    low, high = main["wilson95"]
    return Row(
        game=config.game, players=len(main["lineup"]), bot=config.bots[0], yardstick=config.bots[1],
        win_rate=main["win_rate"], low=low, high=high, games=main["games"],
        fingerprint=stamped["fingerprint"], yardstick_fingerprint=stamped["yardstick_fingerprint"],
        commit=stamped["commit"], budget=budget_words(args), seed=config.seed,
        date=datetime.datetime.now(datetime.UTC).date().isoformat(),
        mean_ms=float(timing[bot_labels(config.bots)[0]]["mean_ms"]),
    )  # fmt: skip


def play(game: str, bot: str, args: argparse.Namespace, console: Console) -> Row | None:
    """Play (or continue) one row; the row when its run is whole, else None."""
    spec = spec_of(bot, args)
    config = ArenaConfig(game=game, bots=(spec, YARDSTICK), games=args.games, seed=args.seed, jobs=args.jobs,
                         challenger=True)  # fmt: skip
    budget = spec.partition(":")[2].replace("=", "") or "now"
    run = Path(args.results) / f"ladder-{game}-{bot}-{budget}-games{args.games}-seed{args.seed}.jsonl"
    console.rule(f"{game}: {spec} vs {YARDSTICK}")
    console.print(f"results: {run} (run the same command again to continue)", highlight=False)
    stamped = stamp(game, spec, run)
    result, progress = run_chunked(config, run, args.minutes, console)
    if progress["deals_done"] < progress["deals"]:
        console.print(f"{progress['games_done']} of {progress['games']} games played; the row waits", highlight=False)
        return None
    return row_of(result, stamped, args)


def write_docs(rows: list[Row], stamps: Stamps, docs: Path) -> None:
    """docs/ladder.md's table, between its markers, from the ladder's rows fresh by ``stamps``."""
    text = docs.read_text(encoding="utf-8")
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    fresh, stale = check(rows, from_stamps(stamps))
    docs.write_text(f"{head}{BEGIN}\n{docs_table(fresh, stale)}{END}{tail}", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", nargs="+", default=None, help="games (default: every game people are offered)")
    parser.add_argument("--bot", nargs="+", choices=BOTS, default=list(BOTS), help="bots (default: all)")
    parser.add_argument("--games", type=int, default=1000, help="games a row (default 1000)")
    parser.add_argument("--ms", type=float, default=50.0, help="time a decision of the searches (default 50)")
    parser.add_argument("--iterations", type=int, default=None, help="a fixed iteration budget instead of --ms")
    parser.add_argument("--seed", type=int, default=0, help="the seed block (default 0)")
    parser.add_argument("--clock", choices=sorted(search_clock.CLOCKS), default="cpu", help="what --ms counts")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--minutes", type=float, default=None, help="stop starting deals after this long")
    parser.add_argument("--results", default=str(RESULTS), help="folder of the run files")
    parser.add_argument("--ladder", type=Path, default=None, help="the ladder file (default: the shipped one)")
    parser.add_argument("--fingerprints", type=Path, default=None,
                        help="the fingerprints file written (default: the shipped one)")  # fmt: skip
    parser.add_argument("--docs", type=Path, default=DOCS, help="the page whose table is written (docs/ladder.md)")
    parser.add_argument("--print", action="store_true", help="play nothing: print fresh rows, refuse stale ones")
    parser.add_argument("--stamp", action="store_true", help="play nothing: write today's fingerprints and the table")
    args = parser.parse_args()
    ladder = args.ladder or shipped_path()
    if args.print:
        try:
            lines, all_fresh = printout(load(ladder))
        except FingerprintError as exc:
            raise SystemExit(f"the rows cannot be checked here: {exc}") from exc
        print("\n".join(lines))
        sys.exit(0 if all_fresh else 1)
    console = Console(width=max(Console().width, 120))
    try:
        stamps = todays_stamps()
    except FingerprintError as exc:
        raise SystemExit(f"no fingerprints written: {exc}") from exc
    where = args.fingerprints or stamps_path()
    where.write_text(dump_stamps(stamps), encoding="utf-8")
    console.print(f"today's fingerprints written to {where}", highlight=False)
    rows = load(ladder)
    if not args.stamp:
        rows = play_all(rows, ladder, args, console)
    write_docs(rows, stamps, args.docs)
    console.print(f"{args.docs} written", highlight=False)


def play_all(rows: list[Row], ladder: Path, args: argparse.Namespace, console: Console) -> list[Row]:
    """Play (or continue) every row asked for, each written into the ladder file once whole."""
    search_clock.use(args.clock)
    for game in args.game or ladder_games():
        for bot in args.bot:
            row = play(game, bot, args, console)
            if row is not None:
                rows = merged(rows, row)
                ladder.write_text(dumps(rows), encoding="utf-8")  # each row kept as soon as it is whole
                console.print(f"row written to {ladder}: {row.win_rate:.1%} of {row.games} games", highlight=False)
    return rows


if __name__ == "__main__":
    main()
