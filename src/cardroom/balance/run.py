"""A whole balance run: the games, the summary, the skill gap (an arena run), and a comparison."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardroom.balance.cardtests import compare_cards, correct
from cardroom.balance.config import BalanceConfig
from cardroom.balance.play import Progress, engine_path, make_game, play_games
from cardroom.balance.pooled import block_summary, compare_blocks
from cardroom.balance.stats import summarize

DEFAULT_SKILL_BOTS = ("random", "heuristic", "ismcts:iterations=100")


@dataclass
class BalanceResult:
    config: BalanceConfig
    games: list[dict[str, Any]]
    summary: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = clean({"config": self.config.to_json(), "summary": self.summary})
        return data


def clean(value: Any) -> Any:
    """JSON-safe: an interval that cannot be worked out (infinite, NaN) becomes null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clean(v) for v in value]
    return value


def describe(config: BalanceConfig) -> str:
    """The deck or options a run used, in a few words (T.A.C.O. names its deck version)."""
    game = make_game(config)
    opts = {k: v for k, v in game.options.items() if k != "players"}
    return ", ".join(f"{k}={v}" for k, v in sorted(opts.items()))


def run_balance(
    config: BalanceConfig,
    progress: Progress | None = None,
    skill_games: int = 0,
    skill_bots: tuple[str, ...] = DEFAULT_SKILL_BOTS,
) -> BalanceResult:
    games = play_games(config, progress)
    game = make_game(config)
    players = game.players
    specs = getattr(getattr(game, "deck", None), "specs", ())  # a deck that is data names every card
    summary = summarize(games, players, [spec.slug for spec in specs if not spec.starting])
    summary["setup"] = describe(config)
    summary["bots"] = list(config.bots)
    summary["engine"] = engine_path(config)
    summary["blocks"] = block_summary(games, players)
    if config.paired and "cards" in summary:
        from cardroom.balance.paired import paired_values

        values = paired_values(game, config.bots[0], config.seed, config.paired, config.block_count)
        for row in summary["cards"]:
            row["paired"] = values.get(row["card"])
    if "cards" in summary:
        summary["card_tests"] = correct(summary["cards"])  # many cards tested at once: Benjamini-Hochberg
    if skill_games > 0 and len(skill_bots) >= 2:
        summary["skill"] = skill_gap(config, skill_games, skill_bots)
    return BalanceResult(config, games, summary)


def skill_gap(config: BalanceConfig, games: int, bots: tuple[str, ...]) -> dict[str, Any]:
    """A win-share matrix of the given bots, played by the arena on duplicate deals."""
    from cardroom.arena import ArenaConfig, run_arena

    arena = run_arena(
        ArenaConfig(
            config.game,
            bots,
            games=games,
            preset=config.preset,
            options=dict(config.options),
            seed=config.seed,
            jobs=config.jobs,
            backend=config.backend,
        )
    )
    return {
        "bots": arena.summary["bots"],
        "head_to_head": arena.summary["head_to_head"],
        "games_per_matchup": games,
        "players": arena.summary["players"],
    }


def run_compare(a: BalanceConfig, b: BalanceConfig, progress: Progress | None = None) -> dict[str, Any]:
    """Both setups on the same deals and bot seeds, and every measure's difference (B - A)."""
    ra, rb = run_balance(a, progress), run_balance(b, progress)
    return {
        "a": ra,
        "b": rb,
        "rows": compare_blocks(ra.games, rb.games, ra.summary["players"]),
        "cards": compare_cards(ra.summary, rb.summary),
    }


def write_json(data: dict[str, Any], out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = out / "balance.json"
    path.write_text(json.dumps(clean(data), indent=1, allow_nan=False) + "\n", encoding="utf-8")
    return path
