"""Running an arena: schedule, play (with a progress bar), summarise, and optionally write the files."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardroom.arena import backends
from cardroom.arena.config import ArenaConfig
from cardroom.arena.match import GameRecord, make_game
from cardroom.arena.schedule import schedule
from cardroom.arena.stats import summarize
from cardroom.bots.specs import follows_clock, make_bot
from cardroom.core.words import ENGLISH, Words


@dataclass
class ArenaResult:
    config: ArenaConfig
    records: list[GameRecord]
    summary: dict[str, Any]
    seconds: float
    # Every seed whose deals are in ``records``: one, or several once runs are merged (arena/merge.py).
    seeds: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.seeds:
            self.seeds = [self.config.seed]

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config.to_json(),
            "seeds": self.seeds,
            "seconds": self.seconds,
            "reproducible": self.reproducible,
            "summary": self.summary,
            "games": [r.to_json() for r in self.records],
        }

    @property
    def reproducible(self) -> bool:
        """Only iteration budgets (or no search) make a run repeat exactly; ms budgets follow the clock."""
        return not any(follows_clock(spec) for spec in self.config.bots)


def check_bots(config: ArenaConfig) -> int:
    """Make every bot once, so a bad spec fails before any game starts; returns the number of seats."""
    game = make_game(config)
    for spec in config.bots:
        make_bot(spec, game, allow_cheats=True)
    return game.players


def run_arena(config: ArenaConfig, progress: backends.Progress | None = None) -> ArenaResult:
    players = check_bots(config)
    tasks = schedule(len(config.bots), players, config.games, config.seed, config.challenger)
    start = time.perf_counter()
    records = backends.run(config, tasks, progress)
    seconds = time.perf_counter() - start
    return ArenaResult(config, records, summarize(records, config.bots, players, config.challenger), seconds)


def total_games(config: ArenaConfig) -> int:
    players = make_game(config).players
    return len(schedule(len(config.bots), players, config.games, config.seed, config.challenger)) * players


def write_results(result: ArenaResult, out: Path, words: Words = ENGLISH) -> list[Path]:
    """arena.json (data: its keys and labels stay English) and the plots, worded in ``words``."""
    from cardroom.arena.plots import write_plots

    out.mkdir(parents=True, exist_ok=True)
    path = out / "arena.json"
    path.write_text(json.dumps(result.to_json(), indent=1) + "\n", encoding="utf-8")
    return [path, *write_plots(result.summary, out, words)]
