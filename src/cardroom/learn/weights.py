"""The weights files: the format and its reader live in ``core/learned_value.py`` (bots read them there);
training writes them with these same names."""

from __future__ import annotations

from cardroom.core.learned_value import (
    FORMAT,
    MODEL,
    VERSION,
    check,
    dumps,
    read,
    rounded,
    shipped_path,
    spread_sizes,
    weights_for,
)

__all__ = ["FORMAT", "MODEL", "VERSION", "check", "dumps", "read", "rounded", "shipped_path", "spread_sizes",
           "weights_for"]  # fmt: skip
