"""The lean C simulator of Tacocat (``bench/kernels/c/tacocat.c``, the yardstick of ``bench/kernels/fast_c.py``) offers
exactly the reference engine's legal actions.

Random games of the reference engine are written as a script (each round's deal, each action); the C
program replays it and prints, after every action, the seats to act and both seats' legal actions in
the reference's own action text, and the winner at the end. Every line must equal the reference's. A
planted rule bug must make the comparison fail, so the check is known to see a divergence.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import cardroom

BENCH = Path(__file__).resolve().parents[2] / "bench" / "kernels"
# The three presets, then every other jumbo and tie rule on unusual boards and decks.
VARIANTS: list[tuple[str, dict[str, str]]] = [(p, {}) for p in ("official", "print-and-play", "quick-reference")]
VARIANTS += [
    ("official", {"jumbo": "sets", "ties": "duel-winner", "board": "2W,3W,5W,9W,7B,9Y,5Y,3Y,2Y"}),
    (
        "print-and-play",
        {"jumbo": "none", "ties": "redeal", "deck": "4,4,4,4,4,4,4,4,4,4,4,4", "board": "9Y,2W,8B,3Y,9W"},
    ),
]
IDS = [p + "".join(f",{k}={v}" for k, v in o.items()) for p, o in VARIANTS]


def _load_peer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("c_peer", BENCH / "c_peer.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["c_peer"] = module
    spec.loader.exec_module(module)
    return module


peer = _load_peer()


@pytest.fixture(scope="module")
def binary(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    # No skip without a compiler: compile_peer fails, saying which compiler is missing and how to get it.
    yield peer.compile_peer(tmp_path_factory.mktemp("c-peer"))


def first_difference(binary: Path, preset: str, options: dict[str, str], games: int) -> str | None:
    game = cardroom.make("tacocat", preset=preset, **options)
    lines, expected = peer.script(game, range(games), random.Random(7))
    got = peer.run_script(binary, lines)
    for i, want in enumerate(expected):
        found = got[i] if i < len(got) else "(nothing: the program stopped)"
        if found != want:
            return f"position {i}: C printed {found!r}, the reference {want!r}"
    assert len(got) == len(expected) > games * 20  # every position compared, the ends included
    return None


@pytest.mark.parametrize(("preset", "options"), VARIANTS, ids=IDS)
def test_the_c_simulator_offers_the_reference_engines_legal_actions(
    binary: Path, preset: str, options: dict[str, str]
) -> None:
    assert first_difference(binary, preset, options, games=80) is None


PLANTED = {
    "a defence must beat the card": (
        "for (int v = s->attack[s->nanswers];",
        "for (int v = s->attack[s->nanswers] + 1;",
    ),
    "ties go to the other seat": (
        "winner = r->arrows[s->pos];",
        "winner = r->arrows[s->pos] < 0 ? -1 : 1 - r->arrows[s->pos];",
    ),
    "runs may take every card": (
        "for (int size = 2; size <= most; size++)",
        "for (int size = 2; size <= most + 1; size++)",
    ),
}


@pytest.mark.parametrize("bug", sorted(PLANTED))
def test_a_planted_rule_bug_is_caught(tmp_path: Path, bug: str) -> None:
    old, new = PLANTED[bug]
    text = peer.SOURCE.read_text()
    assert text.count(old) == 1, f"the planted bug {bug!r} no longer matches the source"
    source = tmp_path / "tacocat.c"
    source.write_text(text.replace(old, new))
    planted = peer.compile_peer(tmp_path, source=source)
    assert first_difference(planted, "official", {}, games=80) is not None


def test_the_c_simulators_random_games_end_and_count_their_actions(binary: Path) -> None:
    run = peer.random_games(binary, 0.2, 1, cardroom.make("tacocat"))
    assert run.games > 100 and run.actions > 50 * run.games and 0 < run.yay_wins < run.games
