"""The balance report as a self-contained report.html with every column, in the words the command line
hands in (``words``, :mod:`cardroom.core.words`: English unless the terminal speaks another language). The tables' rows
and plain lines are :mod:`.rows`', the same the terminal prints (``terminal.py``).

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
    figure_name,
    kernel_note,
    length_head,
    length_rows,
    limit_line,
    seat_rows,
    skill_cells,
    test_lines,
)
from cardroom.core.words import ENGLISH, Words

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


def block_html(s: dict[str, Any], words: Words = ENGLISH) -> str:
    """The seed-block table and its warnings (worded again from the figures, as the terminal words
    them), for the page."""
    from cardroom.balance.blocks import width_note
    from cardroom.balance.pooled import block_warnings

    blocks = s.get("blocks")
    if not blocks:
        return ""
    warning, note = html.escape(words.say("warning:")), html.escape(words.say("note:"))
    said = block_warnings(blocks["seats"], blocks["limited"], blocks["turns_per_player"], words)
    warn = "".join(f"<p class='bad'>{warning} {html.escape(w)}</p>" for w in said)
    warn += "".join(f"<p>{note} {html.escape(w)}</p>" for w in width_note(blocks["seats"], words))
    title = words.say_n(
        "Seed blocks ({count} independent block)", "Seed blocks ({count} independent blocks)", blocks["count"]
    )
    explained = words.say(
        "Each block from its own seed; the blocks agree unless the chi-square (a share) or Cochran's Q (a mean) "
        "test gives p below {level}.",
        level=words.number(0.01, "g"),
    )
    return (
        f"<h3>{html.escape(title)}</h3><p>{html.escape(explained)}</p>"
        + _html_table(block_head(s, words), block_rows(s, words))
        + warn
    )


def _img(plots: dict[str, Path], name: str, alt: str) -> str:
    return f"<img src='{plots[name].as_posix()}' alt='{html.escape(alt)}'>" if name in plots else ""


def _h3(text: str) -> str:
    return f"<h3>{html.escape(text)}</h3>"


def _p(text: str, kind: str = "") -> str:
    return f"<p class='{kind}'>{html.escape(text)}</p>" if kind else f"<p>{html.escape(text)}</p>"


def section(s: dict[str, Any], plots: dict[str, Path], title: str, words: Words = ENGLISH) -> str:
    text, bad = limit_line(s, words)
    seat_head = [words.say("turn order"), words.say("win share"), words.say("95% Wilson"), words.say("fair")]
    parts = [
        f"<h2>{html.escape(title)}</h2>",
        _p(text, "bad" if bad else "good"),
        _p(
            words.say_n(
                "{count} game, {players} players, bots {bots}; {setup}",
                "{count} games, {players} players, bots {bots}; {setup}",
                s["games"],
                players=s["players"],
                bots=" ".join(s.get("bots", [])),
                setup=s.get("setup", ""),
            )
        ),
        _h3(words.say("Length")),
        _html_table(length_head(words), length_rows(s, words)),
        _img(plots, "length", words.say("histograms of round and game length")),
        _h3(words.say("Seat advantage")),
        _html_table(seat_head, seat_rows(s, words)),
        _img(plots, "seats", words.say("win share by turn order with 95% intervals")),
        block_html(s, words),
        _p(words.say("Played on the {engine} engine.", engine=s.get("engine", "reference"))),
    ]
    if s.get("skill"):
        sk = s["skill"]
        rows = [[sk["bots"][i], *skill_cells(row, words)] for i, row in enumerate(sk["head_to_head"])]
        parts += [
            _h3(words.say("Skill gap")),
            _p(
                words.say_n(
                    "{count} game a matchup, duplicate deals.",
                    "{count} games a matchup, duplicate deals.",
                    sk["games_per_matchup"],
                )
            ),
            _html_table([words.say("bot"), *sk["bots"]], rows),
            _img(plots, "skill", words.say("skill gap matrix")),
        ]
    if "cards" in s:
        parts += _cards_html(s, plots, words)
    return "\n".join(parts)


def _cards_html(s: dict[str, Any], plots: dict[str, Path], words: Words) -> list[str]:
    """The card values, what testing every card at once means, and what the reference engine records."""
    explained = words.say(
        "Observed (correlation, not cause): the win-share difference in points for a seat holding the card "
        "in its opening hand (or playing it) against the seats of the same games without it (Newcombe 95%); "
        "points Δ is the seat's score minus the table's mean, with against without (Welch 95%). Paired "
        "(cause; --paired-games): the same deal replayed with the held copy as a blank, or with one more "
        "copy against one more blank; the holder's difference, 95% over the pairs. n/a: the figure cannot "
        "exist (the card is never held as dealt, or the engine that ran does not record it). BH q: the "
        "Benjamini-Hochberg adjusted p-value of the win figure over every card of the table, marked * when "
        "below {level} (testing every card at once, chance alone gives one card in twenty p below {level}).",
        level=words.number(0.05, "g"),
    )
    parts = [
        _h3(words.say("Card values")),
        _p(explained),
        _html_table(card_head(words), card_rows(s, None, words)),
        *(_p(line) for line in test_lines(s, words)),
        _img(plots, "cards", words.say("card values")),
    ]
    if s.get("engine") == "kernel":
        return [*parts, _p(kernel_note(words))]
    fires = [[k, words.number(v, ".2f")] for k, v in s["fires"].items()]
    parts += [
        _h3(words.say("Effects fired per game")),
        _html_table([words.say("effect"), words.say("per game")], fires),
        _img(plots, "fires", words.say("effects fired per game")),
        _h3(words.say("The pool over time")),
        _img(plots, "pool", words.say("taco points in the pool by turn")),
        _h3(words.say("Stalled rounds")),
    ]
    st = s["stalls"]
    if not st["rounds"]:
        return [*parts, _p(words.say("No round stalled."), "good")]
    said = words.say_n(
        "{count} round stalled with {pool} points left in the pool on average. Cards in their tacos when it stalled:",
        "{count} rounds stalled with {pool} points left in the pool on average. Cards in their tacos when they "
        "stalled:",
        st["rounds"],
        pool=words.number(st["mean_pool"], ".1f"),
    )
    stalled = [[c, words.number(n, "d")] for c, n in st["cards"].items()]
    return [
        *parts,
        _p(said, "bad"),
        _html_table([words.say("card"), words.say("copies in stalled tacos")], stalled),
    ]


def write_html(out: Path, title: str, sections: list[str], words: Words = ENGLISH) -> Path:
    page = (
        f"<!doctype html><html lang='{html.escape(words.lang)}'><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width=device-width,initial-scale=1'><title>{html.escape(title)}</title>"
        f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>{''.join(sections)}</body></html>\n"
    )
    path = out / "report.html"
    path.write_text(page, encoding="utf-8")
    return path


def compare_html(
    rows: list[dict[str, Any]], a: str, b: str, cards: list[dict[str, Any]] | None = None, words: Words = ENGLISH
) -> str:
    """The comparison with every block's difference, and each card's value B - A."""
    wide, _ = compare_rows(rows, words)
    count = len(rows[0].get("blocks", [])) if rows else 0
    head = compare_head(count, words)
    sides = words.say("Shares in points (percent); the same deals and bot seeds for both.")
    title = words.say("Comparison: B - A")
    page = (
        f"<h2>{html.escape(title)}</h2><p>A: {html.escape(a)}<br>B: {html.escape(b)}<br>"
        f"{html.escape(sides)}</p>" + _html_table(head, wide)
    )
    if cards:
        card_head, card_table = card_compare_table(cards, words)
        title = words.say("Card values, B - A ({figure})", figure=figure_name(cards[0]["figure"], words))
        explained = words.say(
            "The holder's win share in points, each side's value and the difference with its 95% interval; "
            "the Benjamini-Hochberg q corrects for comparing every card at once."
        )
        page += (
            _h3(title)
            + _p(explained)
            + _html_table(card_head, card_table)
            + "".join(_p(line) for line in card_compare_lines(cards, words))
        )
    return page
