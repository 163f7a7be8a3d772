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

from cardroom.cli.screens import language, seat_name
from cardroom.cli.screens.taco_asked import asked
from cardroom.cli.screens.taco_log import log_line, recent_line
from cardroom.core.game import Game
from cardroom.locale import ENGLISH, say

# log_line: the terminal words the log through this screen.
__all__ = ["label", "log_line", "menu_texts", "render", "totals_line"]

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


_who = seat_name


# Compact (80 columns, no frame): the taco column's width; the other columns take the rest of 80.
TACO_WIDTH = 41


def _taco_cell(taco: list[dict[str, Any]], game: Game, width: int | None, lang: str = ENGLISH) -> Text:
    """A taco's cards, whole names only. Within ``width``, poisons and negative cards always show (they
    are what a player must never miss); other cards show in order while they fit, then "+k more"."""

    def is_must(entry: dict[str, Any]) -> bool:
        spec = _spec(game, entry["card"])
        return spec is not None and (spec.type == "poison" or spec.points < 0)

    shown = list(taco)
    if width is not None:
        musts = [e for e in taco if is_must(e)]
        others = [e for e in taco if not is_must(e) and not (e is taco[0] and e["points"] == 0)]  # a bare shell
        shown = list(musts)

        def size(entry: dict[str, Any]) -> int:
            return len(_card(game, entry["card"], entry["points"]).plain) + 3  # with its " · "

        used = sum(size(e) for e in musts) - 3
        room = width if used + sum(size(e) for e in others) <= width else width - len(" · +99 more")
        for entry in others:  # in order, skipping what does not fit: fill the line
            if used + size(entry) <= room:
                shown.append(entry)
                used += size(entry)
        shown.sort(key=taco.index)
    cards = Text()
    for i, entry in enumerate(shown):
        if i:
            cards.append(" · ", style="dim")
        cards.append_text(_card(game, entry["card"], entry["points"]))
    hidden = (
        len(taco)
        - len(shown)
        - (1 if width is not None and taco and taco[0]["points"] == 0 and taco[0] not in shown else 0)
    )
    if hidden > 0:
        cards.append((" · " if shown else "") + say(lang, "+{n} more", n=hidden), style="dim")
    if not shown and not hidden:
        cards.append(say(lang, "(bare shell)"), style="dim")
    return cards


def _tacos(view: dict[str, Any], game: Game, compact: bool = False) -> Table:
    lang = language(view)
    table = Table(box=None, padding=(0, 1), header_style="bold")
    heads = (
        (say(lang, "who"), "left"),
        (say(lang, "taco"), "left"),
        (say(lang, "pts"), "right"),
        (say(lang, "total") if not compact else say(lang, "tot"), "right"),
        (say(lang, "hand"), "right"),
        ("", "left"),
    )
    taco_head = heads[1][0]
    for name, justify in heads:
        # Compact: one line a player, every header whole; a taco too long for its column names its
        # poisons and negative cards and counts the rest (the points are in the pts column).
        table.add_column(
            name,
            justify=justify,  # type: ignore[arg-type]
            no_wrap=compact and name != taco_head,
            min_width=len(name),
            max_width=TACO_WIDTH if compact and name == taco_head else None,
            width=TACO_WIDTH if compact and name == taco_head else None,
        )
    for seat, taco in enumerate(view["tacos"]):
        marks = []
        if seat == view["turn"] and not view["is_over"]:
            turn = say(lang, "turn")
            marks.append(f"[bold]{turn}[/bold]" if compact else f"[bold]← {turn}[/bold]")
        if seat == view["trophy"]:
            marks.append("🏆")
        if seat == view["gimme"]:
            marks.append("[yellow]" + say(lang, "gimme +3") + "[/yellow]")
        if seat in view["to_act"]:
            marks.append("[dim]" + (say(lang, "asked") if compact else say(lang, "deciding")) + "[/dim]")
        known = [_spec(game, slug).name for _, holder, slug in view["known"] if holder == seat]
        if known and not compact:  # compact: on their own line under the table
            marks.append("[dim]" + say(lang, "holds {cards}", cards=", ".join(known)) + "[/dim]")
        table.add_row(
            _who(view, seat),
            _taco_cell(taco, game, TACO_WIDTH if compact else None, lang),
            str(view["taco_points"][seat]),
            str(view["totals"][seat]),
            str(view["hand_sizes"][seat]),
            " ".join(marks),
        )
    return table


def _known_line(view: dict[str, Any], game: Game) -> Text | None:
    """Cards known to be in other hands, by holder (compact screens keep them off the board's rows)."""
    held: dict[int, list[str]] = {}
    for _, holder, slug in view["known"]:
        if holder != view["seat"]:
            held.setdefault(int(holder), []).append(_spec(game, slug).name)
    if not held:
        return None
    hands = "; ".join(f"{_who(view, s)} {', '.join(c)}" for s, c in sorted(held.items()))
    return Text(say(language(view), "Known in hands: {hands}", hands=hands), style="dim")


def totals_line(view: dict[str, Any]) -> str:
    """``you 3, P1 11, ...``: every total with the name the board gives its seat."""
    return ", ".join(f"{_who(view, s)} {t}" for s, t in enumerate(view["totals"]))


def menu_texts(view: dict[str, Any], legal: list[str]) -> list[tuple[str, str]]:
    """(menu text, action) in menu order. Targets are listed seat first (``target 3 tomato``, which the
    game reads as ``target tomato 3``) and by seat, so the menu groups them by taco: at eight seats at
    most eight groups named as the board names them, instead of one group per card, which would not fit
    24 lines."""

    def seat_first(text: str) -> str:
        words = text.split()
        return f"target {words[2]} {words[1]}" if len(words) == 3 and words[0] == "target" else text

    def order(text: str) -> tuple[int, str]:
        words = text.split()
        return (int(words[2]), words[1]) if len(words) == 3 and words[0] == "target" else (-1, "")

    return [(seat_first(t), t) for t in sorted(legal, key=order)]


def label(view: dict[str, Any], text: str) -> str | None:
    """A seat choice named as the board names the seat: ``play tomato 3`` goes to P3, ``... 0`` to you."""
    words = text.split()
    where = 1 if len(words) >= 2 and words[0] == "target" and words[1].isdigit() else -1  # seat-first target
    if len(words) >= 2 and words[0] in ("play", "target", "choose") and words[where].isdigit():
        seat = int(words[where])
        if 0 <= seat < len(view["tacos"]):
            return _who(view, seat)
    return None


def _hand(view: dict[str, Any], game: Game) -> RenderableType:
    lang = language(view)
    hand = view["hand"]
    if hand is None:
        return Text(say(lang, "(spectating)"), style="dim")
    if not hand:
        return Text(say(lang, "your hand is empty"), style="dim")
    table = Table(box=None, padding=(0, 1), show_header=False)  # no header: the columns are unnamed
    table.add_column()
    table.add_column(style="dim")
    table.add_column()
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
    lang = language(view)
    line = Text(say(lang, "On the table: "))
    for i, entry in enumerate(prompt["chain"]):
        if i:
            line.append("  ⟵ " + say(lang, "stopped by") + "  ", style="dim")
        line.append(f"{_who(view, entry['by'])} ", style="dim")
        line.append_text(_card(game, entry["card"]))
        if entry["taco"] >= 0:
            if entry["taco"] == view["seat"]:
                owner = say(lang, " → your taco")
            else:
                owner = say(lang, " → {name}'s taco", name=_who(view, entry["taco"]))
            line.append(owner, style="dim")
    line.append(say(lang, "  (every player decides: pass or an Instant)"), style="dim")
    return line


def _prompt(view: dict[str, Any]) -> Text:
    lang = language(view)
    if view["is_over"]:
        outcome = view["outcome"] or {}
        winners = ", ".join(_who(view, s) for s in outcome.get("winners", []))
        return Text(
            say(lang, "Match over: {names} won. Totals: {totals}", names=winners, totals=totals_line(view)),
            style="bold",
        )
    prompt = view["prompt"] or {}
    mine = view["seat"] in view["to_act"]
    words = asked(prompt, lang)
    if prompt.get("forced"):
        words = say(lang, "you drew {card}: play it immediately", card=prompt["forced"])
    if mine:
        return Text(say(lang, "You: {what}", what=words), style="bold")
    waiting = ", ".join(_who(view, s) for s in view["to_act"])
    return Text(say(lang, "Waiting for {names}: {what}", names=waiting, what=words), style="dim")


def _hand_line(view: dict[str, Any], game: Game) -> Text:
    """The hand as one wrapped line of names and points: the compact form (``rules`` has the texts)."""
    lang = language(view)
    hand = view["hand"]
    line = Text(say(lang, "Your hand: "), style="bold")
    if not hand:
        line.append(say(lang, "spectating") if hand is None else say(lang, "empty"), style="dim")
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
    lang = language(view)
    head = Text(no_wrap=True, overflow="ellipsis")
    head.append(say(lang, "Round {round}/{rounds}", round=view["round"], rounds=view["rounds"]) + "  ", style="bold")
    head.append(
        say(lang, "Pool {pool}/{start}", pool=view["pool"], start=view["pool_start"]) + "  ", style="bold yellow"
    )
    head.append(
        say(lang, "Deck {deck}  Discard {discard}", deck=view["deck_size"], discard=len(view["discard"])), style="dim"
    )
    if view["discard"]:
        head.append(" " + say(lang, "top") + " ", style="dim")
        head.append_text(_card(game, view["discard"][-1]["card"]))
    parts: list[RenderableType] = [head, _tacos(view, game, compact=True)]
    known = _known_line(view, game)
    if known is not None:
        parts.append(known)
    window = _window(view, game)
    if window is not None:
        parts.append(window)
    parts += [_hand_line(view, game), _prompt(view)]
    # No frame: on 24 lines its two borders are worth more as two lines of choices.
    return Group(*parts)


def render(view: dict[str, Any], game: Game, compact: bool = False) -> RenderableType:
    if compact:
        return _compact(view, game)
    lang = language(view)
    head = Text()
    head.append(say(lang, "Round {round}/{rounds}", round=view["round"], rounds=view["rounds"]) + "   ", style="bold")
    pool = say(lang, "Pool: {pool}/{start} taco points", pool=view["pool"], start=view["pool_start"])
    head.append(pool + "   ", style="bold yellow")
    head.append(
        say(lang, "Deck: {deck}   Discard: {discard}", deck=view["deck_size"], discard=len(view["discard"])),
        style="dim",
    )
    if view["discard"]:
        head.append("  " + say(lang, "top:") + " ", style="dim")
        head.append_text(_card(game, view["discard"][-1]["card"]))
    parts: list[RenderableType] = [head, _tacos(view, game)]
    window = _window(view, game)
    if window is not None:
        parts.append(window)
    parts.append(Panel(_hand(view, game), title=say(lang, "your hand"), title_align="left"))
    recent = view.get("recent") or []
    if recent:
        names = list(view.get("names") or [])
        parts.append(Text("\n".join(recent_line(text, names, lang) for text in recent[-6:]), style="dim"))
    parts.append(_prompt(view))
    parts.append(Text(say(lang, "Deck: cardroom's own design (the rulebook prints no card list)."), style="dim italic"))
    return Panel(Group(*parts), title="T.A.C.O.", title_align="left")
