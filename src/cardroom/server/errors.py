"""What the service refuses, each mapped by the API to one HTTP status."""

from __future__ import annotations


class UnknownTable(Exception):
    """404: no table with that id."""


class WrongToken(Exception):
    """403: the token is missing or opens no seat at this table."""


class SeatTaken(Exception):
    """410: an invitation or hand-over link that was already opened: its seat has been taken."""


class StaleStep(Exception):
    """409: the action was chosen on a step that has passed."""

    def __init__(self, current: int) -> None:
        super().__init__(f"stale step: the game is at step {current}")
        self.current = current


class Refused(Exception):
    """422: the request is well-formed JSON but not something this table can do (the reason says why)."""


class RateLimited(Exception):
    """429: too many requests for this token."""
