"""Exploding Kittens actions in a person's words, for the analysis: (past, bare) forms, "played Nope"."""

from __future__ import annotations

from cardroom.core.wording import card, cards, person


def action_words(verb: str, args: list[str], names: list[str], seat: int) -> tuple[str, str] | None:
    """(past, bare) forms of an Exploding Kittens action, or None for notation this does not know."""
    name = card(args[0]) if args else ""
    if verb == "draw":
        return "drew a card", "draw a card"
    if verb == "play" and args:
        return f"played {name}", f"play {name}"
    if verb == "favor" and args:
        return (
            f"asked {person(names, seat, args[0])} for a Favor",
            f"ask {person(names, seat, args[0])} for a Favor",
        )
    if verb in ("pair", "triple") and len(args) == 2:
        how = "a pair" if verb == "pair" else "three"
        return (
            f"played {how} of {name} on {person(names, seat, args[1])}",
            f"play {how} of {name} on {person(names, seat, args[1])}",
        )
    if verb == "five" and args:
        return f"put {name} into a five-different combo", f"put {name} into a five-different combo"
    simple = {"name": "named", "take": "took", "give": "gave"}
    if verb in simple and args:
        return f"{simple[verb]} {name}", f"{verb} {name}"
    if verb == "nope":
        return "played Nope", "play Nope"
    if verb == "pass":
        return "let it happen", "let it happen"
    if verb == "place" and args:
        where = "on top of the draw pile" if args[0] == "0" else f"with {cards(int(args[0]))} above it"
        return f"put the Kitten back {where}", f"put the Kitten back {where}"
    return None
