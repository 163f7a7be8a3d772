"""The table of action-space and observation sizes in docs/rl.md, computed from the games themselves.

``python -m cardroom.rl --sizes`` prints it; a test checks that the docs show exactly this text, so a
change to a game's actions or encoder cannot leave the docs behind.
"""

from __future__ import annotations

from typing import Any

from cardroom.core.registry import kits
from cardroom.rl.interface import Interface


def rows() -> tuple[tuple[str, tuple[str, ...], tuple[int | None, ...]], ...]:
    """(game, presets that share one row, player counts shown), from each game's kit (``rl_rows``); each
    row is measured on its first preset."""
    return tuple((kit.name, presets, counts) for kit in kits() for presets, counts in kit.rl_rows)


def _sizes(name: str, preset: str, players: int | None) -> tuple[int, int]:
    options: dict[str, Any] = {} if players is None else {"players": players}
    interface = Interface.make(name, preset, **options)
    return len(interface.actions), int(interface.encoder.size)


def sizes_table() -> str:
    lines = ["| game | preset / players | actions | observation floats |", "| --- | --- | ---: | ---: |"]
    for name, presets, counts in rows():
        measured = [_sizes(name, presets[0], n) for n in counts]
        for preset in presets[1:]:  # the presets sharing a row must really have the same sizes
            if [_sizes(name, preset, n) for n in counts] != measured:
                raise AssertionError(f"{name} {preset} differs from {presets[0]}: give it its own row")
        label = ", ".join(presets)
        if counts != (None,):
            label += ("; " if len(presets) > 1 else ", ") + " / ".join(str(n) for n in counts) + " players"
        actions = " / ".join(str(a) for a, _ in measured)
        floats = " / ".join(str(f) for _, f in measured)
        lines.append(f"| {name} | {label} | {actions} | {floats} |")
    return "\n".join(lines)
