"""No part of the server reaches through another object's parts: it asks the object that owns them.

Read from the source (``ast``), two rules:

- Everywhere but the room's own module, the room is used through its own methods and attributes only:
  ``room.x`` may be used, ``room.x.y`` may not (``room`` a variable, or any attribute named
  ``room``, as ``request.app.state.room``). The edge calls ``room.looked_at(live)``, not
  ``room.hub.looked_at(...)``.
- In the edge, the room and operations, an object uses its own parts, not theirs:
  ``self.x.y`` may be used, ``self.x.y.z`` may not. A part's part the object needs is handed to it
  when it is made. (The store's package is left to its own test, ``test_store_boundary.py``: its
  modules are one facade's private parts.)

A chain through a call (``room.live(t).row``) is not reaching through: the call hands its answer over.
Data objects read through their fields (``live.row.id``) are not objects with parts of their own
to protect, and are not ``self`` or the room.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cardroom.server

ROOT = Path(cardroom.server.__file__).parent
CHECKED_FOR_SELF = ("edge", "room", "ops")


def _is_room(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and node.id == "room") or (
        isinstance(node, ast.Attribute) and node.attr == "room"
    )


def _chain_from_self(node: ast.Attribute) -> int:
    """How many attributes deep ``node`` is from ``self`` (0 if it does not start at ``self``)."""
    depth = 0
    current: ast.expr = node
    while isinstance(current, ast.Attribute):
        depth += 1
        current = current.value
    return depth if isinstance(current, ast.Name) and current.id == "self" else 0


def reaching(source: str, *, own_module: bool, check_self: bool) -> list[str]:
    """Every chain in ``source`` the rules refuse, as ``line: text``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        inner = node.value
        through_room = not own_module and isinstance(inner, ast.Attribute) and _is_room(inner.value)
        # Each chain is reported once: at ``room.x.y``, or at its third step from ``self``.
        through_self = check_self and _chain_from_self(node) == 3
        if through_room or through_self:
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_rules_see_chains() -> None:
    # A check that finds nothing would pass anything: these are refused, and these are not.
    refused = "room.hub.looked_at(t)\nrequest.app.state.room.writer.outage.failed(e)\nself.store.writer.call(f)\n"
    assert sorted(reaching(refused, own_module=False, check_self=True)) == [
        "1: room.hub.looked_at",
        "2: request.app.state.room.writer.outage",
        "3: self.store.writer.call",
    ]
    allowed = "room.looked_at(live)\nself.room.store\nroom.live(t).row.id\nlive.row.id\nself.writer.call(f)\n"
    assert reaching(allowed, own_module=False, check_self=True) == []
    assert reaching("room.hub.changed(live)\n", own_module=True, check_self=False) == []


def test_no_server_module_reaches_through_another_objects_parts() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        where = path.relative_to(ROOT).parts
        chains = reaching(
            path.read_text(), own_module=where == ("room", "rooms.py"), check_self=where[0] in CHECKED_FOR_SELF
        )
        found += [f"{path.relative_to(ROOT)}:{chain}" for chain in chains]
    assert found == []
