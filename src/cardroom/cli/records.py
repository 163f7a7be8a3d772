"""Game records: options, seed and actions, the canonical form of a finished game."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardroom.core.errors import CorruptState
from cardroom.core.game import Game, State
from cardroom.core.registry import make
from cardroom.locale import in_terminal_language as _  # why a record cannot be read, in the terminal's language

FORMAT = "cardroom-record/1"


@dataclass
class Record:
    game: str
    preset: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    actions: list[tuple[int, str]] = field(default_factory=list)
    started: float = field(default_factory=time.time)

    def make_game(self) -> Game:
        return make(self.game, preset=self.preset, **self.options)

    def final_state(self) -> State:
        return self.make_game().replay(self.seed, self.actions)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "preset": self.preset,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "started": self.started,
            "actions": [[seat, text] for seat, text in self.actions],
        }

    def save(self, directory: Path) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.started))
        path = directory / f"{self.game}-{stamp}.json"
        n = 1
        while path.exists():
            n += 1
            path = directory / f"{self.game}-{stamp}-{n}.json"
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        return path


def load_record(path: Path) -> Record:
    """A record from a file; :class:`CorruptState` says what is wrong with a bad one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CorruptState(_("cannot read {path}: {problem}", path=path, problem=exc)) from None
    except json.JSONDecodeError as exc:
        raise CorruptState(_("{path} is not JSON: {problem}", path=path, problem=exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CorruptState(
            _('{path} is not a cardroom record (expected "format": "{format}")', path=path, format=FORMAT)
        )
    try:
        actions = [(int(seat), str(text)) for seat, text in data["actions"]]
        record = Record(
            game=str(data["game"]),
            preset=str(data["preset"]),
            options=dict(data["options"]),
            seed=int(data["seed"]),
            seats=[str(s) for s in data.get("seats", [])],
            actions=actions,
            started=float(data.get("started", 0.0)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise CorruptState(
            _("{path}: a record needs game, preset, options, seed and actions ({problem})", path=path, problem=exc)
        ) from None
    return record
