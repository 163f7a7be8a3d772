"""The tests' fork server (tests/server/forked.py) may fork a server only when nothing the fork shares
with its parent differs: these tests hold its list of import-time environment reads to the source."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.server import forked
from tests.server.process import ROOT

SOURCE = ROOT / "src" / "cardroom"


def _names_read(tree: ast.AST, constants: dict[str, str]) -> set[str]:
    """The environment variables named in reads of ``os.environ`` / ``os.getenv`` under ``tree``."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target = node.func.value
            reads = (isinstance(target, ast.Attribute) and target.attr == "environ") or node.func.attr == "getenv"
            if reads and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.add(first.value)
                elif isinstance(first, ast.Name):
                    found.add(constants.get(first.id, f"<{first.id}>"))
    return found


def _import_time_reads(path: Path) -> set[str]:
    """Variables a module reads while it is imported: in statements at its top level or in a class body
    (not inside functions, which run later, in the forked server itself)."""
    tree = ast.parse(path.read_text())
    constants = {
        t.id: n.value.value
        for n in tree.body
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    found: set[str] = set()
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found |= set().union(*(_names_read(d, constants) for d in node.decorator_list + node.args.defaults))
        elif isinstance(node, ast.ClassDef):
            pending += node.body
        else:
            found |= _names_read(node, constants)
    return found


def test_the_room_reads_at_import_only_the_variables_the_fork_server_knows() -> None:
    read = set().union(*(_import_time_reads(p) for p in SOURCE.rglob("*.py")))
    knobs = {name for name in read if name.startswith(forked.FREE)}
    assert knobs == set(forked.READ_AT_IMPORT), "a knob read at import: add it to forked.READ_AT_IMPORT"
    assert all(not name.startswith("<") for name in read), read  # every read resolved to its name


def test_a_server_is_forked_only_when_its_environment_differs_in_knobs_read_later() -> None:
    base = dict(forked.base_environment())  # earlier tests in this process may have started the fork server
    assert forked.can_fork({**base, "CARDROOM_BOT_DELAY": "0.3", "PYTHONPATH": "elsewhere"})
    assert forked.can_fork({**base, "PYTEST_CURRENT_TEST": "tests/a_later_test.py::test (setup)"})
    assert not forked.can_fork({**base, "CARDROOM_TIMINGS": "1"})  # read at import: a fresh interpreter
    assert not forked.can_fork({**base, "NUMBA_DISABLE_JIT": "1"})  # not the room's: a fresh one too
    assert not forked.can_fork({k: v for k, v in base.items() if k != "PATH"})  # one taken away
