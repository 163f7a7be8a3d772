"""The balance report in the terminal: Rich tables that fit the console, 80 columns included.

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

from cardroom.balance import report as r
from cardroom.balance.cardtests import FALSE_DISCOVERY, cell

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
    console: Console, title: str, wide: tuple[list[str], Rows], narrow: tuple[list[str], Rows] | None, full_at: str
) -> None:
    """The wide table where it fits the console, else the narrow one and where the wide one is."""
    candidate = table(title, *wide)
    if narrow is None or needed_width(console, candidate) <= console.width:
        console.print(candidate)
        return
    console.print(table(title, *narrow))
    console.print(f"[dim]Narrowed to fit {console.width} columns; every column is in {full_at}.[/dim]", highlight=False)


def block_narrow(s: dict[str, Any]) -> tuple[list[str], Rows]:
    """The seed-block table with the blocks as one range: figure, lowest…highest, pooled, p, verdict."""
    rows = []
    for row in r.block_rows(s):
        values = sorted(row[1:-3], key=lambda x: float(x.rstrip("%")))
        rows.append([row[0], f"{values[0]}…{values[-1]}" if len(values) > 1 else values[0], *row[-3:]])
    return ["figure", "blocks (low…high)", "pooled (95%)", "agree?", "verdict"], rows


def card_narrow(s: dict[str, Any], limit: int | None = TOP_CARDS) -> tuple[list[str], Rows]:
    """The win figures with their q: paired card vs blank (where measured) and observed in the opening
    hand, or without paired values the observed win and points."""
    cards = sorted(s.get("cards", []), key=r.headline_order)
    if limit is not None and len(cards) > 2 * limit:
        cards = cards[:limit] + cards[-limit:]
    if any(cell(row, "paired", "blank") for row in cards):
        head = ["card", "paired vs blank: win Δ", "BH q", "observed: win Δ", "BH q"]
        rows = [
            [
                row["card"],
                r.effect(p := cell(row, "paired", "blank"), "win", 100.0),
                r.q_cell(p),
                r.effect(o := cell(row, "opening", None), "win", 100.0),
                r.q_cell(o),
            ]
            for row in cards
        ]
        return head, rows
    head = ["card", "observed: win Δ (95%)", "points Δ (95%)", "BH q"]
    return head, [
        [row["card"], r.effect(o := cell(row, "opening", None), "win", 100.0), r.effect(o, "points", 1.0), r.q_cell(o)]
        for row in cards
    ]


def print_report(s: dict[str, Any], console: Console, full_at: str) -> None:
    text, bad = r.limit_line(s)
    console.print(f"[bold {'red' if bad else 'green'}]{text}[/]", highlight=False)
    console.print(
        f"{s['games']} games, {s['players']} players, bots {' '.join(s.get('bots', []))}; "
        f"{s.get('setup', '')}; {s.get('engine', 'reference')} engine",
        highlight=False,
    )
    console.print(table("Length", ["measure", "median", "95th pct", "mean", "max"], r.length_rows(s)))
    console.print(
        table("Seat advantage (by turn order)", ["position", "win share", "95% Wilson", "fair"], r.seat_rows(s))
    )
    blocks = s.get("blocks")
    if isinstance(blocks, dict):
        show(
            console,
            f"Seed blocks ({blocks['count']} independent; chi-square / Cochran's Q, p < 0.01 = DIFFER)",
            (r.block_head(s), r.block_rows(s)),
            block_narrow(s),
            full_at,
        )
        for note in blocks["warnings"]:
            console.print(f"[bold red]warning:[/bold red] {note}", highlight=False)
        for note in blocks.get("notes", []):
            console.print(f"[yellow]note:[/yellow] {note}", highlight=False)
    skill = s.get("skill")
    if isinstance(skill, dict):
        bots = skill["bots"]
        rows = [[bots[i], *r.skill_cells(row)] for i, row in enumerate(skill["head_to_head"])]
        numbered = [[f"{i + 1} {bots[i]}", *r.skill_cells(row)] for i, row in enumerate(skill["head_to_head"])]
        show(
            console,
            f"Skill gap (row's win share vs column; {skill['games_per_matchup']} games a matchup)",
            (["bot", *bots], rows),
            (["bot", *(str(i + 1) for i in range(len(bots)))], numbered),
            full_at,
        )
    if "cards" in s:
        print_cards(s, console, full_at)


def print_cards(s: dict[str, Any], console: Console, full_at: str) -> None:
    """The card table (every figure where it fits, else the headline value), the correction's summary,
    and the effects and stalls the reference engine records."""
    show(
        console,
        "Card values (best and worst; win Δ in points of win share, 95%)",
        (r.CARD_HEAD, r.card_rows(s)),
        card_narrow(s),
        full_at,
    )
    console.print(f"[dim]BH q: Benjamini-Hochberg over every card; * below {FALSE_DISCOVERY:g}.[/dim]", highlight=False)
    for line in r.test_lines(s):
        console.print(line, highlight=False)
    if s.get("engine") == "kernel":
        console.print(f"[dim]{r.KERNEL_NOTE}[/dim]", highlight=False)
        return
    fires = s["fires"]
    console.print(table("Effects fired per game", ["effect", "per game"], [[k, f"{v:.2f}"] for k, v in fires.items()]))
    st = s["stalls"]
    if st["rounds"]:
        top = ", ".join(f"{c} {n}" for c, n in list(st["cards"].items())[:8])
        console.print(
            f"[red]stalled rounds: {st['rounds']}, pool left {st['mean_pool']:.1f} on average; "
            f"in their tacos: {top}[/red]",
            highlight=False,
        )


def print_compare(rows: list[dict[str, Any]], a: str, b: str, console: Console, full_at: str) -> None:
    wide, narrow = r.compare_rows(rows)
    count = len(rows[0].get("blocks", [])) if rows else 0
    head = ["measure", "A", "B", *(f"block {i + 1}" for i in range(count)), "B - A pooled", "95%", "differs"]
    show(
        console,
        f"B - A   (A: {a}; B: {b})",
        (head, wide),
        (["measure", "A", "B", "B - A", "95%", "agree p", "differs"], narrow),
        full_at,
    )
    for row in rows:
        het = row.get("heterogeneity")
        if isinstance(het, dict) and het["differ"]:
            console.print(
                f"[bold red]warning:[/bold red] {row['measure']}: the blocks' differences disagree beyond "
                f"chance (Cochran's Q {het['statistic']:.1f} on {het['df']} df, p = {het['p']:.2g})",
                highlight=False,
            )


def print_card_compare(cards: list[dict[str, Any]], console: Console, full_at: str) -> None:
    """Each card's value B - A, the largest differences first."""
    if not cards:
        return
    head, rows = r.card_compare_table(cards)
    shown = rows[: 2 * TOP_CARDS]
    console.print(table(f"Card values, B - A ({cards[0]['figure']}; the largest differences first)", head, shown))
    for line in r.card_compare_lines(cards):
        console.print(line, highlight=False)
    if len(rows) > len(shown):
        console.print(f"[dim]{len(rows) - len(shown)} more cards in {full_at}.[/dim]", highlight=False)
