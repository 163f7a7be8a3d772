"""Tacocat's log in the terminal's language, worded from each entry's fields (as the table page words
it in the browser): the sides by their labels, YAY and WOW, as the engine names them. Why a round was
won and whether it is replaced at once are only in the engine's words: read from there. An entry this
does not know gives None, and the terminal shows the engine's words."""

from __future__ import annotations

import re
from typing import Any

from cardroom.locale import Phrase, Plural, say

SIDES = ("YAY", "WOW")
# The engine's words for why a round was won (its "move" entry), and the catalogue's for each.
WHY = {
    "the lower final card": Phrase("the lower final card"),
    "the tie, by the arrow": Phrase("the tie, by the arrow"),
    "the tie, as the duel's winner": Phrase("the tie, as the duel's winner"),
}


def _card(n: int) -> Phrase:
    """One card by its number with its article: English says "an 8", "an 11", "an 18", "a 5"."""
    return Phrase("an {n}", n=n) if re.fullmatch(r"8|11|18|8\d", str(n)) else Phrase("a {n}", n=n)


def _listed(cards: list[int], sep: str = ", ") -> str:
    return sep.join(map(str, cards))


def log_line(entry: dict[str, Any], names: list[str], lang: str) -> str | None:
    kind, text = entry.get("kind"), str(entry.get("text", ""))
    side = SIDES[entry["seat"]] if isinstance(entry.get("seat"), int) else ""
    if kind == "start":
        return say(lang, "Tacocat stands on the centre space")
    if kind == "round":
        facts = {"round": entry["round"], "space": entry["space"], "deal": entry["deal"]}
        first = re.search(r"; (YAY|WOW) replaces first$", text)
        if first:
            return say(
                lang,
                "Round {round} on space {space}: each player is dealt {deal} cards; {side} replaces first",
                side=first[1],
                **facts,
            )
        return say(
            lang,
            "Round {round} on space {space}: each player is dealt {deal} cards; both players replace at once",
            **facts,
        )
    if kind == "ready":
        return say(lang, "{side} has chosen", side=side)
    if kind == "replace":
        cards = Plural("{count} card", "{count} cards", entry["count"])
        if entry.get("cards"):
            return say(lang, "{side} replaces {cards}: {which}", side=side, cards=cards, which=_listed(entry["cards"]))
        return say(lang, "{side} replaces {cards}", side=side, cards=cards)
    if kind == "may-replace":
        return say(lang, "{side} may replace up to {limit}", side=side, limit=entry["limit"])
    if kind == "discard":
        return say(lang, "{side} discards {card}", side=side, card=_card(entry["card"]))
    if kind == "duel":
        return say(lang, "Duel: each player lays one card face down")
    if kind == "laid":
        if "card" in entry:
            return say(lang, "You lay {card} face down", card=_card(entry["card"]))
        return say(lang, "{side} lays a card face down", side=side)
    if kind == "duel-won":
        a, b = entry["cards"]
        return say(lang, "Duel: YAY {a}, WOW {b}; {winner} attacks first", a=a, b=b, winner=SIDES[entry["winner"]])
    if kind == "duel-tied":
        return say(lang, "Duel: both {n}; duel again", n=entry["cards"][0])
    if kind == "attack":
        return say(lang, "{side} attacks with {cards}", side=side, cards=_listed(entry["cards"], " "))
    if kind == "answer":
        card, against = _card(entry["card"]), entry["against"]
        if entry.get("sacrifice"):
            return say(lang, "{side} sacrifices {card} to the {against}", side=side, card=card, against=against)
        return say(lang, "{side} defends the {against} with {card}", side=side, card=card, against=against)
    if kind == "lead":
        if text.endswith(" again"):
            return say(lang, "{side} attacks again", side=side)
        return say(lang, "{side} attacks next", side=side)
    if kind == "reveal":
        a, b = entry["cards"]
        return say(lang, "Final cards: YAY {a}, WOW {b}", a=a, b=b)
    if kind == "move":
        found = re.search(r" with (.+) and moves ", text)
        why = WHY.get(found[1]) if found else None
        if why is None:
            return None
        winner = SIDES[entry["winner"]]
        goal = re.search(r"to (YAY|WOW)'s goal;", text)
        where = Phrase("{side}'s goal", side=goal[1]) if goal else Phrase("space {n}", n=entry["to"])
        return say(
            lang,
            "{side} wins the round with {why} and moves Tacocat to {where}; space {old} is covered",
            side=winner,
            why=why,
            where=where,
            old=entry["from"],
        )
    if kind == "tie":
        return say(lang, "Tie: the round is dealt again on space {space}", space=entry["space"])
    if kind == "over":
        return say(lang, "{side} wins the game", side=SIDES[entry["winner"]])
    if kind == "dealt":
        return say(lang, "You were dealt {cards}", cards=_listed(entry["cards"]))
    if kind == "drew":
        return say(lang, "You drew {cards}", cards=_listed(entry["cards"]))
    if kind == "keep":
        return say(lang, "You keep {card}", card=_card(entry["card"]))
    if kind == "mark":
        return say(lang, "You set {card} aside to replace", card=_card(entry["card"]))
    return None
