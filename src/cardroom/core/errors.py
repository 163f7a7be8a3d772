"""The errors every game raises, so callers can tell a typo from a rule."""

from __future__ import annotations


class CardroomError(Exception):
    """Base of every error cardroom raises on purpose."""


class InvalidAction(CardroomError, ValueError):
    """Text that is not an action of this game at all; the message lists the forms it accepts."""


class IllegalAction(CardroomError, ValueError):
    """A well-formed action that the rules forbid right now; the message names the rule."""


class InvalidOptions(CardroomError, ValueError):
    """An unknown game, preset or option, or an option value outside what it allows."""


class CorruptState(CardroomError, ValueError):
    """Saved data (JSON or a position string) that does not describe a valid state."""
