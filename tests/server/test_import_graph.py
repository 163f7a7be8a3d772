"""The server's modules import each other without a circle: each part depends only on parts below it.

The graph is read from the source (``ast``), every import counted, those under ``TYPE_CHECKING`` and
inside functions too: a circle that only type checking needs is still two modules that each need to
know the other."""

from __future__ import annotations

import ast
from pathlib import Path

import cardroom.server

ROOT = Path(cardroom.server.__file__).parent
PACKAGE = "cardroom.server"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


def import_graph() -> dict[str, set[str]]:
    """module -> the server modules it imports."""
    modules = {_module_name(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    base = f"{anchor}.{base}" if base else anchor
                # ``from package import module`` imports the module; ``from module import name`` the module.
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            for target in targets:
                if target in modules and target != name:
                    graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_imports() -> None:
    graph = import_graph()
    # A check that reads no edges would find no circle: these are known imports.
    assert "cardroom.server.room.live" in graph["cardroom.server.room.rooms"]
    assert "cardroom.server.room.ports" in graph["cardroom.server.room.snapshots"]  # under TYPE_CHECKING
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_server_has_no_import_circle() -> None:
    assert cycles(import_graph()) == []


def test_the_room_and_the_store_stand_below_the_edge() -> None:
    """The edge (HTTP and sockets) calls the room, the room calls the store: never the other way, or a
    change to how requests are answered could break how games are kept."""
    graph = import_graph()
    edge = f"{PACKAGE}.edge"
    upward = sorted(
        f"{name} -> {target}"
        for name, targets in graph.items()
        if name.startswith((f"{PACKAGE}.room", f"{PACKAGE}.store"))
        for target in targets
        if target == edge or target.startswith(f"{edge}.")
    )
    assert upward == []
    assert f"{PACKAGE}.jsonbytes" in graph[f"{PACKAGE}.room.snapshots"]  # the check reads this module's imports
