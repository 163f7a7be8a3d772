"""What an observation encoder is: a view in, a flat float32 vector out, made of named pieces.

An encoder reads ``state.view(seat)`` and nothing else, so an observation can never hold more than the
seat may know. The vector is the concatenation of its pieces in order; ``named(view)`` returns the
same numbers split and reshaped by piece, for debugging and for the docs.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardroom.core.game import Game


@dataclass(frozen=True)
class Piece:
    """One named slice of the observation vector.

    ``shape`` is how ``named`` presents it; every value lies in ``[low, high]``.
    """

    name: str
    shape: tuple[int, ...]
    doc: str
    high: float = 1.0
    low: float = 0.0

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


class Encoder(ABC):
    """Encodes one game's views, under one set of options, as fixed-length float32 vectors."""

    #: what this encoder is called in the docs and in ``describe()``
    label: str = "encoder"

    def __init__(self, game: Game) -> None:
        self.game = game
        self.pieces: tuple[Piece, ...] = tuple(self.layout())
        self.size = sum(p.size for p in self.pieces)
        offsets: dict[str, slice] = {}
        start = 0
        for piece in self.pieces:
            offsets[piece.name] = slice(start, start + piece.size)
            start += piece.size
        self.slices = offsets
        self.low = np.concatenate([np.full(p.size, p.low, np.float32) for p in self.pieces])
        self.high = np.concatenate([np.full(p.size, p.high, np.float32) for p in self.pieces])
        # One scratch vector with its piece views made once: building ~30 numpy views per encoding
        # cost more than the encoding itself. (So one encoder is not for several threads at once.)
        self._scratch = np.zeros(self.size, dtype=np.float32)
        self._scratch_pieces = self._split(self._scratch)

    @abstractmethod
    def layout(self) -> list[Piece]:
        """The pieces, in order; may depend on the game's options (players, deck)."""

    @abstractmethod
    def fill(self, view: Mapping[str, Any], out: dict[str, np.ndarray]) -> None:
        """Write ``view`` into the zeroed piece arrays ``out`` (shaped as each piece's ``shape``)."""

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        """A new float32 vector: the view's pieces, in order."""
        self._scratch.fill(0.0)
        self.fill(view, self._scratch_pieces)
        # Clipping keeps the vector inside the declared space even for an unusually long game.
        return np.clip(self._scratch, self.low, self.high)

    def named(self, view: Mapping[str, Any]) -> dict[str, np.ndarray]:
        """The encoding of ``view`` split into its named pieces."""
        return self._split(self.encode(view))

    def _split(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        return {p.name: vector[self.slices[p.name]].reshape(p.shape) for p in self.pieces}

    def describe(self) -> str:
        """A table of the pieces: name, shape, offset, range and meaning."""
        lines = [f"{self.label} for {self.game!r}: {self.size} floats"]
        for p in self.pieces:
            where = self.slices[p.name]
            lines.append(
                f"  {p.name:<24} {p.shape!s:<10} [{where.start}:{where.stop}]  in [{p.low:g}, {p.high:g}]  {p.doc}"
            )
        return "\n".join(lines)


def seat_order(view: Mapping[str, Any]) -> list[int]:
    """Seats starting with the viewer and going round: encoders put 'me' first, then my left, ..."""
    players = int(view["players"])
    me = view.get("seat")
    me = 0 if me is None else int(me)
    return [(me + k) % players for k in range(players)]
