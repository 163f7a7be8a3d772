"""How long a search bot may think: a wall-clock budget, an iteration budget, or both.

An iteration budget makes a bot's choice a pure function of (view, rng), which is what reproducible
arena runs need. A time budget depends on the machine and its load, so two runs can differ.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.core import search_clock
from cardroom.core.errors import InvalidOptions

DEFAULT_MS = 1000.0
#: The longest a bot thinks for one decision at a table, in seconds: the room's default hard limit, and
#: what the terminal paces a search by when it is bounded by iterations only (its time is unknown).
TABLE_CAP_S = 5.0
RESERVE_SHARE = 0.05
RESERVE_MAX_S = 0.05


@dataclass(frozen=True, slots=True)
class Budget:
    """Stop after ``iterations`` search iterations or ``ms`` milliseconds, whichever comes first."""

    ms: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.ms is None and self.iterations is None:
            raise InvalidOptions("a search budget needs ms=... or iterations=...")
        if self.ms is not None and not self.ms > 0:
            raise InvalidOptions(f"ms must be positive, got {self.ms}")
        if self.iterations is not None and self.iterations < 1:
            raise InvalidOptions(f"iterations must be at least 1, got {self.iterations}")

    @property
    def reproducible(self) -> bool:
        """True when only the iteration count limits the search (no clock involved)."""
        return self.ms is None

    def deadline(self, start: float) -> float:
        """The ``now()`` value at which to stop searching; infinity without a time limit.

        The search stops a little before the budget ends (5% of it, at most 50 ms): freeing its trees,
        returning and the caller's own bookkeeping take time too, and the answer must arrive within
        the budget, not just the last playout.
        """
        if self.ms is None:
            return float("inf")
        seconds = self.ms / 1000.0
        return start + seconds - min(RESERVE_SHARE * seconds, RESERVE_MAX_S)

    def label(self) -> str:
        parts = []
        if self.ms is not None:
            parts.append(f"ms={self.ms:g}")
        if self.iterations is not None:
            parts.append(f"iterations={self.iterations}")
        return ",".join(parts)


def budget_from(params: dict[str, str], default_ms: float = DEFAULT_MS) -> Budget:
    """Read ``ms`` and ``iterations`` out of spec parameters (removing them); ``ms=1000`` if neither."""
    ms_text = params.pop("ms", None)
    it_text = params.pop("iterations", None)
    try:
        ms = float(ms_text) if ms_text is not None else None
        iterations = int(it_text) if it_text is not None else None
    except ValueError:
        raise InvalidOptions(f"budget must be numbers: ms={ms_text!r}, iterations={it_text!r}") from None
    if ms is None and iterations is None:
        ms = default_ms
    return Budget(ms=ms, iterations=iterations)


def now() -> float:
    """The search clock's reading; budgets' deadlines are on this clock (see ``core.search_clock``)."""
    return search_clock.now()
