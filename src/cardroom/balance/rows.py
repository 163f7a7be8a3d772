"""The rows of the balance report's tables and its plain lines, in words a person reads: the terminal
prints them (``terminal.py``) in its language, the HTML report (``report.py``) in English.

Each function takes ``words`` (:mod:`cardroom.core.words`): English by default. Figures are written through it too, in
the language's style (``50.0%``, ``+1.2`` in English, ``50,0 %``, ``+1,2`` in German); bots' specs,
options, effects' and cards' names stay as the run wrote them.
"""

from __future__ import annotations

import math
from typing import Any

from cardroom.balance.cardtests import FALSE_DISCOVERY, RAW_LEVEL, headline
from cardroom.core.words import ENGLISH, Words

TOP_CARDS = 12


def limit_line(s: dict[str, Any], words: Words = ENGLISH) -> tuple[str, bool]:
    lim = s["limits"]
    text = words.say(
        "ended by a safety limit: {limited} of {games} games ({share}), {rounds_limited} of {rounds} rounds "
        "({round_share})",
        limited=lim["games_limited"],
        games=lim["games"],
        share=words.percent(lim["share"]),
        rounds_limited=lim["rounds_limited"],
        rounds=lim["rounds"],
        round_share=words.percent(lim["round_share"]),
    )
    return text, lim["games_limited"] > 0 or lim["rounds_limited"] > 0


def length_rows(s: dict[str, Any], words: Words = ENGLISH) -> list[list[str]]:
    rows = []
    for key, label in (
        ("turns_per_player", words.say("turns per player (round)")),
        ("actions", words.say("actions (game)")),
        ("rounds", words.say("rounds (game)")),
    ):
        d = s["length"][key]
        if d.get("n"):
            figures = [d["median"], d["p95"], d["mean"]]
            rows.append([label, *(words.number(x, ".1f") for x in figures), words.number(d["max"], ".0f")])
    return rows


def length_head(words: Words = ENGLISH) -> list[str]:
    return [words.say("measure"), words.say("median"), words.say("95th pct"), words.say("mean"), words.say("max")]


def seat_rows(s: dict[str, Any], words: Words = ENGLISH) -> list[list[str]]:
    return [
        [
            str(r["position"] + 1),
            words.percent(r["win_share"]),
            f"{words.percent(r['wilson95'][0])} … {words.percent(r['wilson95'][1])}",
            words.percent(r["fair_share"]),
        ]
        for r in s["seats"]
    ]


def not_available(words: Words = ENGLISH) -> str:
    """A figure that cannot exist (no seat ever had the card there)."""
    return words.say("n/a")


def effect(cell: dict[str, Any] | None, key: str, scale: float, words: Words = ENGLISH) -> str:
    """A figure with its interval, or n/a where it cannot exist (no seat ever had the card there)."""
    if cell is None:
        return not_available(words)
    low, high = cell[key + "95"]
    value = cell["win_effect" if key == "win" else "points_effect"]
    if low is None or high is None or not (math.isfinite(low) and math.isfinite(high)):
        return not_available(words)
    return f"{signed(scale * value, words)} ({signed(scale * low, words)}…{signed(scale * high, words)})"


def signed(x: float, words: Words = ENGLISH, digits: int = 1) -> str:
    """A difference with its sign (``+1.2``)."""
    return words.number(x, f"+.{digits}f")


def headline_order(r: dict[str, Any]) -> float:
    """Cards by their headline value (paired where measured, else observed), the best first."""
    _, c = headline(r)
    return -c["win_effect"] if c is not None else 1.0


def q_cell(c: dict[str, Any] | None, words: Words = ENGLISH) -> str:
    """A figure's Benjamini-Hochberg q, starred when it is kept (below the false discovery level)."""
    if c is None or "win_q" not in c:
        return not_available(words)
    return words.number(c["win_q"], ".3f") + ("*" if c["flagged"] else "")


def card_rows(s: dict[str, Any], limit: int | None = TOP_CARDS, words: Words = ENGLISH) -> list[list[str]]:
    rows = sorted(s.get("cards", []), key=headline_order)
    if limit is not None and len(rows) > 2 * limit:
        rows = rows[:limit] + rows[-limit:]
    return [_card_row(r, words) for r in rows]


def _card_row(r: dict[str, Any], words: Words) -> list[str]:
    """A card's figures: where it was played, observed (opening hand, played), paired (blank, one more)."""
    o, p = r["opening"], r["played"]
    played_in = (
        not_available(words)
        if r["share_of_games_played"] is None
        else (
            f"{words.percent(r['share_of_games_played'])} "
            f"({words.percent(r['played95'][0])}…{words.percent(r['played95'][1])})"
        )
    )
    paired = r.get("paired") or {}
    return [
        r["card"],
        played_in,
        effect(o, "win", 100.0, words),
        effect(o, "points", 1.0, words),
        effect(p, "win", 100.0, words),
        *(
            effect(paired.get(v), k, sc, words)
            for v in ("blank", "extra")
            for k, sc in (("win", 100.0), ("points", 1.0))
        ),
        q_cell(paired.get("blank"), words),
        q_cell(o, words),
    ]


def card_head(words: Words = ENGLISH) -> list[str]:
    points = words.say("points Δ (95%)")
    return [
        words.say("card"),
        words.say("played in (95%)"),
        words.say("observed, in opening hand: win Δ (95%)"),
        points,
        words.say("observed, played: win Δ (95%)"),
        words.say("paired, card vs blank: win Δ (95%)"),
        points,
        words.say("paired, one more copy: win Δ (95%)"),
        points,
        words.say("BH q, paired vs blank"),
        words.say("BH q, observed opening"),
    ]


def differ_cell(het: dict[str, Any], words: Words = ENGLISH, prefix: str = "p=") -> str:
    """A heterogeneity test's p, marked when the blocks disagree beyond chance."""
    return f"{prefix}{words.number(het['p'], '.2f')}" + (" " + words.say("DIFFER") if het["differ"] else "")


def block_rows(s: dict[str, Any], words: Words = ENGLISH) -> list[list[str]]:
    """Each seat's win share per seed block, pooled with its interval, the blocks' agreement, the verdict."""
    b = s.get("blocks")
    if not b:
        return []
    rows = []
    for position, seat in enumerate(b["seats"]):
        lo, hi = seat["wilson95"]
        verdict = {
            "within": words.say("fair ±{points}", points=words.number(100 * seat["tolerance"], ".0f")),
            "outside": words.say("UNFAIR"),
            "too wide": words.say("too wide"),
        }[seat["verdict"]]
        rows.append(
            [
                words.say("seat {n}", n=position + 1),
                *(words.percent(x["share"]) for x in seat["blocks"]),
                f"{words.percent(seat['share'])} ({words.percent(lo)}…{words.percent(hi)})",
                differ_cell(seat["heterogeneity"], words),
                verdict,
            ]
        )
    t = b["turns_per_player"]
    if not any(x["n"] for x in t["blocks"]):  # no per-game lengths on this engine
        return rows
    rows.append(
        [
            words.say("turns/player"),
            *(words.number(x["mean"], ".2f") for x in t["blocks"]),
            f"{words.number(t['mean'], '.2f')} ({words.number(t['low95'], '.2f')}…{words.number(t['high95'], '.2f')})",
            differ_cell(t["heterogeneity"], words),
            "",
        ]
    )
    return rows


def block_numbers(count: int, words: Words = ENGLISH) -> list[str]:
    return [words.say("block {n}", n=i + 1) for i in range(count)]


def block_head(s: dict[str, Any], words: Words = ENGLISH) -> list[str]:
    count = s["blocks"]["count"] if s.get("blocks") else 0
    return [
        words.say("figure"),
        *block_numbers(count, words),
        words.say("pooled (95%)"),
        words.say("blocks agree?"),
        words.say("verdict"),
    ]


def differs_word(r: dict[str, Any], words: Words = ENGLISH) -> str:
    if r["differs"]:
        return words.say("yes")
    return words.say("too wide to say") if r.get("too_wide") else words.say("no")


def measure_name(measure: str, words: Words = ENGLISH, short: bool = False) -> str:
    """A comparison's measure (as ``pooled.compare_blocks`` names it), in full or short for a narrow table."""
    full = {
        "first seat's win share": words.say("first seat's win share"),
        "share of games ended by a limit": words.say("share of games ended by a limit"),
        "mean turns per player": words.say("mean turns per player"),
        "mean actions per game": words.say("mean actions per game"),
    }
    brief = {
        "first seat's win share": words.say("first seat wins"),
        "share of games ended by a limit": words.say("games capped"),
        "mean turns per player": words.say("turns/player"),
        "mean actions per game": words.say("actions/game"),
    }
    return (brief if short else full).get(measure, measure)


def compare_rows(rows: list[dict[str, Any]], words: Words = ENGLISH) -> tuple[list[list[str]], list[list[str]]]:
    """A comparison's rows with every block's difference, and narrow: with the blocks' agreement instead."""
    wide, narrow = [], []
    for r in rows:
        share = "share" in r["measure"]
        scale = 100.0 if share else 1.0

        def fmt(x: float, share: bool = share) -> str:
            return words.percent(x) if share else words.number(x, ".2f")

        def diff(x: float, scale: float = scale) -> str:
            return signed(scale * x, words, 2)

        pooled = [diff(r["diff"]), f"{diff(r['low95'])} … {diff(r['high95'])}"]
        het = r.get("heterogeneity") or {"p": 1.0, "differ": False}
        said = differs_word(r, words)
        wide.append(
            [
                measure_name(r["measure"], words),
                fmt(r["a"]),
                fmt(r["b"]),
                *(diff(x["diff"]) for x in r.get("blocks", [])),
                *pooled,
                said,
            ]
        )
        narrow.append(
            [
                measure_name(r["measure"], words, short=True),
                fmt(r["a"]),
                fmt(r["b"]),
                pooled[0],
                f"{diff(r['low95'])}…{diff(r['high95'])}",
                differ_cell(het, words, prefix=""),
                words.say("too wide") if r.get("too_wide") and not r["differs"] else said,
            ]
        )
    return wide, narrow


def compare_head(count: int, words: Words = ENGLISH) -> list[str]:
    """The wide comparison's columns: the measure, each side, each block's difference, the pooled one."""
    return [
        words.say("measure"),
        "A",
        "B",
        *block_numbers(count, words),
        words.say("B - A pooled"),
        "95%",
        words.say("differs"),
    ]


def skill_cells(row: list[float | None], words: Words = ENGLISH) -> list[str]:
    return ["–" if v is None else words.percent(v) for v in row]


def figure_name(figure: str, words: Words = ENGLISH) -> str:
    """A tested card figure (``cardtests.FAMILIES``' labels, a comparison's figure), in words."""
    names = {
        "paired, card vs blank": words.say("paired, card vs blank"),
        "paired, one more copy": words.say("paired, one more copy"),
        "observed, opening hand": words.say("observed, opening hand"),
        "paired": words.say("paired"),
        "observed": words.say("observed"),
    }
    return names.get(figure, figure)


def test_lines(s: dict[str, Any], words: Words = ENGLISH) -> list[str]:
    """What testing every card at once means, per figure: how many cards were tested, how many would
    pass at 5% by chance alone, and which the Benjamini-Hochberg correction keeps."""
    return [
        words.say_n(
            "{figure}: {count} card tested at once; {raw} have p < 0.05, where chance alone gives about "
            "{by_chance}; {method} keeps {kept}: {cards}",
            "{figure}: {count} cards tested at once; {raw} have p < 0.05, where chance alone gives about "
            "{by_chance}; {method} keeps {kept}: {cards}",
            fam["tests"],
            figure=figure_name(fam["figure"], words),
            raw=fam["raw"],
            by_chance=words.number(fam["by_chance"], ".1f"),
            method=fam["method"],
            kept=len(fam["flagged"]),
            cards=", ".join(fam["flagged"]) or words.say("none"),
        )
        for fam in s.get("card_tests", [])
    ]


def card_compare_table(cards: list[dict[str, Any]], words: Words = ENGLISH) -> tuple[list[str], list[list[str]]]:
    """Per card: A's value, B's, B - A with its 95% interval and the Benjamini-Hochberg q (win share, points)."""

    def value(x: float | None) -> str:
        return not_available(words) if x is None else signed(100 * x, words)

    rows = []
    for c in cards:
        if c["diff"] is None:
            rows.append([c["card"], value(c["a"]), value(c["b"]), not_available(words), "", ""])
            continue
        rows.append(
            [
                c["card"],
                value(c["a"]),
                value(c["b"]),
                f"{value(c['diff'])} ({value(c['low95'])}…{value(c['high95'])})",
                words.number(c["q"], ".3f"),
                words.say("yes") if c["differs"] else words.say("no"),
            ]
        )
    head = [
        words.say("card"),
        "A",
        "B",
        words.say("B - A (95%)"),
        words.say("BH q"),
        f"q<{words.number(FALSE_DISCOVERY, 'g')}",
    ]
    return head, rows


def card_compare_lines(cards: list[dict[str, Any]], words: Words = ENGLISH) -> list[str]:
    tested = [c for c in cards if c["diff"] is not None]
    raw = sum(1 for c in tested if c["p"] is not None and c["p"] < RAW_LEVEL)
    kept = [c["card"] for c in tested if c["differs"]]
    return [
        words.say_n(
            "{count} card compared at once; {raw} have p < 0.05, where chance alone gives about {by_chance}; "
            "Benjamini-Hochberg (q < {level}) keeps {kept}: {cards}",
            "{count} cards compared at once; {raw} have p < 0.05, where chance alone gives about {by_chance}; "
            "Benjamini-Hochberg (q < {level}) keeps {kept}: {cards}",
            len(tested),
            raw=raw,
            by_chance=words.number(RAW_LEVEL * len(tested), ".1f"),
            level=words.number(FALSE_DISCOVERY, "g"),
            kept=len(kept),
            cards=", ".join(kept) or words.say("none"),
        )
    ]


def kernel_note(words: Words = ENGLISH) -> str:
    return words.say(
        "Effects fired, the pool over time and what stalled tacos held: played on the compiled kernel, "
        "which does not record them (run with --engine reference for them)."
    )
