"""The server names no game: what it needs from one is a word of the core contract (docs/contract.md,
"What the room asks"), so a fourth game needs no server edit (tests/server/test_fourth_game.py).

Every file under ``cardroom/server`` is read token by token: no import of a game package, and no
identifier, string, docstring or comment naming a game. The allowances below are product text or
docstrings in files this change could not edit; each must still be found, so a stale one fails too.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

SERVER = Path(__file__).resolve().parents[2] / "src" / "cardroom" / "server"
GAME_WORDS = re.compile(r"taco|kitten|exploding|t\.a\.c\.o", re.IGNORECASE)
# Text that may name a game anyway, for a reason written beside it; none today.
ALLOWED: frozenset[str] = frozenset()


def sources() -> list[Path]:
    found = sorted(p for p in SERVER.rglob("*") if p.is_file() and p.suffix in (".py", ".mako", ".sql"))
    assert len(found) > 30  # the whole server, wherever its files move
    return found


def named_games(path: Path) -> list[str]:
    return names_in(path.read_text(encoding="utf-8"), path.suffix)


def names_in(text: str, suffix: str) -> list[str]:
    """Each token (identifier, string, comment) of a file's text that names a game, unless allowed."""
    if suffix != ".py":
        return [line for line in text.splitlines() if GAME_WORDS.search(line)]
    hits = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        named = token.type in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT) and GAME_WORDS.search(token.string)
        if named and not any(allowed in token.string for allowed in ALLOWED):
            hits.append(f"line {token.start[0]}: {token.string.strip()[:100]}")
    return hits


def test_no_server_file_names_a_game() -> None:
    found = {str(p.relative_to(SERVER)): hits for p in sources() if (hits := named_games(p))}
    assert found == {}


def test_no_server_file_imports_a_game_package() -> None:
    for path in sources():
        if path.suffix != ".py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = []
            if isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                modules = [node.value]  # importlib.import_module("cardroom.games....") and the like
            assert not [m for m in modules if m.startswith("cardroom.games")], (path, modules)


def test_every_allowance_is_still_needed() -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in sources())
    assert [a for a in ALLOWED if a not in text] == []


def test_the_check_finds_a_game_name() -> None:
    """The scan itself can fail: an identifier, a comment and a string naming a game are all found."""
    code = 'taco_decks = 1  # for the kittens\nx = "T.A.C.O."\ny = "exploding"\n'
    assert [hit.split(": ", 1)[1] for hit in names_in(code, ".py")] == [
        "taco_decks",
        "# for the kittens",
        '"T.A.C.O."',
        '"exploding"',
    ]
    assert names_in("-- a migration for tacocat\n", ".sql") == ["-- a migration for tacocat"]
