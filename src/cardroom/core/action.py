"""Actions: small immutable values with a reversible text form.

An action is a verb and a few arguments, ``Action("attack", (8, 9, 10))``, written ``attack 8 9 10``.
Games declare the forms they accept with a :class:`Grammar`; ``str(action)`` always parses back to the
same action. Actions sort by verb, then numerically by their arguments, so ``legal_actions`` reads well.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardroom.core.errors import InvalidAction

Arg = int | str


def _arg_key(arg: Arg) -> tuple[int, int, str]:
    return (0, arg, "") if isinstance(arg, int) else (1, 0, arg)


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: a verb and its arguments (ints for card values and seats, words for names)."""

    verb: str
    args: tuple[Arg, ...] = ()
    # Computed once: legal lists are sorted and compared far more often than actions are made.
    _key: tuple[Any, ...] = field(init=False, repr=False, compare=False, hash=False)
    # The text too: every view lists the legal actions as text, so searches ask for it constantly.
    _text: str = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_key", (self.verb, len(self.args), tuple(_arg_key(a) for a in self.args)))
        text = self.verb + " " + " ".join(str(a) for a in self.args) if self.args else self.verb
        object.__setattr__(self, "_text", text)

    def __str__(self) -> str:
        return self._text

    def sort_key(self) -> tuple[Any, ...]:
        return self._key

    def __lt__(self, other: Action) -> bool:
        return self._key < other._key


_INTERNED: dict[tuple[str, tuple[Arg, ...]], Action] = {}


def action(verb: str, *args: Arg) -> Action:
    """The shared instance of an action; games call this on hot paths to avoid rebuilding values."""
    key = (verb, args)
    found = _INTERNED.get(key)
    if found is None:
        found = _INTERNED[key] = Action(verb, args)
    return found


@dataclass(frozen=True, slots=True)
class Form:
    """One accepted shape of action text.

    ``pattern`` lists the argument kinds in order: ``N`` an integer, ``W`` a word, and a trailing ``+``
    on the last one for "one or more". ``usage`` is what an error message shows a person.
    """

    verb: str
    pattern: tuple[str, ...]
    usage: str
    help: str = ""


class Grammar:
    """The action forms of one game; parses text into :class:`Action` or raises :class:`InvalidAction`."""

    def __init__(self, forms: Iterable[Form], aliases: Mapping[str, str] | None = None) -> None:
        self.forms: dict[str, Form] = {f.verb: f for f in forms}
        self.aliases = dict(aliases or {})

    def describe(self) -> str:
        return "; ".join(f.usage for f in self.forms.values())

    def parse(self, text: str | Action) -> Action:
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise InvalidAction(f"an action must be text, got {type(text).__name__}; forms: {self.describe()}")
        words = text.strip().lower().split()
        if not words:
            raise InvalidAction(f"empty action; forms: {self.describe()}")
        verb = self.aliases.get(words[0], words[0])
        form = self.forms.get(verb)
        if form is None:
            shown = words[0] if len(words[0]) <= 20 else words[0][:20] + "..."
            raise InvalidAction(f"unknown action {shown!r}; forms: {self.describe()}")
        return action(verb, *self._args(form, words[1:]))

    def _args(self, form: Form, words: list[str]) -> tuple[Arg, ...]:
        pattern = form.pattern
        repeat = bool(pattern) and pattern[-1].endswith("+")
        kinds = [p.rstrip("+") for p in pattern]
        if repeat:
            ok = len(words) >= len(kinds)
        else:
            ok = len(words) == len(kinds)
        if not ok:
            raise InvalidAction(f"wrong number of arguments for {form.verb!r}; use: {form.usage}")
        out: list[Arg] = []
        for i, word in enumerate(words):
            kind = kinds[min(i, len(kinds) - 1)]
            if kind == "N":
                if not (word.isdigit() and len(word) <= 6):
                    raise InvalidAction(f"{form.verb!r} needs whole numbers, not {word[:20]!r}; use: {form.usage}")
                out.append(int(word))
            else:
                if not word.replace("-", "").replace("_", "").isalnum() or len(word) > 40:
                    raise InvalidAction(f"{form.verb!r} got an unreadable word {word[:20]!r}; use: {form.usage}")
                out.append(word)
        return tuple(out)
