"""Golden playthroughs: a seeded game written out as the sequence of views and actions.

A golden file starts with a header naming the game, preset, options and seed; then, step by step,
the view of every seat that must decide and the action taken (chosen by a random policy seeded from
the same seed). Regenerating a file and diffing it shows, in review, any change to what players see.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from cardroom.core.errors import CorruptState
from cardroom.core.registry import make

HEADER = "# cardroom golden playthrough; regenerate with: python scripts/regen_golden.py"
MAX_STEPS = 5_000


def _line(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def render(game_name: str, preset: str | None, options: dict[str, Any], seed: int) -> str:
    game = make(game_name, preset=preset, **options)
    policy = random.Random(seed)
    state = game.new_game(seed)
    out = [
        HEADER,
        f"# game: {game_name}",
        f"# preset: {game.preset}",
        f"# options: {_line(options)}",
        f"# seed: {seed}",
        f"spectator {_line(state.view(None))}",
    ]
    while not state.is_over and state.step < MAX_STEPS:
        for seat in state.to_act:
            out.append(f"[{state.step}] view {seat} {_line(state.view(seat))}")
        seat = policy.choice(state.to_act)
        act = policy.choice(state.legal_actions(seat))
        out.append(f"[{state.step}] seat {seat}: {act}")
        state = state.apply(seat, act)
    out.append(f"spectator {_line(state.view(None))}")
    for seat in range(game.players):
        out.append(f"log {seat} {_line(state.log(seat))}")
    out.append(f"outcome {_line(None if state.outcome is None else state.outcome.to_json())}")
    return "\n".join(out) + "\n"


def read_header(path: Path) -> tuple[str, str | None, dict[str, Any], int]:
    """(game, preset, options, seed) from a golden file's header."""
    fields: dict[str, str] = {}
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if not line.startswith("# "):
                break
            key, sep, value = line[2:].partition(": ")
            if sep:
                fields[key] = value.strip()
    try:
        return fields["game"], fields["preset"], json.loads(fields["options"]), int(fields["seed"])
    except (KeyError, ValueError) as exc:
        raise CorruptState(f"{path}: golden header needs game, preset, options and seed ({exc})") from None


def regenerate(path: Path) -> str:
    return render(*read_header(path))
