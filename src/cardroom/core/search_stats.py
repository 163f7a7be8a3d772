"""What a search did, for tests, logs and the arena: the reference search's (``bots/search.py``) and
the compiled one's (``core/kernel_face.py``, whose answer carries it) alike."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class SearchStats:
    """What the last search did, for tests, logs and the arena."""

    iterations: int = 0
    aborted: int = 0
    seconds: float = 0.0
    nodes: int = 0
    root: list[dict[str, Any]] = field(default_factory=list)
    #: Worlds a search weighing them by evidence dealt, dealt again (rejected), and kept at the cap.
    dealt: int = 0
    rejected: int = 0
    capped: int = 0
