"""The oracle: the ISMCTS search run on the TRUE state. IT CHEATS.

It knows every hidden card and the order of the deck, so it is no opponent for a person. It exists to
measure how far a fair bot is from the best a search of this size could do with perfect knowledge
(the "gap closure" of the strength benchmark). Only the arena may seat it: ``make_bot`` refuses it
unless the caller passes ``allow_cheats=True``, and its view-only ``choose`` raises.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardroom.bots.ismcts import SearchBot, SearchSettings
from cardroom.core.game import Game, State

CHEAT_NOTICE = (
    "the oracle bot cheats (it reads the true state, hidden cards included) and exists only to measure "
    "fair bots in the arena; it cannot play a real game. Use ismcts (or the word hard) instead."
)


class OracleCheats(RuntimeError):
    """Raised when the oracle is asked to play from a view, as in a real game."""


class OracleBot(SearchBot):
    """Search on the true state (cheats; arena measurements only)."""

    cheats = True

    def __init__(self, game: Game, settings: SearchSettings) -> None:
        super().__init__(game, settings, f"oracle:{settings.label()} (cheats)")

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        raise OracleCheats(CHEAT_NOTICE)

    def choose_with_state(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """Cheats: the search starts every iteration from ``state`` itself, hidden cards and all."""
        return self._search(game, seat, state.view(seat), lambda _rng: state, rng)


def make_oracle(game: Game, params: dict[str, str]) -> OracleBot:
    return OracleBot(game, SearchSettings(params, "oracle", game.name))
