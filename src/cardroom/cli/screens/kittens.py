"""The Exploding Kittens screen: one seat's view drawn with Rich.

Shows your hand, every player's hand size (and who is out), the draw pile with what you know of it,
the discard pile, and the play waiting on a Nope window or a follow-up decision.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardroom.cli.screens import seat_name
from cardroom.core.game import Game

STYLE = {
    "exploding-kitten": "bold white on red",
    "defuse": "bold green",
    "nope": "bold magenta",
    "attack": "bold red",
    "skip": "bold blue",
    "favor": "yellow",
    "shuffle": "cyan",
    "see-the-future": "bright_magenta",
}


def card(slug: str) -> Text:
    return Text(slug, style=STYLE.get(slug, "white"))


def cards(slugs: list[str], empty: str = "none") -> Text:
    if not slugs:
        return Text(empty, style="dim")
    counts = Counter(slugs)
    out = Text()
    for i, (slug, n) in enumerate(counts.items()):
        if i:
            out.append("  ")
        out.append_text(card(slug))
        if n > 1:
            out.append(f" ×{n}", style="dim")
    return out


_seat = seat_name


def _players(view: dict[str, Any]) -> Table:
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    table.add_column("player")
    table.add_column("cards", justify="right")
    table.add_column("")
    known = {int(h): c for h, c in view["known_hands"]}
    for seat, size in enumerate(view["hand_sizes"]):
        status = ""
        if seat in view["out"]:
            status = f"[red]exploded (out #{view['out'].index(seat) + 1})[/red]"
        elif seat == view["current"] and not view["is_over"]:
            owed = view["turns_owed"]
            status = "[bold]← turn[/bold]" + (f" (owes {owed})" if owed > 1 else "")
        if seat in view["to_act"] and view["phase"] == "window":
            status += " [dim]deciding[/dim]"
        if seat in known:
            status += f"  [dim]you know: {', '.join(known[seat])}[/dim]"
        table.add_row(_seat(view, seat), str(size), status)
    return table


def _pile(view: dict[str, Any]) -> Text:
    text = Text(f"Draw pile: {view['draw_pile']} cards, {view['kittens_in_pile']} Exploding Kittens in it")
    known = {int(p): c for p, c in view["known_pile"]}
    size = view["draw_pile"] - len(known)
    if 0 in known:
        risk = 1.0 if known[0] == "exploding-kitten" else 0.0
    else:
        unknown = view["kittens_in_pile"] - sum(1 for c in known.values() if c == "exploding-kitten")
        risk = unknown / size if size > 0 else 0.0
    text.append(f"  (chance the top card is a Kitten: {risk:.0%})", style="dim")
    if view["known_pile"]:
        text.append("\nYou know: ")
        for i, (position, slug) in enumerate(view["known_pile"]):
            if i:
                text.append(", ")
            text.append(f"#{position} ", style="dim")
            text.append_text(card(slug))
        text.append("  (#0 = top)", style="dim")
    return text


def _pending(view: dict[str, Any]) -> Text | None:
    p = view["pending"]
    if p is None:
        return None
    text = Text(f"{_seat(view, p['actor'])} played {p['action']}", style="bold")
    if p["target"] is not None:
        text.append(f" on {_seat(view, p['target'])}")
    if p["named"]:
        text.append(f", asking for {p['named']}")
    if p["nopes"]:
        text.append(f"; Noped by {', '.join(_seat(view, s) for s in p['nopes'])}")
        text.append(" (now cancelled)" if p["cancelled"] else " (back on)", style="magenta")
    if view["phase"] == "window":
        text.append(f"\nWaiting on: {', '.join(_seat(view, s) for s in view['to_act'])}", style="dim")
    return text


def _players_line(view: dict[str, Any]) -> Text:
    """Every player on one wrapped line: the compact form of the players table."""
    line = Text()
    for seat, size in enumerate(view["hand_sizes"]):
        if seat:
            line.append(" · ", style="dim")
        line.append(_seat(view, seat), style="bold" if seat == view["seat"] else "")
        if seat in view["out"]:
            line.append(f" out #{view['out'].index(seat) + 1}", style="red")
            continue
        line.append(f" {size}")
        if seat == view["current"] and not view["is_over"]:
            owed = view["turns_owed"]
            line.append(" ← turn" + (f" ×{owed}" if owed > 1 else ""), style="bold")
        if seat in view["to_act"] and view["phase"] == "window":
            line.append(" deciding", style="dim")
    return line


def _compact(view: dict[str, Any], game: Game) -> RenderableType:
    discard = view["discard"]
    top = Text("Discard: ")
    top.append_text(card(discard[-1]) if discard else Text("empty", style="dim"))
    if discard:
        top.append(f" on top of {len(discard)}", style="dim")
    if view["removed"]:
        top.append("   Out of the game: ", style="dim").append_text(cards(view["removed"]))
    known = {int(h): c for h, c in view["known_hands"]}
    parts: list[RenderableType] = [_players_line(view), _pile(view), top]
    if known:
        parts.append(
            Text(
                "You know: " + "; ".join(f"{_seat(view, h)} holds {', '.join(c)}" for h, c in known.items()),
                style="dim",
            )
        )
    pending = _pending(view)
    if pending is not None:
        parts.append(pending)
    if view["hand"] is not None:
        parts.append(Text("Your hand: ", style="bold").append_text(cards(view["hand"], "empty")))
    return Panel(Group(*parts), title=f"{game.title} · {view['preset']} · {view['phase']}")


def render(view: dict[str, Any], game: Game, compact: bool = False) -> RenderableType:
    if compact:
        return _compact(view, game)
    parts: list[RenderableType] = [_players(view), Text(""), _pile(view)]
    discard = view["discard"]
    top = Text("Discard pile: ")
    top.append_text(card(discard[-1]) if discard else Text("empty", style="dim"))
    if discard:
        top.append(f"  ({len(discard)} {'card' if len(discard) == 1 else 'cards'}: ", style="dim")
        top.append_text(cards(discard))
        top.append(")", style="dim")
    parts.append(top)
    if view["removed"]:
        parts.append(Text("Out of the game: ").append_text(cards(view["removed"])))
    pending = _pending(view)
    if pending is not None:
        parts += [Text(""), pending]
    if view["hand"] is not None:
        parts += [Text(""), Text("Your hand: ", style="bold").append_text(cards(view["hand"], "empty"))]
    title = f"{game.title} · {view['preset']} · {view['phase']}"
    return Panel(Group(*parts), title=title)


def label(view: dict[str, Any], text: str) -> str | None:
    """A note beside a choice: where ``place N`` puts the defused Kitten."""
    words = text.split()
    if len(words) == 2 and words[0] == "place" and words[1].isdigit():
        n, size = int(words[1]), int(view["draw_pile"])
        if n == 0:
            return "top of the pile: drawn next"
        if n >= size:
            return "bottom of the pile"
        if size <= 8:  # a short list has room to say it; a long one is plainly counted from the top
            return f"{n} {'card' if n == 1 else 'cards'} down from the top"
    return None
