"""A run's headline figures per seed block and pooled (see :mod:`blocks`): seat shares, round length,
limits, and a comparison's differences, each with its heterogeneity test and a plain warning when the
blocks disagree or an interval is too wide to conclude."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from cardroom.arena.stats import Z95
from cardroom.balance.blocks import mean_homogeneity, share_blocks, warnings, width_note
from cardroom.balance.stats import mean_diff, newcombe, share, turns_per_player
from cardroom.core.words import ENGLISH, Words

TOLERANCE = 0.01  # a seat is fair when its win share is within 1 point of 1/players


def by_block(games: Sequence[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    count = 1 + max((int(g.get("block", 0)) for g in games), default=0)
    out: list[list[dict[str, Any]]] = [[] for _ in range(count)]
    for g in games:
        out[int(g.get("block", 0))].append(g)
    return out


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0] if values else math.nan, math.inf)
    m = sum(values) / len(values)
    var = sum((v - m) ** 2 for v in values) / (len(values) - 1)
    return (m, math.sqrt(var / len(values)))


def mean_blocks(per_block: Sequence[Sequence[float]]) -> dict[str, Any]:
    stats = [_mean_se(v) for v in per_block]
    pooled = mean_homogeneity([m for m, _ in stats], [e for _, e in stats])
    return {
        "blocks": [
            {"mean": m, "low95": m - Z95 * e, "high95": m + Z95 * e, "n": len(v)}
            for (m, e), v in zip(stats, per_block, strict=True)
        ],
        "mean": pooled["pooled"],
        "low95": pooled["low95"],
        "high95": pooled["high95"],
        "heterogeneity": {k: pooled[k] for k in ("statistic", "df", "p", "differ")},
    }


def block_summary(games: Sequence[dict[str, Any]], players: int, tolerance: float = TOLERANCE) -> dict[str, Any]:
    """Every seat position's win share, turns per player and the limited share, by block and pooled."""
    blocks = by_block(games)
    sizes = [len(b) for b in blocks]
    seats = []
    for position in range(players):
        wins = [sum(share(g, (g["first"] + position) % players) for g in b) for b in blocks]
        seats.append(share_blocks(wins, sizes, 1.0 / players, tolerance))
    limited = share_blocks([float(sum(1 for g in b if g["limited"])) for b in blocks], sizes, 0.0, 0.0)
    turns = mean_blocks([[t for g in b for t in turns_per_player(g, players)] for b in blocks])
    return {
        "count": len(blocks),
        "seats": seats,
        "limited": limited,
        "turns_per_player": turns,
        "warnings": block_warnings(seats, limited, turns),
        "notes": width_note(seats),
    }


def block_warnings(
    seats: Sequence[dict[str, Any]], limited: dict[str, Any], turns: dict[str, Any], words: Words = ENGLISH
) -> list[str]:
    """A sentence for each figure whose seed blocks disagree beyond chance (a block summary's parts)."""
    notes = []
    for position, s in enumerate(seats):
        notes += warnings(words.say("seat {n} in turn order", n=position + 1), s, words)
    if limited["heterogeneity"]["differ"]:
        notes += warnings(words.say("share of games ended by a limit"), {**limited, "verdict": None}, words)
    if turns["heterogeneity"]["differ"]:
        notes.append(
            words.say(
                "turns per player: the seed blocks disagree beyond chance (p = {p})",
                p=words.number(turns["heterogeneity"]["p"], ".2g"),
            )
        )
    return notes


def _se(d: tuple[float, float, float]) -> float:
    return (d[2] - d[1]) / (2 * Z95) if math.isfinite(d[1]) and math.isfinite(d[2]) else math.inf


def compare_blocks(
    games_a: Sequence[dict[str, Any]], games_b: Sequence[dict[str, Any]], players: int, tolerance: float = TOLERANCE
) -> list[dict[str, Any]]:
    """B - A block by block (the same block seeds on both sides), pooled by inverse variance, with
    Cochran's Q across the blocks' differences."""
    pairs = list(zip(by_block(games_a), by_block(games_b), strict=True))

    def first(gs: Sequence[dict[str, Any]]) -> float:
        return sum(share(g, g["first"]) for g in gs)

    def limited(gs: Sequence[dict[str, Any]]) -> float:
        return float(sum(1 for g in gs if g["limited"]))

    def turns(gs: Sequence[dict[str, Any]]) -> list[float]:
        return [t for g in gs for t in turns_per_player(g, players)]

    def actions(gs: Sequence[dict[str, Any]]) -> list[float]:
        return [float(g["actions"]) for g in gs if g["actions"] is not None]

    def mean(xs: Sequence[float]) -> float:
        return sum(xs) / len(xs) if xs else math.nan

    rows = []
    measures: list[tuple[str, Any, Any, float | None]] = [
        (
            "first seat's win share",
            lambda a, b: newcombe(first(b), len(b), first(a), len(a)),
            lambda gs: first(gs) / len(gs),
            tolerance,
        ),
        (
            "share of games ended by a limit",
            lambda a, b: newcombe(limited(b), len(b), limited(a), len(a)),
            lambda gs: limited(gs) / len(gs),
            None,
        ),
        ("mean turns per player", lambda a, b: mean_diff(turns(b), turns(a)), lambda gs: mean(turns(gs)), None),
        ("mean actions per game", lambda a, b: mean_diff(actions(b), actions(a)), lambda gs: mean(actions(gs)), None),
    ]
    for name, diff, value, tol in measures:
        per = [diff(a, b) for a, b in pairs]
        pooled = mean_homogeneity([d[0] for d in per], [_se(d) for d in per])
        differs = not pooled["low95"] <= 0.0 <= pooled["high95"]
        too_wide = tol is not None and not differs and (pooled["high95"] - pooled["low95"]) / 2 > tol
        rows.append(
            {
                "measure": name,
                "a": value(games_a),
                "b": value(games_b),
                "diff": pooled["pooled"],
                "low95": pooled["low95"],
                "high95": pooled["high95"],
                "differs": differs,
                "too_wide": too_wide,
                "blocks": [{"diff": d[0], "low95": d[1], "high95": d[2]} for d in per],
                "heterogeneity": {k: pooled[k] for k in ("statistic", "df", "p", "differ")},
            }
        )
    return rows
