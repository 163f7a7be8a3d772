"""Options and presets: values checked, unknown names refused with what is allowed."""

from __future__ import annotations

import pytest

from cardroom.core.errors import InvalidOptions
from cardroom.core.options import Option, resolve

SPECS = (
    Option("deck", "official", "which deck", choices=("official", "small")),
    Option("rounds", 1, "rounds", check=lambda v: None if isinstance(v, int) and v >= 1 else "must be 1 or more"),
    Option("board", "assumed", "board", assumed=True),
)
PRESETS = {"official": {}, "small": {"deck": "small", "rounds": 3}}


def test_preset_values_then_overrides() -> None:
    assert resolve("g", SPECS, PRESETS, None, "official", {}) == (
        "official",
        {"deck": "official", "rounds": 1, "board": "assumed"},
    )
    chosen, values = resolve("g", SPECS, PRESETS, "small", "official", {"rounds": 5})
    assert chosen == "small" and values == {"deck": "small", "rounds": 5, "board": "assumed"}


@pytest.mark.parametrize(
    ("preset", "overrides", "fragment"),
    [
        ("huge", {}, "no preset 'huge'; presets: official, small"),
        (None, {"colour": "red"}, "no option 'colour'; options: deck, rounds, board"),
        (None, {"deck": "tiny"}, "cannot be 'tiny'; allowed: 'official', 'small'"),
        (None, {"rounds": 0}, "option 'rounds': must be 1 or more"),
    ],
)
def test_bad_options_say_what_is_allowed(preset: str | None, overrides: dict[str, object], fragment: str) -> None:
    with pytest.raises(InvalidOptions) as info:
        resolve("g", SPECS, PRESETS, preset, "official", overrides)
    assert fragment in str(info.value)
