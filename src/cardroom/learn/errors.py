"""The learned value's own error."""

from __future__ import annotations

from cardroom.core.errors import CardroomError


class LearnedValueError(CardroomError, ValueError):
    """A weights file missing, unreadable or made for other features; or a training request that
    cannot be met (an unknown game, a table size the game does not have)."""
