"""The numbers a balance run reports, computed from its game facts alone (see :mod:`probes`).

Intervals are 95%: Wilson's score interval for a share, Newcombe's hybrid score interval for the
difference of two shares, and a normal (Welch) interval for the difference of two means.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardroom.arena.stats import Z95, share_row, wilson


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile with linear interpolation between order statistics (numpy's default)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def newcombe(wins1: float, n1: int, wins2: float, n2: int) -> tuple[float, float, float]:
    """The difference p1 - p2 and its 95% interval (Newcombe 1998, method 10: hybrid Wilson)."""
    if n1 == 0 or n2 == 0:
        return (0.0, -1.0, 1.0)
    p1, p2 = wins1 / n1, wins2 / n2
    l1, u1 = wilson(wins1, n1)
    l2, u2 = wilson(wins2, n2)
    d = p1 - p2
    return (d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def mean_diff(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """mean(a) - mean(b) and its 95% normal interval with each sample's own variance (Welch)."""
    if len(a) < 2 or len(b) < 2:
        return (0.0, float("-inf"), float("inf"))
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / (len(a) - 1)
    vb = sum((x - mb) ** 2 for x in b) / (len(b) - 1)
    half = Z95 * math.sqrt(va / len(a) + vb / len(b))
    return (ma - mb, ma - mb - half, ma - mb + half)


def spread(values: Sequence[float]) -> dict[str, Any]:
    """Median, 95th percentile, mean, extremes and the values themselves (for the histogram)."""
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "median": quantile(values, 0.5),
        "p95": quantile(values, 0.95),
        "mean": sum(values) / len(values),
        "min": min(values),
        "max": max(values),
        "values": list(values),
    }


def share(record: dict[str, Any], seat: int) -> float:
    """A seat's share of the win: 1/(number of winners) if it won, else 0."""
    winners = record["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def turns_per_player(game: dict[str, Any], players: int) -> list[float]:
    """Each round's length in turns per player (T.A.C.O. rounds), or the game's, or nothing."""
    if "round_info" in game:
        return [r["turns"] / players for r in game["round_info"]]
    return [] if game["turns"] is None else [game["turns"] / players]


def limits(games: Sequence[dict[str, Any]]) -> dict[str, Any]:
    limited = sum(1 for g in games if g["limited"])
    rounds = sum(g["rounds"] for g in games)
    limited_rounds = sum(g["limited_rounds"] for g in games)
    return {
        "games": len(games),
        "games_limited": limited,
        "share": limited / len(games) if games else 0.0,
        "wilson95": list(wilson(limited, len(games))),
        "rounds": rounds,
        "rounds_limited": limited_rounds,
        "round_share": limited_rounds / rounds if rounds else 0.0,
        "reasons": dict(Counter(g["reason"] for g in games if g["limited"])),
    }


def seat_advantage(games: Sequence[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Win share by turn order: position 0 moved first in the game (whoever that seat was)."""
    return [
        share_row(
            "position",
            position,
            sum(share(g, (g["first"] + position) % players) for g in games),
            len(games),
            "win_share",
            players,
        )
        for position in range(players)
    ]


def card_values(games: Sequence[dict[str, Any]], players: int, deck: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Each card's value for its holder: win share and point margin when it was in the opening hand
    (or played) against the seats of the same games without it. The margin is the seat's score minus
    the table's mean score, so it compares like with like across player counts."""
    rows: dict[str, dict[str, Any]] = {}
    per_seat: list[tuple[set[str], set[str], float, float]] = []  # opening, played, win share, margin
    known_play = all(g.get("played") is not None for g in games)  # the kernel does not record plays
    for g in games:
        scores = g["scores"] or [0.0] * players
        mean = sum(scores) / players
        for seat in range(players):
            played = set(g["played"][seat]) if known_play else set()
            per_seat.append((set(g["opening"][seat]), played, share(g, seat), scores[seat] - mean))
    cards = sorted({c for g in games for hand in g["opening"] + (g["played"] or []) for c in hand} | set(deck))
    for card in cards:
        row: dict[str, Any] = {"card": card, "played": None}
        for label in ("opening", "played") if known_play else ("opening",):
            with_ = [s for s in per_seat if card in (s[0] if label == "opening" else s[1])]
            without = [s for s in per_seat if card not in (s[0] if label == "opening" else s[1])]
            if not with_ or not without:  # a card never in that place (played at once when dealt): no figure
                row[label] = None
                continue
            d, low, high = newcombe(sum(s[2] for s in with_), len(with_), sum(s[2] for s in without), len(without))
            m, mlow, mhigh = mean_diff([s[3] for s in with_], [s[3] for s in without])
            row[label] = {
                "seats": len(with_),
                "win_effect": d,
                "win95": [low, high],
                "points_effect": m,
                "points95": [mlow, mhigh],
            }
        row["games_played"] = sum(1 for g in games if any(card in p for p in g["played"])) if known_play else None
        row["share_of_games_played"] = row["games_played"] / len(games) if known_play and games else None
        row["played95"] = list(wilson(row["games_played"], len(games))) if known_play and games else None
        rows[card] = row
    return list(rows.values())


def pool_curve(games: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pool at the start of each turn of round 1: mean and quartiles over the games still going."""
    longest = max((len(g["pool"]) for g in games), default=0)
    out = []
    for t in range(longest):
        at = [float(g["pool"][t]) for g in games if len(g["pool"]) > t]
        out.append(
            {
                "turn": t,
                "games": len(at),
                "mean": sum(at) / len(at),
                "q25": quantile(at, 0.25),
                "q75": quantile(at, 0.75),
            }
        )
    return out


def stalls(games: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What was in the tacos when a limit ended a round: how often each card was there."""
    found = [s for g in games for s in g.get("stalls", [])]
    cards: Counter[str] = Counter()
    for stall in found:
        for taco in stall["tacos"]:
            cards.update(taco[1:])
    return {
        "rounds": len(found),
        "cards": dict(cards.most_common()),
        "mean_pool": sum(s["pool"] for s in found) / len(found) if found else 0.0,
        "examples": found[:3],
    }


def summarize(games: Sequence[dict[str, Any]], players: int, deck: Sequence[str] = ()) -> dict[str, Any]:
    """Everything the tables, plots and balance.json show."""
    out: dict[str, Any] = {
        "players": players,
        "games": len(games),
        "limits": limits(games),
        "length": {
            "turns_per_player": spread([t for g in games for t in turns_per_player(g, players)]),
            "actions": spread([float(g["actions"]) for g in games if g["actions"] is not None]),
            "rounds": spread([float(g["rounds"]) for g in games]),
        },
        "seats": seat_advantage(games, players),
    }
    if games and "opening" in games[0]:
        fires: Counter[str] = Counter()
        for g in games:
            fires.update(g["fires"])
        out["cards"] = card_values(games, players, deck)
        out["fires"] = {k: v / len(games) for k, v in sorted(fires.items(), key=lambda kv: -kv[1])}
        out["pool"] = pool_curve(games)
        out["stalls"] = stalls(games)
    return out
