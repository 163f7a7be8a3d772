"""The balance report in the terminal: Rich tables that fit the console, 80 columns included, in the
words the command line hands in (``words``, :mod:`cardroom.core.words`: English unless the terminal speaks another
language).

A table wider than the console would be cut or wrapped until its figures are unreadable, so each wide
table has a narrow form (the per-block columns become one "lowest…highest" column, the card table
keeps the headline value and its correction) and a line that says where the whole table is: the
HTML report (``--out DIR``) and ``balance.json``. A wide terminal still gets every column.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from cardroom.balance import rows as r
from cardroom.balance.blocks import width_note
from cardroom.balance.cardtests import FALSE_DISCOVERY, cell
from cardroom.balance.pooled import block_warnings
from cardroom.core.words import ENGLISH, Words

Rows = list[list[str]]
TOP_CARDS = r.TOP_CARDS  # cards shown at each end of a terminal card table


def table(title: str, head: list[str], rows: Rows) -> Table:
    out = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for i, h in enumerate(head):
        out.add_column(h, justify="left" if i == 0 else "right")
    for row in rows:
        out.add_row(*row)
    return out


def needed_width(console: Console, shown: Table) -> int:
    """Columns the table needs to show every cell unwrapped (Rich's own measure stops at the console)."""
    return console.measure(shown, options=console.options.update(max_width=UNLIMITED)).maximum


UNLIMITED = 10_000


def show(
    console: Console,
    title: str,
    wide: tuple[list[str], Rows],
    narrow: tuple[list[str], Rows] | None,
    full_at: str,
    words: Words = ENGLISH,
) -> None:
    """The wide table where it fits the console, else the narrow one and where the wide one is."""
    candidate = table(title, *wide)
    if narrow is None or needed_width(console, candidate) <= console.width:
        console.print(candidate)
        return
    console.print(table(title, *narrow))
    said = words.say(
        "Narrowed to fit {width} columns; every column is in {full_at}.", width=console.width, full_at=full_at
    )
    console.print(f"[dim]{said}[/dim]", highlight=False)


def block_narrow(s: dict[str, Any], words: Words = ENGLISH) -> tuple[list[str], Rows]:
    """The seed-block table with the blocks as one range: figure, lowest…highest, pooled, p, verdict."""
    rows = []
    for row, figures in zip(r.block_rows(s, words), block_figures(s), strict=True):
        # The blocks' lowest and highest, found by their figures (the cells are in the language's style).
        values = [cell for _, cell in sorted(zip(figures, row[1:-3], strict=True))]
        rows.append([row[0], f"{values[0]}…{values[-1]}" if len(values) > 1 else values[0], *row[-3:]])
    head = [
        words.say("figure"),
        words.say("blocks (low…high)"),
        words.say("pooled (95%)"),
        words.say("agree?"),
        words.say("verdict"),
    ]
    return head, rows


def block_figures(s: dict[str, Any]) -> list[list[float]]:
    """The figures behind each row of ``rows.block_rows``' per-block cells: each seat's share, then the
    mean turns a player where the engine records them."""
    b = s.get("blocks")
    if not b:
        return []
    figures = [[x["share"] for x in seat["blocks"]] for seat in b["seats"]]
    turns = b["turns_per_player"]["blocks"]
    return figures + ([[x["mean"] for x in turns]] if any(x["n"] for x in turns) else [])


def card_narrow(s: dict[str, Any], limit: int | None = TOP_CARDS, words: Words = ENGLISH) -> tuple[list[str], Rows]:
    """The win figures with their q: paired card vs blank (where measured) and observed in the opening
    hand, or without paired values the observed win and points."""
    cards = sorted(s.get("cards", []), key=r.headline_order)
    if limit is not None and len(cards) > 2 * limit:
        cards = cards[:limit] + cards[-limit:]
    if any(cell(row, "paired", "blank") for row in cards):
        head = [
            words.say("card"),
            words.say("paired vs blank: win Δ"),
            words.say("BH q"),
            words.say("observed: win Δ"),
            words.say("BH q"),
        ]
        rows = [
            [
                row["card"],
                r.effect(p := cell(row, "paired", "blank"), "win", 100.0, words),
                r.q_cell(p, words),
                r.effect(o := cell(row, "opening", None), "win", 100.0, words),
                r.q_cell(o, words),
            ]
            for row in cards
        ]
        return head, rows
    head = [words.say("card"), words.say("observed: win Δ (95%)"), words.say("points Δ (95%)"), words.say("BH q")]
    return head, [
        [
            row["card"],
            r.effect(o := cell(row, "opening", None), "win", 100.0, words),
            r.effect(o, "points", 1.0, words),
            r.q_cell(o, words),
        ]
        for row in cards
    ]


def print_report(s: dict[str, Any], console: Console, full_at: str, words: Words = ENGLISH) -> None:
    text, bad = r.limit_line(s, words)
    style = "bold red" if bad else "bold green"
    console.print(f"[{style}]{text}[/]", highlight=False)
    console.print(
        words.say_n(
            "{count} game, {players} players, bots {bots}; {setup}; {engine} engine",
            "{count} games, {players} players, bots {bots}; {setup}; {engine} engine",
            s["games"],
            players=s["players"],
            bots=" ".join(s.get("bots", [])),
            setup=s.get("setup", ""),
            engine=s.get("engine", "reference"),
        ),
        highlight=False,
    )
    console.print(table(words.say("Length"), r.length_head(words), r.length_rows(s, words)))
    seat_head = [words.say("position"), words.say("win share"), words.say("95% Wilson"), words.say("fair")]
    console.print(table(words.say("Seat advantage (by turn order)"), seat_head, r.seat_rows(s, words)))
    blocks = s.get("blocks")
    if isinstance(blocks, dict):
        show(
            console,
            words.say_n(
                "Seed blocks ({count} independent; chi-square / Cochran's Q, p < 0.01 = DIFFER)",
                "Seed blocks ({count} independent; chi-square / Cochran's Q, p < 0.01 = DIFFER)",
                blocks["count"],
            ),
            (r.block_head(s, words), r.block_rows(s, words)),
            block_narrow(s, words),
            full_at,
            words,
        )
        warning, note = words.say("warning:"), words.say("note:")
        for said in block_warnings(blocks["seats"], blocks["limited"], blocks["turns_per_player"], words):
            console.print(f"[bold red]{warning}[/bold red] {said}", highlight=False)
        for said in width_note(blocks["seats"], words):
            console.print(f"[yellow]{note}[/yellow] {said}", highlight=False)
    skill = s.get("skill")
    if isinstance(skill, dict):
        bots = skill["bots"]
        rows = [[bots[i], *r.skill_cells(row, words)] for i, row in enumerate(skill["head_to_head"])]
        numbered = [[f"{i + 1} {bots[i]}", *r.skill_cells(row, words)] for i, row in enumerate(skill["head_to_head"])]
        show(
            console,
            words.say_n(
                "Skill gap (row's win share vs column; {count} game a matchup)",
                "Skill gap (row's win share vs column; {count} games a matchup)",
                skill["games_per_matchup"],
            ),
            ([words.say("bot"), *bots], rows),
            ([words.say("bot"), *(str(i + 1) for i in range(len(bots)))], numbered),
            full_at,
            words,
        )
    if "cards" in s:
        print_cards(s, console, full_at, words)


def print_cards(s: dict[str, Any], console: Console, full_at: str, words: Words = ENGLISH) -> None:
    """The card table (every figure where it fits, else the headline value), the correction's summary,
    and the effects and stalls the reference engine records."""
    show(
        console,
        words.say("Card values (best and worst; win Δ in points of win share, 95%)"),
        (r.card_head(words), r.card_rows(s, words=words)),
        card_narrow(s, words=words),
        full_at,
        words,
    )
    said = words.say(
        "BH q: Benjamini-Hochberg over every card; * below {level}.", level=words.number(FALSE_DISCOVERY, "g")
    )
    console.print(f"[dim]{said}[/dim]", highlight=False)
    for line in r.test_lines(s, words):
        console.print(line, highlight=False)
    if s.get("engine") == "kernel":
        console.print(f"[dim]{r.kernel_note(words)}[/dim]", highlight=False)
        return
    fires = s["fires"]
    fired = [[k, words.number(v, ".2f")] for k, v in fires.items()]
    console.print(table(words.say("Effects fired per game"), [words.say("effect"), words.say("per game")], fired))
    st = s["stalls"]
    if st["rounds"]:
        said = words.say(
            "stalled rounds: {rounds}, pool left {pool} on average; in their tacos: {cards}",
            rounds=st["rounds"],
            pool=words.number(st["mean_pool"], ".1f"),
            cards=", ".join(f"{c} {n}" for c, n in list(st["cards"].items())[:8]),
        )
        console.print(f"[red]{said}[/red]", highlight=False)


def print_compare(
    rows: list[dict[str, Any]], a: str, b: str, console: Console, full_at: str, words: Words = ENGLISH
) -> None:
    wide, narrow = r.compare_rows(rows, words)
    count = len(rows[0].get("blocks", [])) if rows else 0
    narrow_head = [
        words.say("measure"),
        "A",
        "B",
        "B - A",
        "95%",
        words.say("agree p"),
        words.say("differs"),
    ]
    show(
        console,
        words.say("B - A   (A: {a}; B: {b})", a=a, b=b),
        (r.compare_head(count, words), wide),
        (narrow_head, narrow),
        full_at,
        words,
    )
    warning = words.say("warning:")
    for row in rows:
        het = row.get("heterogeneity")
        if isinstance(het, dict) and het["differ"]:
            said = words.say(
                "{measure}: the blocks' differences disagree beyond chance (Cochran's Q {statistic} on {df} df, "
                "p = {p})",
                measure=r.measure_name(row["measure"], words),
                statistic=words.number(het["statistic"], ".1f"),
                df=het["df"],
                p=words.number(het["p"], ".2g"),
            )
            console.print(f"[bold red]{warning}[/bold red] {said}", highlight=False)


def print_card_compare(cards: list[dict[str, Any]], console: Console, full_at: str, words: Words = ENGLISH) -> None:
    """Each card's value B - A, the largest differences first."""
    if not cards:
        return
    head, rows = r.card_compare_table(cards, words)
    shown = rows[: 2 * TOP_CARDS]
    title = words.say(
        "Card values, B - A ({figure}; the largest differences first)", figure=r.figure_name(cards[0]["figure"], words)
    )
    console.print(table(title, head, shown))
    for line in r.card_compare_lines(cards, words):
        console.print(line, highlight=False)
    if len(rows) > len(shown):
        said = words.say_n(
            "{count} more card in {full_at}.",
            "{count} more cards in {full_at}.",
            len(rows) - len(shown),
            full_at=full_at,
        )
        console.print(f"[dim]{said}[/dim]", highlight=False)
