"""The Exploding Kittens screen: one seat's view drawn with Rich.

Shows your hand, every player's hand size (and who is out), the draw pile with what you know of it,
the discard pile, and the play waiting on a Nope window or a follow-up decision. In English a card
is shown by its code, the word typed to play it; in another language by its printed name there
(the German edition's, as the table page names them).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardroom.cli.screens import language, seat_name
from cardroom.cli.screens.kittens_cards import card_name
from cardroom.cli.screens.kittens_log import COMBOS, log_line
from cardroom.core.game import Game
from cardroom.locale import ENGLISH, Phrase, Plural, say, say_n

__all__ = ["card", "card_name", "cards", "label", "log_line", "render"]  # log_line: the terminal's log

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


# The engine's phases (its codes), as the title says them.
PHASES = {
    "turn": Phrase("turn"),
    "window": Phrase("Nope window"),
    "favor": Phrase("waiting for the Favor's card"),
    "name": Phrase("naming a card"),
    "five": Phrase("five-different combo"),
    "take": Phrase("taking from the discard pile"),
    "place": Phrase("putting a Kitten back"),
    "over": Phrase("over"),
}


def card(slug: str, lang: str = ENGLISH) -> Text:
    return Text(card_name(slug, lang), style=STYLE.get(slug, "white"))


def cards(slugs: list[str], empty: str, lang: str = ENGLISH) -> Text:
    if not slugs:
        return Text(empty, style="dim")
    counts = Counter(slugs)
    out = Text()
    for i, (slug, n) in enumerate(counts.items()):
        if i:
            out.append("  ")
        out.append_text(card(slug, lang))
        if n > 1:
            out.append(f" ×{n}", style="dim")
    return out


_seat = seat_name


def _named(slugs: list[str], lang: str) -> str:
    return ", ".join(card_name(s, lang) for s in slugs)


def _players(view: dict[str, Any]) -> Table:
    lang = language(view)
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    table.add_column(say(lang, "player"))
    table.add_column(say(lang, "cards"), justify="right")
    table.add_column("")
    known = {int(h): c for h, c in view["known_hands"]}
    for seat, size in enumerate(view["hand_sizes"]):
        status = ""
        if seat in view["out"]:
            status = "[red]" + say(lang, "exploded (out #{n})", n=view["out"].index(seat) + 1) + "[/red]"
        elif seat == view["current"] and not view["is_over"]:
            owed = view["turns_owed"]
            status = "[bold]← " + say(lang, "turn") + "[/bold]" + (say(lang, " (owes {n})", n=owed) if owed > 1 else "")
        if seat in view["to_act"] and view["phase"] == "window":
            status += " [dim]" + say(lang, "deciding") + "[/dim]"
        if seat in known:
            status += "  [dim]" + say(lang, "you know: {cards}", cards=_named(known[seat], lang)) + "[/dim]"
        table.add_row(_seat(view, seat), str(size), status)
    return table


def _pile(view: dict[str, Any]) -> Text:
    lang = language(view)
    kittens = Plural("{count} Exploding Kitten in it", "{count} Exploding Kittens in it", view["kittens_in_pile"])
    text = Text(say(lang, "Draw pile: {cards}, {kittens}", cards=_count(view["draw_pile"], lang), kittens=kittens))
    known = {int(p): c for p, c in view["known_pile"]}
    size = view["draw_pile"] - len(known)
    if 0 in known:
        risk = 1.0 if known[0] == "exploding-kitten" else 0.0
    else:
        unknown = view["kittens_in_pile"] - sum(1 for c in known.values() if c == "exploding-kitten")
        risk = unknown / size if size > 0 else 0.0
    text.append(say(lang, "  (chance the top card is a Kitten: {risk})", risk=f"{risk:.0%}"), style="dim")
    if view["known_pile"]:
        text.append("\n" + say(lang, "You know: "))
        for i, (position, slug) in enumerate(view["known_pile"]):
            if i:
                text.append(", ")
            text.append(f"#{position} ", style="dim")
            text.append_text(card(slug, lang))
        text.append(say(lang, "  (#0 = top)"), style="dim")
    return text


def _count(n: int, lang: str) -> str:
    return Plural("{count} card", "{count} cards", n).in_language(lang)


def _play(pending: dict[str, Any], lang: str) -> str:
    """The play waiting on its Nope window: its code in English (a card's is the word typed to play it),
    else a combo's words or the card's printed name."""
    action = str(pending["action"])
    combo = COMBOS.get(action)
    return action if lang == ENGLISH else combo.in_language(lang) if combo else card_name(action, lang)


def _pending(view: dict[str, Any]) -> Text | None:
    p = view["pending"]
    if p is None:
        return None
    lang = language(view)
    if p["actor"] == view.get("seat"):  # "you" takes its own verb form in German ("du hast")
        played = say(lang, "you played {action}", action=_play(p, lang))
    else:
        played = say(lang, "{name} played {action}", name=_seat(view, p["actor"]), action=_play(p, lang))
    text = Text(played, style="bold")
    if p["target"] is not None:
        text.append(say(lang, " on {name}", name=_seat(view, p["target"])))
    if p["named"]:
        text.append(say(lang, ", asking for {card}", card=card_name(p["named"], lang)))
    if p["nopes"]:
        text.append(say(lang, "; Noped by {names}", names=", ".join(_seat(view, s) for s in p["nopes"])))
        text.append(say(lang, " (now cancelled)") if p["cancelled"] else say(lang, " (back on)"), style="magenta")
    if view["phase"] == "window":
        waiting = ", ".join(_seat(view, s) for s in view["to_act"])
        text.append("\n" + say(lang, "Waiting on: {names}", names=waiting), style="dim")
    return text


def _players_line(view: dict[str, Any]) -> Text:
    """Every player on one wrapped line: the compact form of the players table."""
    lang = language(view)
    line = Text()
    for seat, size in enumerate(view["hand_sizes"]):
        if seat:
            line.append(" · ", style="dim")
        line.append(_seat(view, seat), style="bold" if seat == view["seat"] else "")
        if seat in view["out"]:
            line.append(" " + say(lang, "out #{n}", n=view["out"].index(seat) + 1), style="red")
            continue
        line.append(f" {size}")
        if seat == view["current"] and not view["is_over"]:
            owed = view["turns_owed"]
            line.append(" ← " + say(lang, "turn") + (f" ×{owed}" if owed > 1 else ""), style="bold")
        if seat in view["to_act"] and view["phase"] == "window":
            line.append(" " + say(lang, "deciding"), style="dim")
    return line


def _title(view: dict[str, Any], game: Game, lang: str) -> str:
    phase = PHASES.get(view["phase"])
    return f"{game.title} · {view['preset']} · {view['phase'] if lang == ENGLISH or phase is None else phase.in_language(lang)}"


def _compact(view: dict[str, Any], game: Game) -> RenderableType:
    lang = language(view)
    discard = view["discard"]
    top = Text(say(lang, "Discard: "))
    top.append_text(card(discard[-1], lang) if discard else Text(say(lang, "empty"), style="dim"))
    if discard:
        top.append(say(lang, " on top of {n}", n=len(discard)), style="dim")
    if view["removed"]:
        top.append(say(lang, "   Out of the game: "), style="dim").append_text(cards(view["removed"], "", lang))
    known = {int(h): c for h, c in view["known_hands"]}
    parts: list[RenderableType] = [_players_line(view), _pile(view), top]
    if known:
        holds = "; ".join(
            say(lang, "{name} holds {cards}", name=_seat(view, h), cards=_named(c, lang)) for h, c in known.items()
        )
        parts.append(Text(say(lang, "You know: ") + holds, style="dim"))
    pending = _pending(view)
    if pending is not None:
        parts.append(pending)
    if view["hand"] is not None:
        parts.append(
            Text(say(lang, "Your hand: "), style="bold").append_text(cards(view["hand"], say(lang, "empty"), lang))
        )
    return Panel(Group(*parts), title=_title(view, game, lang))


def render(view: dict[str, Any], game: Game, compact: bool = False) -> RenderableType:
    if compact:
        return _compact(view, game)
    lang = language(view)
    parts: list[RenderableType] = [_players(view), Text(""), _pile(view)]
    discard = view["discard"]
    top = Text(say(lang, "Discard pile: "))
    top.append_text(card(discard[-1], lang) if discard else Text(say(lang, "empty"), style="dim"))
    if discard:
        top.append(f"  ({_count(len(discard), lang)}: ", style="dim")
        top.append_text(cards(discard, "", lang))
        top.append(")", style="dim")
    parts.append(top)
    if view["removed"]:
        parts.append(Text(say(lang, "Out of the game: ")).append_text(cards(view["removed"], "", lang)))
    pending = _pending(view)
    if pending is not None:
        parts += [Text(""), pending]
    if view["hand"] is not None:
        hand = cards(view["hand"], say(lang, "empty"), lang)
        parts += [Text(""), Text(say(lang, "Your hand: "), style="bold").append_text(hand)]
    return Panel(Group(*parts), title=_title(view, game, lang))


def label(view: dict[str, Any], text: str) -> str | None:
    """A note beside a choice: where ``place N`` puts the defused Kitten."""
    lang = language(view)
    words = text.split()
    if len(words) == 2 and words[0] == "place" and words[1].isdigit():
        n, size = int(words[1]), int(view["draw_pile"])
        if n == 0:
            return say(lang, "top of the pile: drawn next")
        if n >= size:
            return say(lang, "bottom of the pile")
        if size <= 8:  # a short list has room to say it; a long one is plainly counted from the top
            return say_n(lang, "{count} card down from the top", "{count} cards down from the top", n)
    return None
