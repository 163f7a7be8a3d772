"""The Tacocat screen: one seat's view drawn with Rich.

Shows the board (goals, spaces with their deal and arrow, covered spaces, Tacocat), your hand sorted,
the other hand's size, the face-up discards counted by value, and whatever is on the table now: the
replacement (on the centre space, how many cards each player has decided about and which card you
decide about next), the duel, or the attack being answered, with the last exchange, duel and round
result.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardroom.cli.screens import language
from cardroom.cli.screens.tacocat_log import log_line
from cardroom.core.game import Game
from cardroom.locale import ENGLISH, Plural, say

__all__ = ["log_line", "render"]  # log_line: the terminal words the log through this screen

ARROW = {"YAY": "←", "WOW": "→", "both": "↔"}


def _card(v: int, style: str = "bold") -> Text:
    colour = "green" if v <= 4 else "red" if v >= 10 else "yellow"
    return Text(f"{v:>2}", style=f"{style} {colour}")


def _cards(values: list[int], empty: str) -> Text:
    if not values:
        return Text(empty, style="dim")
    out = Text()
    for i, v in enumerate(values):
        if i:
            out.append(" ")
        out.append_text(_card(v))
    return out


def _answers(answers: list[dict[str, Any]], lang: str) -> Text:
    out = Text()
    for i, a in enumerate(answers):
        if i:
            out.append(", ")
        defended = a["kind"] == "defend"
        words = say(lang, "defend {n}", n=a["card"]) if defended else say(lang, "sacrifice {n}", n=a["card"])
        out.append(words, style="green" if defended else "red")
    return out


def _board(view: dict[str, Any], lang: str) -> Table:
    board = view["board"]
    table = Table(show_header=False, box=None, padding=(0, 1))
    goal = say(lang, "goal")
    cells: list[Text] = [Text(f"YAY\n{goal}", style="bold cyan")]
    for space in board["spaces"]:
        here = space["position"] == board["tacocat"]
        if space["covered"]:
            cells.append(Text(f"#{space['position']}\n###", style="dim"))
            continue
        label = f"{space['deal']}{ARROW[space['arrow']]}"
        cells.append(Text(f"{'TACO' if here else space['position']}\n{label}", style="bold reverse" if here else ""))
    cells.append(Text(f"WOW\n{goal}", style="bold magenta"))
    if board["tacocat"] in (0, board["goals"]["WOW"]):
        cells[0 if board["tacocat"] == 0 else -1].stylize("reverse")
    table.add_row(*cells)
    return table


def _discards(view: dict[str, Any], lang: str) -> Text:
    counts = {int(v): n for v, n in view["discards"].items() if n}
    if not counts:
        return Text(say(lang, "none"), style="dim")
    out = Text()
    for i, (v, n) in enumerate(sorted(counts.items())):
        if i:
            out.append("  ")
        out.append_text(_card(v, ""))
        if n > 1:
            out.append(f"×{n}", style="dim")
    return out


def _replacing(view: dict[str, Any], lang: str) -> list[RenderableType]:
    rep = view["replace"]
    who = say(lang, "both players at once") if rep["replacing"] == "both" else rep["replacing"]
    if rep["limit"] is not None:
        line = Text(say(lang, "Replacing: {who} (at most {limit})", who=who, limit=rep["limit"]))
    else:
        line = Text(say(lang, "Replacing: {who}", who=who))
    if rep["discarded"] is not None:
        line.append(say(lang, "; discarded so far: {n}", n=rep["discarded"]))
    if rep.get("decided") is not None:
        # Both at once: each decides about every card in turn, lowest first (keep or discard).
        sizes = view["hand_sizes"]
        progress = ", ".join(
            f"{name} {_decided(lang, rep['done'][i], n, sizes[i])}"
            for i, (name, n) in enumerate(zip(("YAY", "WOW"), rep["decided"]))
        )
        line.append(say(lang, "; cards decided: {progress}", progress=progress))
    if rep["your_choice"] is not None:
        line.append(say(lang, "; you set aside: "))
        line.append_text(_cards(rep["your_choice"], say(lang, "none")))
    rows: list[RenderableType] = [line]
    if rep.get("your_next") is not None:
        ask = Text(say(lang, "Keep or discard your {card}?", card=rep["your_next"]), style="bold")
        ask.append(say(lang, " (each card in turn, lowest first)"), style="dim")
        rows.append(ask)
    return rows


def _decided(lang: str, done: bool, n: int, size: int) -> str:
    return say(lang, "done") if done else say(lang, "{n} of {size}", n=n, size=size)


def _table_now(view: dict[str, Any], lang: str = ENGLISH) -> list[RenderableType]:
    rows: list[RenderableType] = []
    phase = view["phase"]
    you = view["you"]
    if phase == "replace" and view["replace"]:
        rows += _replacing(view, lang)
    elif phase == "duel" and view["duel"]:
        duel = view["duel"]
        laid = [name for name, done in zip(("YAY", "WOW"), duel["laid"]) if done]
        line = Text(say(lang, "Duel: face down so far: {sides}", sides=", ".join(laid) or say(lang, "nobody")))
        if duel["your_card"] is not None:
            line.append(say(lang, "; yours: "))
            line.append_text(_card(duel["your_card"]))
        rows.append(line)
    elif phase == "defend" and view["attack"]:
        attack = view["attack"]
        line = Text(say(lang, "{side} attacks with ", side=view["attacker"]))
        line.append_text(_cards(attack["cards"], say(lang, "none")))
        if attack["answers"]:
            line.append(say(lang, "; answered: "))
            line.append_text(_answers(attack["answers"], lang))
        line.append(say(lang, "; now answering the {card}", card=attack["answering"]))
        rows.append(line)
    elif phase == "attack":
        if view["attacker"] == you:
            rows.append(Text(say(lang, "{side} to attack (you)", side=view["attacker"])))
        else:
            rows.append(Text(say(lang, "{side} to attack", side=view["attacker"])))
    if view["last_duel"]:
        duel = view["last_duel"]
        rows.append(Text(say(lang, "Last duel: YAY {a}, WOW {b}", a=duel["YAY"], b=duel["WOW"]), style="dim"))
    if view["last_play"]:
        play = view["last_play"]
        cards = " ".join(map(str, play["cards"]))
        line = Text(
            say(lang, "Last exchange: {side} attacked with {cards}: ", side=play["attacker"], cards=cards), style="dim"
        )
        line.append_text(_answers(play["answers"], lang))
        rows.append(line)
    if view["last_round"]:
        r = view["last_round"]
        result = say(lang, "{side} won", side=r["winner"]) if r["winner"] else say(lang, "tie, dealt again")
        rows.append(
            Text(
                say(lang, "Last round: YAY {a}, WOW {b} ({result})", a=r["YAY"], b=r["WOW"], result=result), style="dim"
            )
        )
    return rows


def render(view: dict[str, Any], game: Game, compact: bool = False) -> RenderableType:
    """The whole screen for one seat's (or a spectator's) view."""
    lang = language(view)
    you = view.get("you")
    sizes = view["hand_sizes"]

    def cards(n: int) -> Text:
        return Text(Plural("{count} card", "{count} cards", n).in_language(lang), style="dim")

    status = Text(say(lang, "Round {round}, {phase}", round=view["round"], phase=_phase(view["phase"], lang)))
    if view["waiting_for"]:
        status.append(say(lang, "; waiting for {sides}", sides=", ".join(view["waiting_for"])), style="dim")
    hands = Table(show_header=False, box=None, padding=(0, 1))
    if you is not None:
        other = "WOW" if you == "YAY" else "YAY"
        hands.add_row(
            Text(say(lang, "You ({side})", side=you), style="bold"), _cards(view["hand"], say(lang, "no cards"))
        )
        hands.add_row(Text(other), cards(view["opponent_hand_size"]))
    else:
        hands.add_row(Text("YAY"), cards(sizes[0]))
        hands.add_row(Text("WOW"), cards(sizes[1]))
    hands.add_row(Text(say(lang, "Draw pile")), cards(view["draw_pile_size"]))
    hands.add_row(Text(say(lang, "Discards")), _discards(view, lang))
    parts: list[RenderableType] = [_board(view, lang), status, hands, *_table_now(view, lang)]
    return Panel(Group(*parts), title=game.title, subtitle=say(lang, "preset {preset}", preset=view["preset"]))


def _phase(phase: str, lang: str) -> str:
    """A phase of the round in words (the engine's names: replace, duel, attack, defend, over)."""
    words = {
        "replace": say(lang, "replacing cards"),
        "duel": say(lang, "duel"),
        "attack": say(lang, "attack"),
        "defend": say(lang, "defence"),
        "over": say(lang, "over"),
    }
    return words.get(phase, phase)
