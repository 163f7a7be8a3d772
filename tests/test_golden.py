"""Every golden playthrough regenerates byte for byte; a diff means what players see has changed."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from cardroom.core.playthrough import regenerate

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(ROOT.glob("tests/games/*/golden/*.txt"))


def test_there_are_golden_files() -> None:
    assert FILES, "no golden playthroughs found under tests/games/*/golden/"


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.parent.name}/{p.stem}" for p in FILES])
def test_golden_playthrough_unchanged(path: Path) -> None:
    expected = path.read_text(encoding="utf-8")
    actual = regenerate(path)
    if actual != expected:
        diff = "".join(
            list(
                difflib.unified_diff(
                    expected.splitlines(keepends=True), actual.splitlines(keepends=True), "golden", "now", n=1
                )
            )[:60]
        )
        pytest.fail(f"{path.name} changed; if intended, run `python scripts/regen_golden.py` and review:\n{diff}")
