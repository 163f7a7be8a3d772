"""What a balance run is: plain data, sent to worker processes."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from cardroom.arena.config import check_run_size
from cardroom.core.errors import InvalidOptions

ENGINES = ("auto", "kernel", "reference")


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
    blocks: int = 4  # independent seed blocks the games are split into (see balance/blocks.py)
    engine: str = "auto"  # auto: the compiled kernel where the game and bot have one; reference: never
    paired: int = 0  # deals a card for paired card values (card vs blank, one more copy); 0: none

    def __post_init__(self) -> None:
        if not self.bots:
            raise InvalidOptions("--bots needs at least one bot spec")
        if not isinstance(self.blocks, int) or not 1 <= self.blocks <= 100:
            raise InvalidOptions(f"--blocks must be a whole number from 1 to 100, not {self.blocks!r}")
        if not isinstance(self.paired, int) or self.paired < 0:
            raise InvalidOptions(f"--paired-games must be a whole number of at least 0, not {self.paired!r}")
        if self.engine not in ENGINES:
            raise InvalidOptions(f"--engine must be one of {', '.join(ENGINES)}, not {self.engine!r}")
        check_run_size(self.games, self.jobs, self.backend)

    @property
    def block_count(self) -> int:
        """Blocks actually played: never more than games."""
        return min(self.blocks, self.games)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["bots"] = list(self.bots)
        return data
