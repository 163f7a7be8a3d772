"""What an arena run is: a game, the bots, how many games, the seed. Plain data, sent to workers."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from cardroom.core.errors import InvalidOptions

BACKENDS = ("local", "ray")


def check_run_size(games: int, jobs: int, backend: str) -> None:
    """The checks every batch of games shares (arena, balance lab), worded as the command-line flags."""
    if games < 1:
        raise InvalidOptions("--games must be at least 1")
    if jobs < 1:
        raise InvalidOptions("--jobs must be at least 1")
    if backend not in BACKENDS:
        raise InvalidOptions(f"--backend must be one of {', '.join(BACKENDS)}")


@dataclass(frozen=True)
class ArenaConfig:
    """One arena run. ``games`` is per matchup, rounded up to whole duplicate sets (one per seat)."""

    game: str
    bots: tuple[str, ...]
    games: int = 100
    preset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    jobs: int = 1
    backend: str = "local"
    address: str | None = None
    # Only the matchups of the first bot against each other bot (the others never meet each other;
    # with more seats, never the other bots alone against the first): half the games when that is
    # the only question, e.g. "does ismcts beat three heuristics?".
    challenger: bool = False

    def __post_init__(self) -> None:
        if len(self.bots) < 2:
            raise InvalidOptions("the arena needs at least two bot specs (--bots A B ...)")
        check_run_size(self.games, self.jobs, self.backend)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["bots"] = list(self.bots)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ArenaConfig:
        """The config ``to_json`` wrote; a missing or unknown field is a ``KeyError``/``TypeError``."""
        return cls(**{**data, "bots": tuple(str(b) for b in data["bots"]), "options": dict(data.get("options") or {})})
