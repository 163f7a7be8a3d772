"""The numbers an arena run reports, computed from its game records alone.

A seat's score in a game is its share of the win: 1/(number of winners) if it won, else 0. A bot's
win rate in a matchup is its score over the games; the interval is Wilson's 95% score interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from cardroom.arena.bot_names import CHEATS
from cardroom.arena.match import GameRecord
from cardroom.arena.ratings import ratings as plackett_luce
from cardroom.arena.schedule import matchups

Z95 = 1.959963984540054


def share_row(label: str, where: int, score: float, games: int, rate: str, players: int) -> dict[str, Any]:
    """One seat's (or one turn position's) row of a report: its ``score`` over ``games`` as ``rate``,
    with its Wilson interval and the fair share it is measured against."""
    low, high = wilson(score, games)
    return {
        label: where,
        "games": games,
        rate: score / games if games else 0.0,
        "wilson95": [low, high],
        "fair_share": 1.0 / players,
    }


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95% by default); ``wins`` may be fractional."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_score(record: GameRecord, seat: int) -> float:
    return 1.0 / len(record.winners) if seat in record.winners else 0.0


def _place(record: GameRecord, seat: int) -> int:
    place = 1
    for group in record.ranking:
        if seat in group:
            return place
        place += len(group)
    return place


def pairwise_wins(records: Sequence[GameRecord], bots: int) -> list[list[float]]:
    """``wins[i][j]``: over every pair of seats held by bots i != j, how often i placed better."""
    wins = [[0.0] * bots for _ in range(bots)]
    for record in records:
        places = [_place(record, s) for s in range(len(record.seats))]
        for s, a in enumerate(record.seats):
            for t, b in enumerate(record.seats):
                if t <= s or a == b:
                    continue
                if places[s] < places[t]:
                    wins[a][b] += 1
                elif places[t] < places[s]:
                    wins[b][a] += 1
                else:
                    wins[a][b] += 0.5
                    wins[b][a] += 0.5
    return wins


def bot_labels(specs: Sequence[str]) -> list[str]:
    """Unique, honest names: the spec, a #k when given twice, and (cheats) on the oracle."""
    labels: list[str] = []
    for spec in specs:
        label = spec + (CHEATS if spec.strip().lower().startswith("oracle") else "")
        count = sum(1 for s in specs[: len(labels)] if s == spec)
        labels.append(label if count == 0 else f"{label} #{count + 1}")
    return labels


def summarize(
    records: Sequence[GameRecord], specs: Sequence[str], players: int, challenger: bool = False
) -> dict[str, Any]:
    """Everything the table and the plots show, as JSON-safe data."""
    labels = bot_labels(specs)
    bots = len(specs)
    by_matchup: dict[int, list[GameRecord]] = {}
    for record in records:
        by_matchup.setdefault(record.matchup, []).append(record)
    # None: never measured (a bot against itself, or a pairing the schedule did not play); never 0%.
    head: list[list[float | None]] = [[None] * bots for _ in range(bots)]
    matchup_rows = []
    for m in matchups(bots, players, challenger):
        games = by_matchup.get(m.index, [])
        lead = m.lineup[0]
        score = sum(seat_score(r, r.seats.index(lead)) for r in games)
        n = len(games)
        rate = score / n if n else 0.0
        low, high = wilson(score, n)
        other = m.lineup[1]
        other_score = sum(seat_score(r, s) for r in games for s, b in enumerate(r.seats) if b == other)
        other_rate = other_score / (n * (players - 1)) if n else 0.0
        if n:
            head[lead][other] = rate
            if players == 2:
                head[other][lead] = other_rate
        field = labels[other] if players == 2 else f"{players - 1}× {labels[other]}"
        matchup_rows.append(
            {
                "matchup": m.index,
                "lineup": list(m.lineup),
                "label": f"{labels[lead]} vs {field}",
                "bot": labels[lead],
                "against": field,
                "games": n,
                "score": score,
                "win_rate": rate,
                "wilson95": [low, high],
                "fair_share": 1.0 / players,
                "opponent_win_rate": other_rate,
                "mean_steps": (sum(r.steps for r in games) / n) if n else 0.0,
                "curve": _curve(games, lead),
            }
        )
    wins = pairwise_wins(records, bots)
    ratings = plackett_luce(records, bots)
    seats = [
        share_row("seat", seat, sum(seat_score(r, seat) for r in records), len(records), "win_rate", players)
        for seat in range(players)
    ]
    timing = []
    for b in range(bots):
        decisions = sum(r.decisions[s] for r in records for s, x in enumerate(r.seats) if x == b)
        seconds = sum(r.think_seconds[s] for r in records for s, x in enumerate(r.seats) if x == b)
        worst = max((r.worst_seconds[s] for r in records for s, x in enumerate(r.seats) if x == b), default=0.0)
        timing.append(
            {
                "bot": labels[b],
                "decisions": decisions,
                "mean_ms": 1000.0 * seconds / decisions if decisions else 0.0,
                "worst_ms": 1000.0 * worst,
            }
        )
    return {
        "bots": labels,
        "players": players,
        "games": len(records),
        "matchups": matchup_rows,
        "head_to_head": head,
        "pairwise_wins": wins,
        "rating_model": "Plackett-Luce over whole finishing orders; 95% bootstrap over whole deals",
        "ratings": [{"bot": labels[b], **rating} for b, rating in enumerate(ratings)],
        "head_to_head_note": "null: never played (a bot against itself, or a pairing this schedule does not seat)",
        "seats": seats,
        "mean_steps": (sum(r.steps for r in records) / len(records)) if records else 0.0,
        "timing": timing,
    }


def _curve(games: Sequence[GameRecord], bot: int) -> list[float]:
    """The bot's running win rate after each game, in schedule order."""
    out, score = [], 0.0
    for i, record in enumerate(games, 1):
        score += seat_score(record, record.seats.index(bot))
        out.append(score / i)
    return out
