"""The examples written in the package's docstrings (``>>>``) run and give what they show.

pytest's ``--doctest-modules`` found them by importing every module under ``src/cardroom`` in each
worker, some 750 of them, for three examples: about 7 s of CPU a worker, every run. The modules that
hold an example are found by their text instead, and only those are imported."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "cardroom"


def _with_examples() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "migrations" in path.parts or ">>> " not in path.read_text(encoding="utf-8"):
            continue
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


MODULES = _with_examples()


def test_the_package_has_examples_to_run() -> None:
    assert len(MODULES) >= 3, MODULES


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of(name: str) -> None:
    outcome = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, report=True)
    assert outcome.attempted > 0, f"{name} has '>>> ' in its text but no example doctest can run"
    assert outcome.failed == 0, f"{outcome.failed} of {outcome.attempted} examples in {name} failed (printed above)"
