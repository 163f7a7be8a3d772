"""Tacocat's compiled kernel, as every game's kernel offers it (``core/kernel_face.py``): ``unsupported``,
``simulate``, ``rollouts``, ``Searcher``, ``Settings``, ``warm`` and ``COMPILED``. Its kit
names this module."""

from __future__ import annotations

from cardroom.core.kernel_face import COMPILED, Codec, Kernel, Result, Settings
from cardroom.games.tacocat import kernel_codec as kc
from cardroom.games.tacocat import kernel_search
from cardroom.games.tacocat.game import TacocatGame

__all__ = ["COMPILED", "KERNEL", "Result", "Searcher", "Settings", "rollouts", "simulate", "unsupported", "warm"]

KERNEL = Kernel("tacocat", kernel_search, Codec(
    TacocatGame, kc.encode, kc.config, lambda game, a: kc.action_text(a), lambda game, text: kc.action_id(text),
    kc.unsupported, lambda: TacocatGame("official")), __name__)  # fmt: skip
Searcher, simulate, rollouts, unsupported, warm = KERNEL.exports()
