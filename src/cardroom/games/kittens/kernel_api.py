"""Exploding Kittens' compiled kernel, as every game's kernel offers it (``core/kernel_face.py``):
``unsupported``, ``simulate``, ``rollouts``, ``Searcher``, ``Settings``, ``warm`` and ``COMPILED``.
Its kit names this module."""

from __future__ import annotations

from cardroom.core.kernel_face import COMPILED, Codec, Kernel, Result, Settings
from cardroom.games.kittens import kernel_codec as kc
from cardroom.games.kittens import kernel_search
from cardroom.games.kittens.game import KittensGame

__all__ = ["COMPILED", "KERNEL", "Result", "Searcher", "Settings", "rollouts", "simulate", "unsupported", "warm"]

KERNEL = Kernel("exploding-kittens", kernel_search, Codec(
    KittensGame, kc.encode, kc.config, lambda game, a: kc.action_text(a), lambda game, text: kc.action_id(text),
    kc.unsupported, lambda: KittensGame("classic", players=2)), __name__)  # fmt: skip
Searcher, simulate, rollouts, unsupported, warm = KERNEL.exports()
