"""Helpers shared by the benchmark scripts: play bots against each other, Wilson intervals, the shipped
opponent-model tables."""

from __future__ import annotations

import json
import random
import subprocess
import time
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardroom.arena.stats import wilson
from cardroom.core.bot import Bot
from cardroom.core.game import Game
from cardroom.core.outcome import Outcome

__all__ = ["heuristic_at", "play", "versus", "wilson", "write_model_row"]


def play(game: Game, bots: Sequence[Bot], seed: int) -> Outcome:
    """One game from ``seed``; ``bots[i]`` plays seat i, each seeing only its own view."""
    state = game.new_game(seed)
    rngs = [random.Random(seed * 31 + i) for i in range(game.players)]
    while not state.is_over:
        seat = state.to_act[0]
        text = bots[seat].choose(game, state.view(seat), rngs[seat])
        state = state.apply(seat, text)
    assert state.outcome is not None
    return state.outcome


def write_model_row(table: Path, model: str, row: dict[str, Any], about: str) -> None:
    """Put ``model``'s ``row`` (with the command that made it) into the shipped JSON ``table``, keeping
    the other models' rows."""
    data = json.loads(table.read_text()) if table.exists() else {"models": {}}
    data["models"][model] = row
    data["about"] = about
    table.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {model} ({row['games']} games) to {table.name}")


def heuristic_at(revision: str, package: str) -> type[Bot]:
    """The ``HeuristicBot`` class of ``cardroom/games/<package>/bot.py`` as it was at a git revision, so a
    change to a heuristic can be measured against the bot before it. Raises ``CalledProcessError`` when
    git cannot show that file."""
    root = Path(__file__).resolve().parents[2]
    path = f"src/cardroom/games/{package}/bot.py"
    source = subprocess.run(["git", "show", f"{revision}:{path}"], cwd=root, capture_output=True, text=True,
                            check=True).stdout  # fmt: skip
    module = types.ModuleType(f"{package}_bot_at_{revision}")
    exec(compile(source, f"{revision}:{path}", "exec"), module.__dict__)
    cls: type[Bot] = module.HeuristicBot
    return cls


def versus(game: Game, today: type[Bot], before: type[Bot], label: str, games: int, blocks: int,
           first_seed: int) -> None:  # fmt: skip
    """Two-player games of ``today`` against ``before`` (seats alternated), split into ``blocks`` blocks
    of seeds: prints each block's and the whole run's win rate of ``today`` with Wilson intervals."""
    size = games // blocks
    total, start = 0, time.perf_counter()
    for block in range(blocks):
        wins = 0
        for i in range(block * size, (block + 1) * size):
            bots: list[Bot] = [before(), before()]
            bots[i % 2] = today()
            wins += (i % 2) in play(game, bots, first_seed + i).winners
        total += wins
        low, high = wilson(wins, size)
        print(
            f"  block {block + 1}: today's heuristic wins {wins}/{size} = {wins / size:.1%} "
            f"(95% CI {low:.1%}-{high:.1%})"
        )
    n = size * blocks
    low, high = wilson(total, n)
    print(
        f"{label}: today's heuristic against the one before: wins {total}/{n} = {total / n:.1%} "
        f"(95% CI {low:.1%}-{high:.1%}) in {time.perf_counter() - start:.1f}s"
    )
