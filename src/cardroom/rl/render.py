"""The ``ansi`` render of the adapters: one seat's view as a few readable lines, its hand first.

Plain text with no colour codes, for logs and notebooks: the game, step and who acts; the seat's own
hand on its own line, cards by name (T.A.C.O.'s card ids left out); the legal actions; then the rest
of the view, one field a line, values as compact JSON cut at the line width.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

# Shown in the header lines, or not at all (the options are the game's, not the moment's).
HEADER_KEYS = frozenset(
    {"game", "preset", "players", "seat", "step", "to_act", "is_over", "outcome", "hand", "legal_actions", "options"}
)
WIDTH = 100


def _card(entry: Any) -> str:
    if isinstance(entry, Mapping) and "card" in entry:
        return str(entry["card"])
    return str(entry)


def hand_line(view: Mapping[str, Any]) -> str:
    hand = view.get("hand")
    if hand is None:
        return "hand: (a spectator sees no hand)"
    if not hand:
        return "hand: empty"
    return f"hand ({len(hand)}): " + "  ".join(_card(e) for e in hand)


def ansi(view: Mapping[str, Any], width: int = WIDTH) -> str:
    who = "spectator" if view.get("seat") is None else f"seat {view['seat']}"
    lines = [
        f"{view.get('game')} ({view.get('preset')}), {view.get('players')} players · step {view.get('step')}"
        f" · {who} · to act: {', '.join(str(s) for s in view.get('to_act', [])) or 'nobody'}"
    ]
    if view.get("is_over"):
        outcome = view.get("outcome") or {}
        lines.append(f"game over: winners {outcome.get('winners')} ({outcome.get('reason', '')})")
    lines.append(hand_line(view))
    legal = view.get("legal_actions") or []
    if legal:
        lines.append(_cut("legal: " + " | ".join(str(a) for a in legal), width))
    for key, value in view.items():
        if key in HEADER_KEYS:
            continue
        lines.append(_cut(f"{key}: {json.dumps(value, separators=(',', ':'), sort_keys=True)}", width))
    return "\n".join(lines)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
