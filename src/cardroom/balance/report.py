"""The balance report as a self-contained report.html with every column, in English (the tables' rows and
plain lines are :mod:`.rows`', which the terminal prints in its language, ``terminal.py``).

The share of games or rounds ended by a safety limit comes first, in red when it is not zero: a
round that ends by a limit is not a finished game, so every other figure is suspect until it is zero.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from cardroom.balance.rows import (
    TOP_CARDS,
    block_head,
    block_rows,
    card_compare_lines,
    card_compare_table,
    card_head,
    card_rows,
    compare_head,
    compare_rows,
    kernel_note,
    length_head,
    length_rows,
    limit_line,
    seat_rows,
    skill_cells,
    test_lines,
)

__all__ = ["TOP_CARDS", "card_rows", "compare_html", "section", "write_html"]

# -- HTML ---------------------------------------------------------------------------------------

STYLE = """body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#111;
background:#fff;line-height:1.4}table{border-collapse:collapse;margin:.5rem 0 1rem;display:block;overflow-x:auto}
th,td{border:1px solid #999;padding:.2rem .5rem;text-align:right}th:first-child,td:first-child{text-align:left}
img{max-width:100%;height:auto}.bad{color:#b2182b;font-weight:bold}.good{color:#1a6b1a;font-weight:bold}"""


def _html_table(head: list[str], rows: list[list[str]]) -> str:
    h = "".join(f"<th scope='col'>{html.escape(x)}</th>" for x in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{h}</tr></thead><tbody>{body}</tbody></table>"


KERNEL_NOTE = kernel_note()


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
        _html_table(length_head(), length_rows(s)),
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
            _html_table(card_head(), card_rows(s, None)),
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
    head = compare_head(count)
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
