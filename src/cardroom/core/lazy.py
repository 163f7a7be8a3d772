"""A package's public names, imported from their modules when first used (PEP 562).

Every ``cardroom`` command registers the arena and the balance lab; importing their machinery (the
lab's kernel runs need numpy) to show ``--help`` would cost time and fail without the optional extras.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def lazy_attributes(package: str, homes: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that finds each name of ``homes`` (name -> module)
    in its module on first use."""

    def attribute(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(home), name)

    return attribute
