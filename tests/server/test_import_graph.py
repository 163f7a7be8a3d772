"""The server's modules import each other without a circle: each part depends only on parts below it.

The graph is read from the source (``ast``), every import counted, those under ``TYPE_CHECKING`` and
inside functions too: a circle that only type checking needs is still two modules that each need to
know the other."""

from __future__ import annotations

from pathlib import Path

import cardroom.server
from tests.support.imports import cycles
from tests.support.imports import import_graph as package_graph

ROOT = Path(cardroom.server.__file__).parent
PACKAGE = "cardroom.server"


def import_graph() -> dict[str, set[str]]:
    """module -> the server modules it imports (read as tests/support/imports.py reads any package)."""
    return package_graph(ROOT, PACKAGE)


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
