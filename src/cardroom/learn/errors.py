"""The learned value's own error (defined with the weights' reader, ``core/learned_value.py``)."""

from __future__ import annotations

from cardroom.core.learned_value import LearnedValueError

__all__ = ["LearnedValueError"]
