"""Pips as the house finds it (``core/kit.py``): a toy kept for the tests, so never offered to people."""

from __future__ import annotations

from cardroom.core.kit import GameKit

KIT = GameKit(
    name="pips",
    game="cardroom.games.pips.game:PipsGame",
    kernel="cardroom.games.pips.kernel_api",
    listed=False,
)
