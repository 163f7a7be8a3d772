"""The learned value: a seat's chance to win, trained on self-play from the compiled kernels.

:func:`weights_for` gives a game's shipped model for its kernel's ``value`` (``kernel_value.py``);
``cardroom learn train`` trains one again (docs/learned-value.md).
"""

from __future__ import annotations

from cardroom.learn.errors import LearnedValueError
from cardroom.learn.weights import weights_for

__all__ = ["LearnedValueError", "weights_for"]
