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

from cardroom.core.game import Game

ARROW = {"YAY": "←", "WOW": "→", "both": "↔"}


def _card(v: int, style: str = "bold") -> Text:
    colour = "green" if v <= 4 else "red" if v >= 10 else "yellow"
    return Text(f"{v:>2}", style=f"{style} {colour}")


def _cards(values: list[int], empty: str = "none") -> Text:
    if not values:
        return Text(empty, style="dim")
    out = Text()
    for i, v in enumerate(values):
        if i:
            out.append(" ")
        out.append_text(_card(v))
    return out


def _answers(answers: list[dict[str, Any]]) -> Text:
    out = Text()
    for i, a in enumerate(answers):
        if i:
            out.append(", ")
        style = "green" if a["kind"] == "defend" else "red"
        out.append(f"{a['kind']} {a['card']}", style=style)
    return out


def _board(view: dict[str, Any]) -> Table:
    board = view["board"]
    table = Table(show_header=False, box=None, padding=(0, 1))
    cells: list[Text] = [Text("YAY\ngoal", style="bold cyan")]
    for space in board["spaces"]:
        here = space["position"] == board["tacocat"]
        if space["covered"]:
            cells.append(Text(f"#{space['position']}\n###", style="dim"))
            continue
        label = f"{space['deal']}{ARROW[space['arrow']]}"
        cells.append(Text(f"{'TACO' if here else space['position']}\n{label}", style="bold reverse" if here else ""))
    cells.append(Text("WOW\ngoal", style="bold magenta"))
    if board["tacocat"] in (0, board["goals"]["WOW"]):
        cells[0 if board["tacocat"] == 0 else -1].stylize("reverse")
    table.add_row(*cells)
    return table


def _discards(view: dict[str, Any]) -> Text:
    counts = {int(v): n for v, n in view["discards"].items() if n}
    if not counts:
        return Text("none", style="dim")
    out = Text()
    for i, (v, n) in enumerate(sorted(counts.items())):
        if i:
            out.append("  ")
        out.append_text(_card(v, ""))
        if n > 1:
            out.append(f"×{n}", style="dim")
    return out


def _table_now(view: dict[str, Any]) -> list[RenderableType]:
    rows: list[RenderableType] = []
    phase = view["phase"]
    you = view["you"]
    if phase == "replace" and view["replace"]:
        rep = view["replace"]
        who = "both players at once" if rep["replacing"] == "both" else rep["replacing"]
        limit = f" (at most {rep['limit']})" if rep["limit"] is not None else ""
        line = Text(f"Replacing: {who}{limit}")
        if rep["discarded"] is not None:
            line.append(f"; discarded so far: {rep['discarded']}")
        if rep.get("decided") is not None:
            # Both at once: each decides about every card in turn, lowest first (keep or discard).
            sizes = view["hand_sizes"]
            progress = ", ".join(
                f"{name} {'done' if rep['done'][i] else f'{n} of {sizes[i]}'}"
                for i, (name, n) in enumerate(zip(("YAY", "WOW"), rep["decided"]))
            )
            line.append(f"; cards decided: {progress}")
        if rep["your_choice"] is not None:
            line.append("; you set aside: ")
            line.append_text(_cards(rep["your_choice"]))
        rows.append(line)
        if rep.get("your_next") is not None:
            ask = Text(f"Keep or discard your {rep['your_next']}?", style="bold")
            ask.append(" (each card in turn, lowest first)", style="dim")
            rows.append(ask)
    elif phase == "duel" and view["duel"]:
        duel = view["duel"]
        laid = [name for name, done in zip(("YAY", "WOW"), duel["laid"]) if done]
        line = Text(f"Duel: face down so far: {', '.join(laid) or 'nobody'}")
        if duel["your_card"] is not None:
            line.append("; yours: ")
            line.append_text(_card(duel["your_card"]))
        rows.append(line)
    elif phase == "defend" and view["attack"]:
        attack = view["attack"]
        line = Text(f"{view['attacker']} attacks with ")
        line.append_text(_cards(attack["cards"]))
        if attack["answers"]:
            line.append("; answered: ")
            line.append_text(_answers(attack["answers"]))
        line.append(f"; now answering the {attack['answering']}")
        rows.append(line)
    elif phase == "attack":
        rows.append(Text(f"{view['attacker']} to attack" + (" (you)" if view["attacker"] == you else "")))
    if view["last_duel"]:
        rows.append(Text(f"Last duel: YAY {view['last_duel']['YAY']}, WOW {view['last_duel']['WOW']}", style="dim"))
    if view["last_play"]:
        play = view["last_play"]
        line = Text(
            f"Last exchange: {play['attacker']} attacked with {' '.join(map(str, play['cards']))}: ",
            style="dim",
        )
        line.append_text(_answers(play["answers"]))
        rows.append(line)
    if view["last_round"]:
        r = view["last_round"]
        result = f"{r['winner']} won" if r["winner"] else "tie, dealt again"
        rows.append(Text(f"Last round: YAY {r['YAY']}, WOW {r['WOW']} ({result})", style="dim"))
    return rows


def render(view: dict[str, Any], game: Game, compact: bool = False) -> RenderableType:
    """The whole screen for one seat's (or a spectator's) view."""
    you = view.get("you")
    sizes = view["hand_sizes"]
    status = Text(f"Round {view['round']}, {view['phase']}")
    if view["waiting_for"]:
        status.append(f"; waiting for {', '.join(view['waiting_for'])}", style="dim")
    hands = Table(show_header=False, box=None, padding=(0, 1))
    if you is not None:
        other = "WOW" if you == "YAY" else "YAY"
        hands.add_row(Text(f"You ({you})", style="bold"), _cards(view["hand"], "no cards"))
        hands.add_row(Text(other), Text(f"{view['opponent_hand_size']} cards", style="dim"))
    else:
        hands.add_row(Text("YAY"), Text(f"{sizes[0]} cards", style="dim"))
        hands.add_row(Text("WOW"), Text(f"{sizes[1]} cards", style="dim"))
    hands.add_row(Text("Draw pile"), Text(f"{view['draw_pile_size']} cards", style="dim"))
    hands.add_row(Text("Discards"), _discards(view))
    parts: list[RenderableType] = [_board(view), status, hands, *_table_now(view)]
    return Panel(Group(*parts), title=game.title, subtitle=f"preset {view['preset']}")
