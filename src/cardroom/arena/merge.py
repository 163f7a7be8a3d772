"""Merging arena runs: one long measurement split into runs with different seeds, summed afterwards.

A figure of 2,000 games at 1 s a decision is a day of CPU on a small machine; split into runs with
``--seed 1``, ``--seed 2``, ... it can be played a piece at a time, or on different machines, and
merged here. Runs merge only when they asked the same question (game, preset, options, bots, which
matchups) with different seeds: the same seed would replay the same deals and count them twice.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from cardroom.arena.config import ArenaConfig
from cardroom.arena.match import GameRecord
from cardroom.arena.run import ArenaResult
from cardroom.arena.stats import summarize
from cardroom.core.errors import CardroomError

# What must agree for two runs to be one measurement; the seed, jobs and backend may differ.
SAME_QUESTION = ("game", "preset", "options", "bots", "challenger")


class MergeError(CardroomError, ValueError):
    """Runs that cannot be merged, or a file that is no arena result; says which and why."""


def load_result(path: Path) -> ArenaResult:
    """An arena result from the ``arena.json`` that ``--out`` wrote."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MergeError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise MergeError(f"{path}: not JSON ({exc})") from None
    try:
        config = ArenaConfig.from_json(data["config"])
        records = [GameRecord.from_json(g) for g in data["games"]]
        players = int(data["summary"]["players"])
        seconds = float(data.get("seconds", 0.0))
        seeds = [int(s) for s in data.get("seeds", [config.seed])]
    except (KeyError, TypeError, ValueError) as exc:
        raise MergeError(f"{path}: not an arena result written by `cardroom arena --out` ({exc!r})") from None
    summary = summarize(records, config.bots, players, config.challenger)
    return ArenaResult(config, records, summary, seconds, seeds)


def merge(results: Sequence[ArenaResult]) -> ArenaResult:
    """One result holding every game of ``results``, summarised afresh."""
    if not results:
        raise MergeError("nothing to merge: give at least one arena.json")
    first = results[0]
    question = {k: getattr(first.config, k) for k in SAME_QUESTION}
    seen: dict[int, int] = {}
    for i, result in enumerate(results):
        other = {k: getattr(result.config, k) for k in SAME_QUESTION}
        differ = [k for k in SAME_QUESTION if other[k] != question[k]]
        if differ:
            raise MergeError(
                f"run {i + 1} asked a different question ({', '.join(differ)} differ from run 1); "
                "only runs of the same game, preset, options, bots and matchups merge"
            )
        for seed in result.seeds:
            if seed in seen:
                raise MergeError(
                    f"runs {seen[seed] + 1} and {i + 1} both used seed {seed}: they played the same deals; "
                    "run the extra games with another --seed"
                )
            seen[seed] = i
    players = int(first.summary["players"])
    records: list[GameRecord] = []
    offset = 0
    for result in results:
        # Deal numbers restart in every run; shifted, each game keeps a distinct (matchup, deal, rotation).
        records.extend(replace(r, deal=r.deal + offset) for r in result.records)
        offset += 1 + max((r.deal for r in result.records), default=-1)
    config = replace(first.config, games=sum(r.config.games for r in results))
    summary = summarize(records, config.bots, players, config.challenger)
    seconds = sum(r.seconds for r in results)
    return ArenaResult(config, records, summary, seconds, [s for r in results for s in r.seeds])
