"""The house's layering, as docs/architecture.md draws it, checked on the source itself.

Imports point down the layers; a game is found through its kit (``core/kit.py``), never by name, outside
the places that exist to know one game (its own package, the terminal's screens, the RL encoders); and no
package has an import circle. The graph is read from the source with ``ast`` (tests/support/imports.py),
every import counted: those under ``TYPE_CHECKING`` and inside functions too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cardroom
from cardroom.core.registry import kits
from tests.support.imports import cycles, import_graph

ROOT = Path(cardroom.__file__).parent

#: What each part may import besides itself, bottom to top (docs/architecture.md). The room (``server``
#: and its ``people``) and the terminal (``cli``) sit on top and are checked only for what they must not
#: be imported by.
LAYERS: dict[str, set[str]] = {
    "core": set(),
    "locale": {
        "core"
    },  # the message catalogues (a game's option and rules words too): read by every part that words something for a person
    "games": {"core"},
    "learn": {"core"},
    "bots": {"core"},
    "fast": {"core", "bots"},
    "arena": {"core", "bots", "fast", "locale"},
    "analysis": {"core", "bots", "fast", "locale"},
    "balance": {"core", "bots", "fast", "arena"},
    "rl": {"core", "bots", "fast", "games", "(root)"},
    "(root)": {"core"},
}
TOP = {"server", "people", "cli"}  # nothing below imports these
#: Where a game may be named: its own package, the terminal's per-game screens, the RL encoders (and the
#: registry's one line a game).
NAMING_ALLOWED = ("cardroom.games", "cardroom.cli.screens", "cardroom.rl.encoders", "cardroom.core.registry")
#: Import circles there before this test, each may shrink, never grow: in the games' rule packages a state
#: and its game know each other, and the analysis's report types are named (under ``TYPE_CHECKING``) by
#: the headline and the graph that the report calls. Each is work left (docs/architecture.md).
KNOWN_CIRCLES = (
    {"cardroom.analysis.drawn", "cardroom.analysis.headline", "cardroom.analysis.report"},
    {
        f"cardroom.games.kittens.{m}"
        for m in (
            "concede",
            "draft",
            "game",
            "hidden",
            "legal",
            "notation",
            "position",
            "rules",
            "setup",
            "state",
            "view",
        )
    },
    {
        f"cardroom.games.taco.{m}"
        for m in ("cards", "concede", "decisions", "effects", "engine", "game", "hands", "state")
    },
    {f"cardroom.games.tacocat.{m}" for m in ("game", "hidden", "illegal", "notation", "rules", "state", "views")},
)


def _part(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "(root)"


def _layer(module: str) -> str:
    """The part, with the room's two packages (the server and its people's accounts) as one layer."""
    part = _part(module)
    return "server" if part == "people" else part


def _graph() -> dict[str, set[str]]:
    return import_graph(ROOT, "cardroom")


def test_the_graph_sees_imports() -> None:
    graph = _graph()
    # A check that reads no edges finds nothing wrong: these are known imports.
    assert "cardroom.core.registry" in graph["cardroom.core.compiled_registry"]
    assert "cardroom.core.lab" in graph["cardroom.core.kit"]  # under TYPE_CHECKING
    assert "cardroom.core.kit" in graph["cardroom.bots.specs"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_imports_point_down_the_layers() -> None:
    graph = _graph()
    upward = sorted(
        f"{name} -> {target}"
        for name, targets in graph.items()
        if _part(name) in LAYERS
        for target in targets
        if _part(target) != _part(name) and _part(target) not in LAYERS[_part(name)]
    )
    assert upward == []


def test_nothing_below_imports_the_room_or_the_terminal() -> None:
    graph = _graph()
    upward = sorted(
        f"{name} -> {target}"
        for name, targets in graph.items()
        if _part(name) not in TOP
        for target in targets
        if _part(target) in TOP
    )
    assert upward == []


def test_only_the_games_and_the_rl_encoders_import_a_game() -> None:
    """Above the games, a game's parts come through its kit (module paths the kit declares)."""
    graph = _graph()
    reaching = sorted(
        f"{name} -> {target}"
        for name, targets in graph.items()
        if not name.startswith(("cardroom.games", "cardroom.rl.encoders"))
        for target in targets
        if target.startswith("cardroom.games.")
    )
    assert reaching == []


def _game_names() -> set[str]:
    names = {kit.name for kit in kits()}
    packages = {kit.game.split(":")[0].split(".")[2] for kit in kits() if isinstance(kit.game, str)}
    return names | packages | {name.replace("-", "_") for name in names}


def _named_games(path: Path, names: set[str], root: Path = ROOT.parent) -> list[str]:
    """Lines where a string in the code (not a docstring) is a game's name or a module path into a game."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            text = node.value
            if text in names or any(f"cardroom.games.{name}" in text for name in names):
                found.append(f"{path.relative_to(root)}:{node.lineno}: {text!r}")
    return found


def test_no_game_is_named_outside_the_places_that_know_one() -> None:
    names = _game_names()
    assert {"tacocat", "exploding-kittens", "taco", "kittens"} <= names  # the check knows what to look for
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        module = ".".join(("cardroom", *path.relative_to(ROOT).with_suffix("").parts))
        if not module.startswith(NAMING_ALLOWED):
            found += _named_games(path, names)
    assert found == []


def test_the_name_check_finds_a_name(tmp_path: Path) -> None:
    path = tmp_path / "sample.py"
    path.write_text(
        '"""Docstrings may say tacocat."""\nif game.name == "tacocat":\n    x = "cardroom.games.taco.kernel"\n'
    )
    found = [line.split(": ", 1)[1] for line in _named_games(path, _game_names(), tmp_path)]
    assert found == ["'tacocat'", "'cardroom.games.taco.kernel'"]


def test_no_package_has_an_import_circle() -> None:
    graph = _graph()
    new = [part for part in cycles(graph) if not any(set(part) <= known for known in KNOWN_CIRCLES)]
    assert new == []
    parts: dict[str, set[str]] = {}
    for name, targets in graph.items():
        parts.setdefault(_layer(name), set()).update(_layer(t) for t in targets if _layer(t) != _layer(name))
    assert cycles(parts) == []  # nor do the parts import each other in a circle
