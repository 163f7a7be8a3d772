"""What a T.A.C.O. decision asks, in words: the line under the board ("You: pick a target for ...").

The engine's prompt names a bonus play's mode, an effect and a discard's reason by codes ("kind",
"return_card", "limit"). In English the line shows them as the engine writes them (the words players
of this terminal already know); in another language each code is worded from the catalogue, and a
code the catalogue lacks (a deck of one's own may bring a new one) is shown as written.
"""

from __future__ import annotations

from typing import Any

from cardroom.locale import ENGLISH, Phrase, Plural, say

# A bonus play: what the card lets the owner play now (its mode and argument).
BONUS = {
    "any": Phrase("any card into any taco"),
    "kind": Phrase("an ingredient of kind {kind} into your taco"),
    "points": Phrase("an ingredient worth {points} into your taco"),
}
# An ingredient's kind, as a card's `kind` parameter names it.
KINDS = {"meat": Phrase("meat"), "vegetable": Phrase("vegetable")}
# The effect a target is picked for, and which side of a swap is being picked.
EFFECTS = {
    "destroy": Phrase("destroy"),
    "steal": Phrase("steal"),
    "swap": Phrase("swap"),
    "return_card": Phrase("return to its owner's hand"),
}
STAGES = {"yours": Phrase("your card"), "theirs": Phrase("their card")}
# Why a seat discards.
WHY = {
    "limit": Phrase("over the hand limit"),
    "opening": Phrase("opening discard"),
    "poison": Phrase("poison"),
    "made": Phrase("another player's card"),
}


def coded(code: object, words: dict[str, Phrase], lang: str) -> str:
    """An engine's code in ``lang``: as written in English or where the catalogue has no words for it."""
    phrase = words.get(str(code))
    return str(code) if lang == ENGLISH or phrase is None else phrase.in_language(lang)


def _bonus(prompt: dict[str, Any], lang: str) -> str:
    mode, arg = prompt.get("mode"), prompt.get("arg")
    phrase = BONUS.get(str(mode))
    if lang == ENGLISH or phrase is None:
        return f"{mode} {arg}"
    return say(lang, phrase.message, kind=coded(arg, KINDS, lang), points=arg)


def _effect(prompt: dict[str, Any], lang: str) -> str:
    effect = coded(prompt.get("effect"), EFFECTS, lang)
    return effect if "stage" not in prompt else f"{effect}, {coded(prompt['stage'], STAGES, lang)}"


def asked(prompt: dict[str, Any], lang: str) -> str:
    """What the decision asks, in words."""
    kind = prompt.get("kind", "")
    if kind == "main":
        return say(lang, "play a card into any taco, use an action, or end")
    if kind == "bonus":
        return say(lang, "bonus play ({what}) or pass", what=_bonus(prompt, lang))
    if kind == "window":
        return say(lang, "pass, or stop the last card with an Instant")
    if kind == "target":
        return say(lang, "pick a target for {card} ({effect})", card=prompt.get("card"), effect=_effect(prompt, lang))
    if kind == "choose":
        return say(lang, "pick a player for {card}", card=prompt.get("card"))
    if kind == "discard":
        count = int(prompt.get("count") or 0)
        why = coded(prompt.get("why"), WHY, lang)
        return Plural("discard {count} card ({why})", "discard {count} cards ({why})", count, why=why).in_language(lang)
    if kind == "hail":
        return say(lang, "hail the Taco Master, or discard")
    if kind == "accent":
        return say(lang, "keep your accent, or discard")
    return str(kind)
