"""What a balance run is: plain data, sent to worker processes."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from cardroom.arena.config import check_run_size
from cardroom.core.errors import InvalidOptions


@dataclass(frozen=True)
class BalanceConfig:
    """One balance run. With one bot spec every seat plays it; with several, seats rotate over a deal."""

    game: str
    bots: tuple[str, ...] = ("heuristic",)
    games: int = 200
    options: dict[str, Any] = field(default_factory=dict)
    preset: str | None = None
    seed: int = 0
    jobs: int = 1
    backend: str = "local"

    def __post_init__(self) -> None:
        if not self.bots:
            raise InvalidOptions("--bots needs at least one bot spec")
        check_run_size(self.games, self.jobs, self.backend)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["bots"] = list(self.bots)
        return data
