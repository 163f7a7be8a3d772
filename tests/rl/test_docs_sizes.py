"""docs/rl.md shows the action and observation sizes the code has today."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from cardroom.rl.interface import Interface
from cardroom.rl.sizes import sizes_table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def _doc_block() -> str:
    text = DOCS.read_text(encoding="utf-8")
    found = re.search(r"<!-- sizes:[^\n]*-->\n(.*?)\n<!-- /sizes -->", text, re.S)
    assert found, "docs/rl.md lost its generated sizes block"
    return found.group(1)


def test_the_docs_table_is_the_generated_one() -> None:
    assert _doc_block() == sizes_table()


def test_the_tacocat_counts_are_the_action_spaces() -> None:
    # The figures the issue found wrong, checked here against the game directly, not the generator.
    assert len(Interface.make("tacocat", "official").actions) == len(cardroom_space("tacocat", "official"))
    assert "| tacocat | official, quick-reference | 133 |" in _doc_block()
    assert "| tacocat | print-and-play | 86 |" in _doc_block()


def cardroom_space(name: str, preset: str) -> tuple[object, ...]:
    import cardroom

    return tuple(cardroom.make(name, preset=preset).action_space())


def test_the_command_prints_it() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardroom.rl", "--sizes"], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == sizes_table()
