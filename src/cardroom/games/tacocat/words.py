"""Tacocat actions in a person's words, for the analysis: (past, bare) forms, "replaced your 7"."""

from __future__ import annotations


def action_words(verb: str, args: list[str], names: list[str], seat: int) -> tuple[str, str] | None:
    """(past, bare) forms of a Tacocat action, or None for notation this does not know."""
    cards = " + ".join(args)
    forms = {"discard": ("replaced your {c}", "replace your {c}"), "keep": ("kept your {c}", "keep your {c}"),
             "duel": ("duelled with your {c}", "duel with your {c}"),
             "attack": ("attacked with {c}", "attack with {c}"), "defend": ("defended with your {c}", "defend with your {c}"),
             "sacrifice": ("took the hit", "take the hit"), "done": ("finished replacing", "finish replacing")}  # fmt: skip
    if verb in forms:
        past, bare = forms[verb]
        return past.format(c=cards), bare.format(c=cards)
    return None
