"""The learned value on the kernel: a seat's chance to win a position, for a search that cuts its playouts short.

A placeholder until the model is trained: an even share for every seat. The search reads it only where a
bot's settings cut playouts short, so no search uses it yet.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


@njit
def value(s: Arr, cfg: Arr, seat: int, weights: Floats) -> float:
    """``seat``'s chance to win ``s`` by the model ``weights`` (here: no model, an even 0.5)."""
    return 0.5
