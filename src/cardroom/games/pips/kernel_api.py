"""Pips' compiled kernel as every game's kernel offers it (``core/kernel_face.py``). Its kit names this module."""

from __future__ import annotations

from cardroom.core.kernel_face import COMPILED, Codec, Kernel, Result, Settings
from cardroom.games.pips import kernel_codec as kc
from cardroom.games.pips import kernel_search
from cardroom.games.pips.game import PipsGame

__all__ = [
    "COMPILED",
    "KERNEL",
    "Result",
    "Searcher",
    "Settings",
    "rollouts",
    "simulate",
    "unsupported",
    "warm",
]

KERNEL = Kernel("pips", kernel_search, Codec(PipsGame, kc.encode, kc.config, kc.action_text, kc.action_id,
                                             kc.unsupported, kc.example), __name__)  # fmt: skip
Searcher, simulate, rollouts, unsupported, warm = KERNEL.exports()
