"""The balance report in words: the rows of every table (the terminal prints them, ``terminal.py``) and a
self-contained report.html with every column.

The share of games or rounds ended by a safety limit comes first, in red when it is not zero: a
round that ends by a limit is not a finished game, so every other figure is suspect until it is zero.
"""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Any

from cardroom.balance.cardtests import FALSE_DISCOVERY, RAW_LEVEL, headline

TOP_CARDS = 12


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def interval(pair: list[float | None], scale: float = 100.0, unit: str = "") -> str:
    if pair[0] is None or pair[1] is None:
        return "–"
    return f"{scale * pair[0]:+.1f}{unit}…{scale * pair[1]:+.1f}{unit}"


def limit_line(s: dict[str, Any]) -> tuple[str, bool]:
    lim = s["limits"]
    text = (
        f"ended by a safety limit: {lim['games_limited']} of {lim['games']} games ({pct(lim['share'])}), "
        f"{lim['rounds_limited']} of {lim['rounds']} rounds ({pct(lim['round_share'])})"
    )
    return text, lim["games_limited"] > 0 or lim["rounds_limited"] > 0


def length_rows(s: dict[str, Any]) -> list[list[str]]:
    rows = []
    for key, label in (
        ("turns_per_player", "turns per player (round)"),
        ("actions", "actions (game)"),
        ("rounds", "rounds (game)"),
    ):
        d = s["length"][key]
        if d.get("n"):
            rows.append([label, f"{d['median']:.1f}", f"{d['p95']:.1f}", f"{d['mean']:.1f}", f"{d['max']:.0f}"])
    return rows


def seat_rows(s: dict[str, Any]) -> list[list[str]]:
    return [
        [
            str(r["position"] + 1),
            pct(r["win_share"]),
            f"{pct(r['wilson95'][0])} … {pct(r['wilson95'][1])}",
            pct(r["fair_share"]),
        ]
        for r in s["seats"]
    ]


def effect(cell: dict[str, Any] | None, key: str, scale: float) -> str:
    """A figure with its interval, or n/a where it cannot exist (no seat ever had the card there)."""
    if cell is None:
        return "n/a"
    low, high = cell[key + "95"]
    value = cell["win_effect" if key == "win" else "points_effect"]
    if low is None or high is None or not (math.isfinite(low) and math.isfinite(high)):
        return "n/a"
    return f"{scale * value:+.1f} ({scale * low:+.1f}…{scale * high:+.1f})"


def headline_order(r: dict[str, Any]) -> float:
    """Cards by their headline value (paired where measured, else observed), the best first."""
    _, c = headline(r)
    return -c["win_effect"] if c is not None else 1.0


def q_cell(c: dict[str, Any] | None) -> str:
    """A figure's Benjamini-Hochberg q, starred when it is kept (below the false discovery level)."""
    if c is None or "win_q" not in c:
        return "n/a"
    return f"{c['win_q']:.3f}" + ("*" if c["flagged"] else "")


def card_rows(s: dict[str, Any], limit: int | None = TOP_CARDS) -> list[list[str]]:
    rows = sorted(s.get("cards", []), key=headline_order)
    if limit is not None and len(rows) > 2 * limit:
        rows = rows[:limit] + rows[-limit:]
    out = []
    for r in rows:
        o, p = r["opening"], r["played"]
        played_in = (
            "n/a"
            if r["share_of_games_played"] is None
            else (f"{pct(r['share_of_games_played'])} ({pct(r['played95'][0])}…{pct(r['played95'][1])})")
        )
        paired = r.get("paired") or {}
        out.append(
            [
                r["card"],
                played_in,
                effect(o, "win", 100.0),
                effect(o, "points", 1.0),
                effect(p, "win", 100.0),
                *(
                    effect(paired.get(v), k, sc)
                    for v in ("blank", "extra")
                    for k, sc in (("win", 100.0), ("points", 1.0))
                ),
                q_cell(paired.get("blank")),
                q_cell(o),
            ]
        )
    return out


def block_rows(s: dict[str, Any]) -> list[list[str]]:
    """Each seat's win share per seed block, pooled with its interval, the blocks' agreement, the verdict."""
    b = s.get("blocks")
    if not b:
        return []
    rows = []
    for position, seat in enumerate(b["seats"]):
        het = seat["heterogeneity"]
        lo, hi = seat["wilson95"]
        rows.append(
            [
                f"seat {position + 1}",
                *(pct(x["share"]) for x in seat["blocks"]),
                f"{pct(seat['share'])} ({pct(lo)}…{pct(hi)})",
                f"p={het['p']:.2f}" + (" DIFFER" if het["differ"] else ""),
                {"within": f"fair ±{100 * seat['tolerance']:.0f}", "outside": "UNFAIR", "too wide": "too wide"}[
                    seat["verdict"]
                ],
            ]
        )
    t = b["turns_per_player"]
    het = t["heterogeneity"]
    if not any(x["n"] for x in t["blocks"]):  # no per-game lengths on this engine
        return rows
    rows.append(
        [
            "turns/player",
            *(f"{x['mean']:.2f}" for x in t["blocks"]),
            f"{t['mean']:.2f} ({t['low95']:.2f}…{t['high95']:.2f})",
            f"p={het['p']:.2f}" + (" DIFFER" if het["differ"] else ""),
            "",
        ]
    )
    return rows


def block_head(s: dict[str, Any]) -> list[str]:
    count = s["blocks"]["count"] if s.get("blocks") else 0
    return ["figure", *(f"block {i + 1}" for i in range(count)), "pooled (95%)", "blocks agree?", "verdict"]


CARD_HEAD = [
    "card",
    "played in (95%)",
    "observed, in opening hand: win Δ (95%)",
    "points Δ (95%)",
    "observed, played: win Δ (95%)",
    "paired, card vs blank: win Δ (95%)",
    "points Δ (95%)",
    "paired, one more copy: win Δ (95%)",
    "points Δ (95%)",
    "BH q, paired vs blank",
    "BH q, observed opening",
]


def differs_word(r: dict[str, Any]) -> str:
    if r["differs"]:
        return "yes"
    return "too wide to say" if r.get("too_wide") else "no"


def compare_rows(rows: list[dict[str, Any]]) -> tuple[list[list[str]], list[list[str]]]:
    """A comparison's rows with every block's difference, and narrow: with the blocks' agreement instead."""
    wide, narrow = [], []
    for r in rows:
        share = "share" in r["measure"]
        fmt = pct if share else (lambda x: f"{x:.2f}")
        scale = 100.0 if share else 1.0
        pooled = [f"{scale * r['diff']:+.2f}", f"{scale * r['low95']:+.2f} … {scale * r['high95']:+.2f}"]
        het = r.get("heterogeneity") or {"p": 1.0, "differ": False}
        wide.append(
            [
                r["measure"],
                fmt(r["a"]),
                fmt(r["b"]),
                *(f"{scale * x['diff']:+.2f}" for x in r.get("blocks", [])),
                *pooled,
                differs_word(r),
            ]
        )
        narrow.append(
            [
                SHORT_MEASURES.get(r["measure"], r["measure"]),
                fmt(r["a"]),
                fmt(r["b"]),
                pooled[0],
                f"{scale * r['low95']:+.2f}…{scale * r['high95']:+.2f}",
                f"{het['p']:.2f}" + (" DIFFER" if het["differ"] else ""),
                "too wide" if differs_word(r) == "too wide to say" else differs_word(r),
            ]
        )
    return wide, narrow


SHORT_MEASURES = {
    "first seat's win share": "first seat wins",
    "share of games ended by a limit": "games capped",
    "mean turns per player": "turns/player",
    "mean actions per game": "actions/game",
}


def skill_cells(row: list[float | None]) -> list[str]:
    return ["–" if v is None else pct(v) for v in row]


def test_lines(s: dict[str, Any]) -> list[str]:
    """What testing every card at once means, per figure: how many cards were tested, how many would
    pass at 5% by chance alone, and which the Benjamini-Hochberg correction keeps."""
    out = []
    for fam in s.get("card_tests", []):
        kept = ", ".join(fam["flagged"]) or "none"
        out.append(
            f"{fam['figure']}: {fam['tests']} cards tested at once; {fam['raw']} have p < 0.05, where "
            f"chance alone gives about {fam['by_chance']:.1f}; {fam['method']} keeps {len(fam['flagged'])}: "
            f"{kept}"
        )
    return out


def card_compare_table(cards: list[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """Per card: A's value, B's, B - A with its 95% interval and the Benjamini-Hochberg q (win share, points)."""

    def value(x: float | None) -> str:
        return "n/a" if x is None else f"{100 * x:+.1f}"

    rows = []
    for c in cards:
        if c["diff"] is None:
            rows.append([c["card"], value(c["a"]), value(c["b"]), "n/a", "", ""])
            continue
        rows.append(
            [
                c["card"],
                value(c["a"]),
                value(c["b"]),
                f"{100 * c['diff']:+.1f} ({100 * c['low95']:+.1f}…{100 * c['high95']:+.1f})",
                f"{c['q']:.3f}",
                "yes" if c["differs"] else "no",
            ]
        )
    return ["card", "A", "B", "B - A (95%)", "BH q", f"q<{FALSE_DISCOVERY:g}"], rows


def card_compare_lines(cards: list[dict[str, Any]]) -> list[str]:
    tested = [c for c in cards if c["diff"] is not None]
    raw = sum(1 for c in tested if c["p"] is not None and c["p"] < RAW_LEVEL)
    kept = [c["card"] for c in tested if c["differs"]]
    return [
        f"{len(tested)} cards compared at once; {raw} have p < 0.05, where chance alone gives about "
        f"{RAW_LEVEL * len(tested):.1f}; Benjamini-Hochberg (q < {FALSE_DISCOVERY:g}) keeps {len(kept)}: "
        f"{', '.join(kept) or 'none'}"
    ]


# -- HTML ---------------------------------------------------------------------------------------

STYLE = """body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#111;
background:#fff;line-height:1.4}table{border-collapse:collapse;margin:.5rem 0 1rem;display:block;overflow-x:auto}
th,td{border:1px solid #999;padding:.2rem .5rem;text-align:right}th:first-child,td:first-child{text-align:left}
img{max-width:100%;height:auto}.bad{color:#b2182b;font-weight:bold}.good{color:#1a6b1a;font-weight:bold}"""


def _html_table(head: list[str], rows: list[list[str]]) -> str:
    h = "".join(f"<th scope='col'>{html.escape(x)}</th>" for x in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{h}</tr></thead><tbody>{body}</tbody></table>"


KERNEL_NOTE = (
    "Effects fired, the pool over time and what stalled tacos held: played on the compiled kernel, "
    "which does not record them (run with --engine reference for them)."
)


def block_html(s: dict[str, Any]) -> str:
    """The seed-block table and its warnings, for the page."""
    if not s.get("blocks"):
        return ""
    warn = "".join(f"<p class='bad'>warning: {html.escape(w)}</p>" for w in s["blocks"]["warnings"])
    warn += "".join(f"<p>note: {html.escape(w)}</p>" for w in s["blocks"].get("notes", []))
    return (
        f"<h3>Seed blocks ({s['blocks']['count']} independent blocks)</h3><p>Each block from its own seed; "
        "the blocks agree unless the chi-square (a share) or Cochran's Q (a mean) test gives p below 0.01.</p>"
        + _html_table(block_head(s), block_rows(s))
        + warn
    )


def _img(plots: dict[str, Path], name: str, alt: str) -> str:
    return f"<img src='{plots[name].as_posix()}' alt='{html.escape(alt)}'>" if name in plots else ""


def section(s: dict[str, Any], plots: dict[str, Path], title: str) -> str:
    text, bad = limit_line(s)
    parts = [
        f"<h2>{html.escape(title)}</h2>",
        f"<p class='{'bad' if bad else 'good'}'>{html.escape(text)}</p>",
        f"<p>{s['games']} games, {s['players']} players, bots {html.escape(' '.join(s.get('bots', [])))}; "
        f"{html.escape(s.get('setup', ''))}</p>",
        "<h3>Length</h3>",
        _html_table(["measure", "median", "95th pct", "mean", "max"], length_rows(s)),
        _img(plots, "length", "histograms of round and game length"),
        "<h3>Seat advantage</h3>",
        _html_table(["turn order", "win share", "95% Wilson", "fair"], seat_rows(s)),
        _img(plots, "seats", "win share by turn order with 95% intervals"),
        block_html(s),
        f"<p>Played on the {html.escape(str(s.get('engine', 'reference')))} engine.</p>",
    ]
    if s.get("skill"):
        sk = s["skill"]
        rows = [[sk["bots"][i], *skill_cells(row)] for i, row in enumerate(sk["head_to_head"])]
        parts += [
            "<h3>Skill gap</h3>",
            f"<p>{sk['games_per_matchup']} games a matchup, duplicate deals.</p>",
            _html_table(["bot", *sk["bots"]], rows),
            _img(plots, "skill", "skill gap matrix"),
        ]
    if "cards" in s:
        parts += [
            "<h3>Card values</h3>",
            "<p><b>Observed</b> (correlation, not cause): the win-share difference in points for a seat "
            "holding the card in its opening hand (or playing it) against the seats of the same games "
            "without it (Newcombe 95%); points Δ is the seat's score minus the table's mean, with against "
            "without (Welch 95%). <b>Paired</b> (cause; <code>--paired-games</code>): the same deal "
            "replayed with the held copy as a blank, or with one more copy against one more blank; the "
            "holder's difference, 95% over the pairs. n/a: the figure cannot exist (the card is never "
            "held as dealt, or the engine that ran does not record it). <b>BH q</b>: the "
            "Benjamini-Hochberg adjusted p-value of the win figure over every card of the table, marked * "
            "when below 0.05 (testing every card at once, chance alone gives one card in twenty p below "
            "0.05).</p>",
            _html_table(CARD_HEAD, card_rows(s, None)),
            *(f"<p>{html.escape(line)}</p>" for line in test_lines(s)),
            _img(plots, "cards", "card values"),
        ]
        if s.get("engine") == "kernel":
            parts.append(f"<p>{html.escape(KERNEL_NOTE)}</p>")
            return "\n".join(parts)
        parts += [
            "<h3>Effects fired per game</h3>",
            _html_table(["effect", "per game"], [[k, f"{v:.2f}"] for k, v in s["fires"].items()]),
            _img(plots, "fires", "effects fired per game"),
            "<h3>The pool over time</h3>",
            _img(plots, "pool", "taco points in the pool by turn"),
        ]
        st = s["stalls"]
        parts.append("<h3>Stalled rounds</h3>")
        if st["rounds"]:
            parts += [
                f"<p class='bad'>{st['rounds']} rounds stalled with {st['mean_pool']:.1f} points left in the "
                "pool on average. Cards in their tacos when they stalled:</p>",
                _html_table(["card", "copies in stalled tacos"], [[c, str(n)] for c, n in st["cards"].items()]),
            ]
        else:
            parts.append("<p class='good'>No round stalled.</p>")
    return "\n".join(parts)


def write_html(out: Path, title: str, sections: list[str]) -> Path:
    page = (
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width=device-width,initial-scale=1'><title>{html.escape(title)}</title>"
        f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>{''.join(sections)}</body></html>\n"
    )
    path = out / "report.html"
    path.write_text(page, encoding="utf-8")
    return path


def compare_html(rows: list[dict[str, Any]], a: str, b: str, cards: list[dict[str, Any]] | None = None) -> str:
    """The comparison with every block's difference, and each card's value B - A."""
    wide, _ = compare_rows(rows)
    count = len(rows[0].get("blocks", [])) if rows else 0
    head = ["measure", "A", "B", *(f"block {i + 1}" for i in range(count)), "B - A pooled", "95%", "differs"]
    page = (
        f"<h2>Comparison: B - A</h2><p>A: {html.escape(a)}<br>B: {html.escape(b)}<br>Shares in points "
        "(percent); the same deals and bot seeds for both.</p>" + _html_table(head, wide)
    )
    if cards:
        card_head, card_table = card_compare_table(cards)
        page += (
            f"<h3>Card values, B - A ({html.escape(str(cards[0]['figure']))})</h3><p>The holder's win share in "
            "points, each side's value and the difference with its 95% interval; the Benjamini-Hochberg q "
            "corrects for comparing every card at once.</p>"
            + _html_table(card_head, card_table)
            + "".join(f"<p>{html.escape(line)}</p>" for line in card_compare_lines(cards))
        )
    return page
