"""T.A.C.O. actions in a person's words, for the analysis: (past, bare) forms, "played Shrimp into Bo's taco"."""

from __future__ import annotations

from cardroom.core.wording import card, person, whose


def action_words(verb: str, args: list[str], names: list[str], seat: int) -> tuple[str, str] | None:
    """(past, bare) forms of a T.A.C.O. action, or None for notation this does not know."""
    name = card(args[0]) if args else ""
    if verb == "play" and len(args) == 2:
        return (
            f"played {name} into {whose(names, seat, args[1])} taco",
            f"play {name} into {whose(names, seat, args[1])} taco",
        )
    if verb == "target" and len(args) == 2:
        return (
            f"targeted {name} in {whose(names, seat, args[1])} taco",
            f"target {name} in {whose(names, seat, args[1])} taco",
        )
    if verb == "choose" and args:
        return f"chose {person(names, seat, args[0])}", f"choose {person(names, seat, args[0])}"
    simple = {"use": "used", "discard": "discarded"}
    if verb in simple and args:
        return f"{simple[verb]} {name}", f"{verb} {name}"
    if verb == "instant" and args:
        return f"answered with {name}", f"answer with {name}"
    if verb == "pass":
        return "passed", "pass"
    if verb == "end":
        return "ended your turn", "end your turn"
    return None
