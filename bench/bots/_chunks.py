"""An arena run played in chunks: every finished deal is appended to a file, a later run continues it.

A strength figure at 1 s a decision and 2,000 games takes hours to days of one core, far more than one
sitting on a shared machine. So the run is a file (JSON lines under ``bench/results``): its first line
is the arena config with the names of the bots its specs made (a spec's defaults may change between
two sittings: ``expert`` took another cut in one game, and a row must not mix the two bots) and a
fingerprint of the game's learned value (retrained weights change the bots that read them, not their
names) and one of the sources the bots play by (a kernel, an evidence reader or a search that reads
the others' play another way changes the bot, not its name), each further line the records of one
finished deal (every seat rotation of it).
A run reads the file, skips the deals already there and plays the rest, deal by deal, until it is
done or its time is up (``minutes``; the deals in flight then finish). The seeds of a deal depend only
on the run's seed, the matchup and the deal (``cardroom.arena.schedule``), so however the run is cut
up it plays the same games. Deals are played in the order deal 0 of every matchup, deal 1 of every
matchup, ..., so a partial run measures every matchup on the same deals.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

import cardroom
from cardroom.arena import ArenaConfig, ArenaResult
from cardroom.arena.match import GameRecord, make_game, run_task
from cardroom.arena.schedule import DealTask, schedule
from cardroom.arena.stats import summarize
from cardroom.bots.specs import make_bot
from cardroom.core import search_clock
from cardroom.core.game import Game
from cardroom.learn.weights import shipped_path


def made_bots(config: ArenaConfig) -> list[str]:
    """The names of the bots the run's specs make today: every setting a spec leaves to its defaults."""
    game = make_game(config)
    return [make_bot(spec, game, allow_cheats=True).name for spec in config.bots]


#: What a row's header keeps beside its bots' names, each a version of something that changes a bot
#: without changing its name: how a refusal names it then and now, and what changed.
STAMPED = {
    "value": ("the learned value", "the shipped weights are", "the value was retrained"),
    "code": ("the play code", "its sources are", "the code the bots play by changed"),
}

#: The packages a game's play goes through: the rules, the kernels and evidence readers (the game's own
#: package and the shared files of ``games``), the bots, the arena that deals and seats the games, the
#: compiled helpers and the learned value's features. The server, the web client, the analysis and the
#: command lines are left out: they change nothing a row measures.
PLAY_PACKAGES = ("arena", "bots", "core", "fast", "learn")
#: What of them counts: the sources and the data they read (a deck, measured rates of choices, weights).
PLAY_SUFFIXES = (".py", ".json", ".toml")
PACKAGE_ROOT = Path(cardroom.__file__).resolve().parent


def value_fingerprint(game_name: str) -> str:
    """The first 16 hex digits of the SHA-256 of the game's shipped weights file ("none" if it has none)."""
    path = shipped_path(game_name)
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16] if path.exists() else "none"


def code_fingerprint(game: Game, root: Path = PACKAGE_ROOT) -> str:
    """The first 16 hex digits of the SHA-256 of every source and data file under ``root`` (the
    ``cardroom`` package) that the game's play goes through (:data:`PLAY_PACKAGES`, the shared files of
    ``games`` and the game's own package), each with its path. Any edit there refuses a file, a
    refactor too: a sitting cannot tell one from a change of play, and refusing is the safe side."""
    package = root / "games" / type(game).__module__.split(".")[2]
    files = [*(root / "games").glob("*.py"), *package.rglob("*")]
    for name in PLAY_PACKAGES:
        files += (root / name).rglob("*")
    digest = hashlib.sha256()
    for path in sorted(f for f in files if f.suffix in PLAY_SUFFIXES and "__pycache__" not in f.parts):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _read(
    path: Path, config: ArenaConfig, made: list[str], stamps: dict[str, str]
) -> tuple[dict[tuple[int, int], dict[str, Any]], list[str], str | None]:
    """The deals already in ``path`` (keyed by matchup and deal), notes on broken lines, and why the
    file must not be continued, if it must not: the same specs make other bots now, the learned value
    was retrained since, or the sources the bots play by changed (a file written before the names or a
    fingerprint were kept is not checked for them). Refuses outright a file of another run."""
    done: dict[tuple[int, int], dict[str, Any]] = {}
    if not path.exists():
        return done, [], None
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        return done, [], None
    header = json.loads(lines[0])
    # Any number of jobs plays the same games, so a run may continue with another --jobs.
    if {**header.get("config", {}), "jobs": config.jobs} != config.to_json():
        raise SystemExit(f"{path} holds another run ({header.get('config')}); give another --results folder or seed")
    changed = None
    if "bots_made" in header and header["bots_made"] != made:
        changed = (
            f"{path} was played by {', '.join(header['bots_made'])}, and the same specs make "
            f"{', '.join(made)} now: the bots changed; give another --results folder"
        )
    else:
        for key, (played, now, why) in STAMPED.items():
            if key in header and header[key] != stamps[key]:
                changed = (
                    f"{path} was played with {played} {header[key]}, and {now} {stamps[key]} now: {why}; "
                    "give another --results folder"
                )
                break
    notes = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            item = json.loads(line)
        except json.JSONDecodeError:
            # Only a run killed mid-write leaves a broken line; that deal is simply played again.
            notes.append(f"line {number} of {path} is incomplete and was ignored")
            continue
        done[(item["matchup"], item["deal"])] = item
    return done, notes, changed


def _order(tasks: list[DealTask]) -> list[DealTask]:
    """Deal 0 of every matchup, then deal 1 of every matchup, ...: a partial run stays balanced."""
    return sorted(tasks, key=lambda t: (t.deal, t.matchup.index))


def run_chunked(
    config: ArenaConfig, path: Path, minutes: float | None, console: Console
) -> tuple[ArenaResult, dict[str, Any]]:
    """Continue the run stored in ``path`` for at most ``minutes``; returns every deal played so far
    as one arena result, and how far the run is (deals and games done and in all, seconds spent)."""
    made = made_bots(config)  # every bot made once, before any game: a bad spec fails here
    game = make_game(config)
    stamps = {"value": value_fingerprint(game.name), "code": code_fingerprint(game)}
    players = game.players
    tasks = schedule(len(config.bots), players, config.games, config.seed, config.challenger)
    done, notes, changed = _read(path, config, made, stamps)
    for note in notes:
        console.print(f"[yellow]{note}[/yellow]")
    pending = [t for t in _order(tasks) if (t.matchup.index, t.deal) not in done]
    if changed is not None:
        # Reading what other bots played is harmless; adding games of these bots to it is not.
        if pending and minutes != 0:
            raise SystemExit(changed)
        console.print(f"[yellow]{changed} (read only: nothing is played)[/yellow]")
    if not path.exists() or not path.read_text(encoding="utf-8").strip():
        path.parent.mkdir(parents=True, exist_ok=True)
        header = {"config": config.to_json(), "bots_made": made, **stamps}
        path.write_text(json.dumps(header) + "\n", encoding="utf-8")
    deadline = None if minutes is None else time.monotonic() + 60 * minutes
    start = time.perf_counter()
    columns = (
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
        TimeElapsedColumn(), TextColumn("left:"), TimeRemainingColumn(),
    )  # fmt: skip
    context = multiprocessing.get_context("fork")
    with (
        Progress(*columns, console=console, transient=False) as progress,
        ProcessPoolExecutor(max_workers=config.jobs, mp_context=context) as pool,
        path.open("a", encoding="utf-8") as out,
    ):
        bar = progress.add_task(path.name, total=len(tasks) * players, completed=len(done) * players)
        flight: dict[Future[list[GameRecord]], tuple[DealTask, float]] = {}
        queue = iter(pending)
        while True:
            while len(flight) < config.jobs and (deadline is None or time.monotonic() < deadline):
                task = next(queue, None)
                if task is None:
                    break
                flight[pool.submit(run_task, config, task)] = (task, time.perf_counter())
            if not flight:
                break
            finished, _ = wait(flight, return_when=FIRST_COMPLETED)
            for future in finished:
                task, began = flight.pop(future)
                item = {
                    "matchup": task.matchup.index, "deal": task.deal, "seconds": time.perf_counter() - began,
                    "clock": search_clock.name(),
                    "records": [r.to_json() for r in future.result()],
                }  # fmt: skip
                out.write(json.dumps(item) + "\n")
                out.flush()
                done[(task.matchup.index, task.deal)] = item
                progress.advance(bar, players)
    seconds = time.perf_counter() - start
    rank = {(t.matchup.index, t.deal): i for i, t in enumerate(tasks)}
    records = [GameRecord.from_json(r) for key in sorted(done, key=rank.__getitem__) for r in done[key]["records"]]
    result = ArenaResult(config, records, summarize(records, config.bots, players, config.challenger), seconds)
    deal_seconds = [item["seconds"] for item in done.values()]
    progress_info = {
        "deals_done": len(done), "deals": len(tasks), "games_done": len(done) * players,
        "games": len(tasks) * players, "seconds_this_run": seconds,
        "mean_deal_seconds": sum(deal_seconds) / len(deal_seconds) if deal_seconds else None,
    }  # fmt: skip
    return result, progress_info
