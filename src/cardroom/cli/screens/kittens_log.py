"""Exploding Kittens' log in the terminal's language, worded from each entry's fields as the table page
words it (cards by their printed names in that language). English keeps the engine's own words (the
terminal shows a card by the code typed to play it), so this words only the other languages. A few
facts are only in the engine's words (whose play a Nope answers, whom a card was asked of, which of
two wordings a turn or an explosion took): read from there. An entry this does not know gives None,
and the terminal shows the engine's words."""

from __future__ import annotations

import re
from typing import Any

from cardroom.cli.screens.kittens_cards import card_name
from cardroom.locale import ENGLISH, Phrase, Plural, say

COMBOS = {"pair": Phrase("pair"), "triple": Phrase("three of a kind"), "five": Phrase("five-different combo")}
# The entries worded from nothing but their seat and card (by kind).
BY_SEAT_AND_CARD = {
    "draw": Phrase("{name} draws a card"),
    "kitten": Phrase("{name} draws an Exploding Kitten!"),
    "defuse": Phrase("{name} plays a Defuse"),
    "place": Phrase("{name} secretly puts the Kitten back into the draw pile"),
    "win": Phrase("{name} is the last player standing and wins"),
    "drew": Phrase("You draw {card}"),
    "shuffle": Phrase("The draw pile is shuffled"),
    "miss": Phrase("{name} has no {card}"),
    "take": Phrase("{name} takes {card} from the discard pile"),
    "set-aside": Phrase("{name}'s cards are set aside, out of the game"),
}


def log_line(entry: dict[str, Any], names: list[str], lang: str) -> str | None:
    if lang == ENGLISH:
        return None
    kind, text = entry.get("kind"), str(entry.get("text", ""))

    def seat(s: object) -> str:
        n = int(str(s))
        return names[n] if 0 <= n < len(names) else say(lang, "Player {n}", n=n + 1)

    def cards(slugs: list[str]) -> str:
        return ", ".join(card_name(s, lang) for s in slugs) if slugs else say(lang, "no cards")

    def action(code: str) -> str:
        combo = COMBOS.get(code)
        return combo.in_language(lang) if combo else card_name(code, lang)

    one = {"name": seat(entry["seat"])} if "seat" in entry else {}
    card = {"card": card_name(entry["card"], lang)} if "card" in entry else {}
    words = _simple(kind, lang, one, card, entry)
    if words is not None:
        return words
    if kind == "hand":
        return say(lang, "Your hand: {cards}", cards=cards(entry["cards"]))
    if kind == "turn":
        turns = Plural("{count} turn", "{count} turns", entry["owed"])
        if text.endswith("goes first"):
            return say(lang, "{name} goes first", **one)
        if "still owes" in text:
            return say(lang, "{name} still owes {turns}", turns=turns, **one)
        return say(lang, "{name}'s turn: they owe {turns}", turns=turns, **one)
    if kind == "explode":
        if entry["cards"] or "discards" in text:
            return say(
                lang,
                "{name} explodes and discards their hand ({cards}) with the Kitten",
                cards=cards(entry["cards"]),
                **one,
            )
        return say(lang, "{name} explodes; their cards are set aside, out of the game", **one)
    if kind == "placed":
        if text.endswith(" on top") or entry.get("position") == 0:
            return say(lang, "You put the Kitten back on top of the draw pile")
        if text.endswith(" at the bottom"):
            return say(lang, "You put the Kitten back at the bottom of the draw pile")
        above = Plural("{count} card", "{count} cards", entry["position"])
        return say(lang, "You put the Kitten back with {cards} above it", cards=above)
    if kind == "play":
        target = {"target": seat(entry["target"])} if "target" in entry else {}
        if entry.get("combo") == "pair":
            return say(lang, "{name} plays a pair of {card} on {target}", **one, **card, **target)
        if entry.get("combo") == "triple":
            return say(lang, "{name} plays three {card} on {target}", **one, **card, **target)
        if target:
            return say(lang, "{name} plays {card} on {target}", **one, **card, **target)
        return say(lang, "{name} plays {card}", **one, **card)
    if kind == "name":
        asked = re.search(r"asks P(\d+) for", text)
        return say(lang, "{name} asks {target} for {card}", target=seat(asked[1]), **one, **card) if asked else None
    if kind == "nope":
        answered = re.search(r": P(\d+)'s (\S+) is (cancelled|back on)$", text)
        if not answered:
            return None
        facts = {"nope": card_name("nope", lang), "actor": seat(answered[1]), "action": action(answered[2]), **one}
        if answered[3] == "cancelled":
            return say(lang, "{name} plays {nope}: {actor}'s {action} is cancelled", **facts)
        return say(lang, "{name} plays {nope}: {actor}'s {action} is back on", **facts)
    if kind == "cancel":
        return say(lang, "{name}'s {action} is Noped and does nothing", action=action(entry["action"]), **one)
    if kind == "fizzle":
        on = re.search(r" on P(\d+) does nothing$", text)
        if on:
            return say(
                lang,
                "{name}'s {action} on {target} does nothing",
                action=action(entry["action"]),
                target=seat(on[1]),
                **one,
            )
        return say(lang, "{name}'s {action} does nothing", action=action(entry["action"]), **one)
    if kind == "seen":
        if entry["count"] == 1:
            return say(lang, "{name} looks at the top card", **one)
        return say(lang, "{name} looks at the top {n} cards", n=entry["count"], **one)
    if kind == "future":
        return say(lang, "You see, top first: {cards}", cards=cards(entry["cards"]))
    if kind == "empty":
        if text.endswith("to give"):
            return say(lang, "{name} has no card to give", **one)
        return say(lang, "{name} has no card to steal", **one)
    if kind in ("transfer", "transferred"):
        people = {"giver": seat(entry["giver"]), "taker": seat(entry["taker"])}
        lost = " loses at random " in text
        if "card" not in entry:
            if lost:
                return say(lang, "{giver} loses at random a card to {taker}", **people)
            return say(lang, "{giver} gives a card to {taker}", **people)
        if kind == "transfer":
            return say(lang, "{giver} hands {card} to {taker}", **people, **card)
        if lost:
            return say(lang, "{giver} loses at random {card} to {taker}", **people, **card)
        return say(lang, "{giver} gives {card} to {taker}", **people, **card)
    if kind == "discard-hand":
        return say(lang, "{name} discards their hand ({cards})", cards=cards(entry["cards"]), **one)
    return None


def _simple(kind: object, lang: str, one: dict[str, str], card: dict[str, str], entry: dict[str, Any]) -> str | None:
    """The entries whose words need nothing but the seat, the card or the counts the entry carries."""
    if kind == "setup":
        facts = {k: entry[k] for k in ("deal", "kittens", "defuses", "pile")}
        return say(
            lang,
            "Each player is dealt {deal} cards and a Defuse; {kittens} Exploding Kittens and {defuses} Defuses are "
            "shuffled into a draw pile of {pile} cards",
            **facts,
        )
    if kind == "five":
        return say(lang, "{name} plays {card} ({n} of five different icons)", n=entry["count"], **one, **card)
    phrase = BY_SEAT_AND_CARD.get(str(kind))
    if phrase is not None:
        return say(lang, phrase.message, **one, **card)
    return None
