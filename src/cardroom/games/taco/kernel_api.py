"""T.A.C.O.'s compiled kernel, as every game's kernel offers it (``core/kernel_face.py``): ``unsupported``,
``simulate``, ``rollouts`` (for the post-game analysis), ``Searcher``, ``Settings``, ``warm`` and
``COMPILED``. The game's kit names this module."""

from __future__ import annotations

from cardroom.core.kernel_face import COMPILED, Codec, Kernel, Result, Settings
from cardroom.games.taco import kernel_codec as kc
from cardroom.games.taco import kernel_search
from cardroom.games.taco.game import TacoGame

__all__ = ["COMPILED", "KERNEL", "Result", "Searcher", "Settings", "rollouts", "simulate", "unsupported", "warm"]

KERNEL = Kernel(
    "taco",
    kernel_search,
    Codec(TacoGame, kc.encode, kc.config, kc.action_text, kc.action_id, kc.unsupported, lambda: TacoGame("standard")),
    __name__,
)
Searcher, simulate, rollouts, unsupported, warm = KERNEL.exports()
