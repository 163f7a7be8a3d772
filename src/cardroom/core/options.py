"""Game options and presets.

A preset is a named set of option values, never a copy of code. Options a player may set are declared
once with their allowed values, so a bad value is refused with a message that lists what is allowed.
An option marked ``assumed`` fills a fact no rule text gives; docs and the rules screen say so.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardroom.core.errors import InvalidOptions


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], str | None] | None = None
    assumed: bool = False
    #: What a menu offers where ``choices`` is None because more is accepted (a deck by version, or any
    #: deck file's path from the command line): the values a person picks from in the room.
    offered: tuple[Any, ...] | None = None

    def validate(self, value: Any) -> Any:
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise InvalidOptions(f"option {self.name!r} cannot be {value!r}; allowed: {allowed}")
        if self.check is not None:
            problem = self.check(value)
            if problem:
                raise InvalidOptions(f"option {self.name!r}: {problem}")
        return value


def resolve(
    game: str,
    specs: tuple[Option, ...],
    presets: Mapping[str, Mapping[str, Any]],
    preset: str | None,
    default_preset: str,
    overrides: Mapping[str, Any],
) -> tuple[str, dict[str, Any]]:
    """The preset's values with the caller's overrides on top, every one checked."""
    chosen = default_preset if preset is None else preset
    if chosen not in presets:
        raise InvalidOptions(f"{game} has no preset {chosen!r}; presets: {', '.join(presets)}")
    by_name = {o.name: o for o in specs}
    unknown = sorted(set(overrides) - set(by_name))
    if unknown:
        raise InvalidOptions(f"{game} has no option {unknown[0]!r}; options: {', '.join(by_name)}")
    values = {o.name: o.default for o in specs}
    values.update(presets[chosen])
    values.update(overrides)
    return chosen, {name: by_name[name].validate(v) for name, v in values.items()}


def parse_assignments(items: list[str]) -> dict[str, Any]:
    """``["ties=redeal", "players=4"]`` as option values; JSON where it parses (numbers, booleans)."""
    values: dict[str, Any] = {}
    for item in items:
        key, eq, text = item.partition("=")
        if not eq or not key.strip():
            raise InvalidOptions(f"an option is KEY=VALUE, got {item!r}")
        try:
            values[key.strip()] = json.loads(text)
        except json.JSONDecodeError:
            values[key.strip()] = text
    return values
