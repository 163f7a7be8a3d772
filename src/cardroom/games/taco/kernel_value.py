"""The learned value on the kernel: a seat's chance to win a position, for a search that cuts its playouts short.

``value(s, cfg, seat, weights)`` is the chance that ``seat`` wins ``s`` when every seat plays on with the
heuristic (the search's playout policy), by the model ``weights`` (``cardroom.learn.weights_for``): the
softmax share of the living seats' scores over this game's features (``kernel_features.py``), written
once for every game in ``core/compiled_learn.py``. A finished game is valued by its result.
"""

from __future__ import annotations

from typing import Any

from cardroom.core.compiled_learn import build_value
from cardroom.games.taco import kernel_features

value: Any = build_value("taco", kernel_features)
