"""The store is the only part of the server that speaks SQL: no module of ``cardroom.server`` outside
``server/store/`` imports a database driver, SQLAlchemy or Alembic, and none reaches past the store's
facade into its modules. Inside the store, no two modules import each other, even by a detour."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from importlib import resources
from pathlib import Path

SERVER = Path(str(resources.files("cardroom.server")))
STORE = SERVER / "store"
DATABASE_MODULES = {"sqlalchemy", "sqlite3", "psycopg", "psycopg2", "psycopg_pool", "asyncpg", "alembic", "aiosqlite"}


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    """Each import of the file: the module named, and the names taken from it (``from m import a``)."""
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, [alias.name for alias in node.names]))
    return found


def _outside_store() -> list[Path]:
    return [p for p in SERVER.rglob("*.py") if STORE not in p.parents]


def test_the_walk_sees_the_server() -> None:
    names = {p.name for p in _outside_store()}
    assert {"rooms.py", "seating.py", "app.py", "absent.py"} <= names
    assert any(module.startswith("sqlalchemy") for module, _ in _imports(STORE / "tables.py"))


def test_no_server_module_outside_the_store_imports_a_database_library() -> None:
    offenders = [
        f"{path.relative_to(SERVER)} imports {module}"
        for path in _outside_store()
        for module, _ in _imports(path)
        if module.split(".")[0] in DATABASE_MODULES
    ]
    assert offenders == []


def test_the_rest_of_the_server_goes_through_the_facade() -> None:
    offenders = [
        f"{path.relative_to(SERVER)} imports {module}"
        for path in _outside_store()
        for module, _ in _imports(path)
        if module.startswith("cardroom.server.store.")
    ]
    assert offenders == []


def test_the_store_s_modules_import_each_other_without_a_circle() -> None:
    modules = {p.stem for p in STORE.glob("*.py") if p.stem != "__init__"}
    graph: dict[str, set[str]] = {}
    for name in modules:
        needs: set[str] = set()
        for module, taken in _imports(STORE / f"{name}.py"):
            if module == "cardroom.server.store":
                assert set(taken) <= modules, f"{name} imports the package's own names {taken}: a circle"
                needs |= set(taken)
            elif module.startswith("cardroom.server.store."):
                needs.add(module.split(".")[3])
        graph[name] = needs
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as exc:
        raise AssertionError(f"an import circle in the store: {exc.args[1]}") from None
    assert order.index("rows") < order.index("tables") < order.index("facade")
