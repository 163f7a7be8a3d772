"""The T.A.C.O. screen: one seat's view drawn with Rich.

Every taco with its cards and the points on them, the pool and the trophy, your hand with each card's
text, the play waiting in an Instant window, and what just happened. The deck is our own design.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardroom.core.game import Game

TYPE_STYLE = {
    "shell": "yellow",
    "basic": "green",
    "superstar": "bold bright_green",
    "instant": "bold magenta",
    "poison": "bold red",
    "action": "bold cyan",
}


def _spec(game: Game, slug: str) -> Any:
    return game.deck.by_slug(slug)  # type: ignore[attr-defined]


def _card(game: Game, slug: str, points: int | None = None) -> Text:
    spec = _spec(game, slug)
    style = TYPE_STYLE.get(spec.type, "white") if spec is not None else "white"
    if spec is not None and spec.points < 0:
        style = "red"
    text = Text(spec.name if spec is not None else slug, style=style)
    if points is not None and (points or (spec is not None and spec.type != "poison")):
        text.append(f" {points:+d}", style="dim")
    return text


def _who(view: dict[str, Any], seat: int) -> str:
    return "you" if seat == view["seat"] else f"P{seat}"


def _tacos(view: dict[str, Any], game: Game, compact: bool = False) -> Table:
    table = Table(box=None, padding=(0, 1), header_style="bold")
    for name, justify in (("player", "left"), ("taco", "left"), ("pts", "right"), ("match", "right"),
                          ("hand", "right"), ("", "left")):
        # Compact: one line a player; a long taco ends in "…" (its points are in the pts column).
        table.add_column(name, justify=justify, no_wrap=compact, overflow="ellipsis" if compact else "fold",  # type: ignore[arg-type]
                         max_width=36 if compact and name == "taco" else None)
    for seat, taco in enumerate(view["tacos"]):
        cards = Text()
        for i, entry in enumerate(taco):
            if i:
                cards.append(" · ", style="dim")
            cards.append_text(_card(game, entry["card"], entry["points"]))
        marks = []
        if seat == view["turn"] and not view["is_over"]:
            marks.append("[bold]← turn[/bold]")
        if seat == view["trophy"]:
            marks.append("🏆")
        if seat == view["gimme"]:
            marks.append("[yellow]gimme +3[/yellow]")
        if seat in view["to_act"]:
            marks.append("[dim]deciding[/dim]")
        known = [_spec(game, slug).name for _, holder, slug in view["known"] if holder == seat]
        if known:
            marks.append(f"[dim]holds {', '.join(known)}[/dim]")
        table.add_row(_who(view, seat), cards, str(view["taco_points"][seat]), str(view["totals"][seat]),
                      str(view["hand_sizes"][seat]), " ".join(marks))
    return table


def _hand(view: dict[str, Any], game: Game) -> RenderableType:
    hand = view["hand"]
    if hand is None:
        return Text("(spectating)", style="dim")
    if not hand:
        return Text("your hand is empty", style="dim")
    table = Table(box=None, padding=(0, 1), show_header=False)
    table.add_column("card")
    table.add_column("word", style="dim")
    table.add_column("text")
    seen: set[str] = set()
    for entry in hand:
        slug = entry["card"]
        count = sum(1 for e in hand if e["card"] == slug)
        if slug in seen:
            continue
        seen.add(slug)
        spec = _spec(game, slug)
        label = _card(game, slug)
        if spec.points:
            label.append(f" ({spec.points:+d})", style="dim")
        if count > 1:
            label.append(f" ×{count}", style="dim")
        table.add_row(label, slug, spec.text)
    return table


def _window(view: dict[str, Any], game: Game) -> RenderableType | None:
    prompt = view["prompt"]
    if not prompt or prompt["kind"] != "window":
        return None
    line = Text("On the table: ")
    for i, entry in enumerate(prompt["chain"]):
        if i:
            line.append("  ⟵ stopped by  ", style="dim")
        line.append(f"P{entry['by']} ", style="dim")
        line.append_text(_card(game, entry["card"]))
        if entry["taco"] >= 0:
            owner = "your" if entry["taco"] == view["seat"] else f"P{entry['taco']}'s"
            line.append(f" → {owner} taco", style="dim")
    line.append("   (every player decides: pass or an Instant)", style="dim")
    return line


def _prompt(view: dict[str, Any]) -> Text:
    if view["is_over"]:
        outcome = view["outcome"] or {}
        winners = ", ".join(_who(view, s) for s in outcome.get("winners", []))
        return Text(f"Match over: {winners} won. Totals: {view['totals']}", style="bold")
    prompt = view["prompt"] or {}
    kind = prompt.get("kind", "")
    mine = view["seat"] in view["to_act"]
    words = {
        "main": "play a card into any taco, use an action, or end",
        "bonus": f"bonus play ({prompt.get('mode')} {prompt.get('arg')}) or pass",
        "window": "pass, or stop the last card with an Instant",
        "target": f"pick a target for {prompt.get('card')} ({prompt.get('effect')}"
        + (f", {prompt['stage']}" if "stage" in prompt else "") + ")",
        "choose": f"pick a player for {prompt.get('card')}",
        "discard": f"discard {prompt.get('count')} card(s) ({prompt.get('why')})",
        "hail": "hail the Taco Master, or discard",
        "accent": "keep your accent, or discard",
    }.get(kind, kind)
    if prompt.get("forced"):
        words = f"you drew {prompt['forced']}: play it immediately"
    who = "You" if mine else "Waiting for " + ", ".join(_who(view, s) for s in view["to_act"])
    return Text(f"{who}: {words}", style="bold" if mine else "dim")


def _hand_line(view: dict[str, Any], game: Game) -> Text:
    """The hand as one wrapped line of names and points: the compact form (``rules`` has the texts)."""
    hand = view["hand"]
    line = Text("Your hand: ", style="bold")
    if not hand:
        line.append("spectating" if hand is None else "empty", style="dim")
        return line
    counts: dict[str, int] = {}
    for entry in hand:
        counts[entry["card"]] = counts.get(entry["card"], 0) + 1
    for i, (slug, count) in enumerate(counts.items()):
        if i:
            line.append(" · ", style="dim")
        spec = _spec(game, slug)
        line.append_text(_card(game, slug))
        if spec.points:
            line.append(f" {spec.points:+d}", style="dim")
        if count > 1:
            line.append(f" ×{count}", style="dim")
        if slug != spec.name.lower().replace(" ", "-"):  # the word to type, where the name does not say it
            line.append(f" [{slug}]", style="dim")
    return line


def _compact(view: dict[str, Any], game: Game) -> RenderableType:
    head = Text(no_wrap=True, overflow="ellipsis")
    head.append(f"Round {view['round']}/{view['rounds']}  ", style="bold")
    head.append(f"Pool {view['pool']}/{view['pool_start']}  ", style="bold yellow")
    head.append(f"Deck {view['deck_size']}  Discard {len(view['discard'])}", style="dim")
    if view["discard"]:
        head.append(" top ", style="dim")
        head.append_text(_card(game, view["discard"][-1]["card"]))
    parts: list[RenderableType] = [head, _tacos(view, game, compact=True)]
    window = _window(view, game)
    if window is not None:
        parts.append(window)
    parts += [_hand_line(view, game), _prompt(view)]
    return Panel(Group(*parts), title="T.A.C.O.", title_align="left")


def render(view: dict[str, Any], game: Game, compact: bool = False) -> RenderableType:
    if compact:
        return _compact(view, game)
    head = Text()
    head.append(f"Round {view['round']}/{view['rounds']}   ", style="bold")
    head.append(f"Pool: {view['pool']}/{view['pool_start']} taco points   ", style="bold yellow")
    head.append(f"Deck: {view['deck_size']}   Discard: {len(view['discard'])}", style="dim")
    if view["discard"]:
        head.append("  top: ", style="dim")
        head.append_text(_card(game, view["discard"][-1]["card"]))
    parts: list[RenderableType] = [head, _tacos(view, game)]
    window = _window(view, game)
    if window is not None:
        parts.append(window)
    parts.append(Panel(_hand(view, game), title="your hand", title_align="left"))
    recent = view.get("recent") or []
    if recent:
        parts.append(Text("\n".join(recent[-6:]), style="dim"))
    parts.append(_prompt(view))
    parts.append(Text("Deck: cardroom's own design (the rulebook prints no card list).", style="dim italic"))
    return Panel(Group(*parts), title="T.A.C.O.", title_align="left")
