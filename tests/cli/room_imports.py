"""``python -m tests.cli.room_imports DATABASE_URL``: run the room, seat a ``hard`` bot, and print (JSON)
the distributions whose modules the server process loaded.

The room runs in this process (a real Uvicorn on a free port, requests over HTTP with the standard
library only). The caller sets ``NUMBA_DISABLE_JIT=1``, so the kernels load at once, uncompiled,
importing the same modules without a minute's compile. A table against ``hard`` is created, its bot
plays on the kernel, and a hint is asked for (the hint's analysis runs on the kernel too).

Counted are the distributions that cardroom's own modules import (every ``import`` statement, seen
through ``builtins.__import__``), not all that are loaded: Numba, for one, imports SciPy whenever it
happens to be installed, which the room does not need. ``tests/cli/test_lean_imports.py`` checks the
census against what ``make run`` installs.
"""

from __future__ import annotations

import builtins
import json
import socket
import sys
import threading
import time
import urllib.request
from importlib.metadata import packages_distributions
from typing import Any

GAME = "tacocat"
PATIENCE = 60.0  # seconds for each step (the kernels load in child processes first)


def _call(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    request = urllib.request.Request(
        url, data=None if body is None else json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=PATIENCE) as answer:
        return json.loads(answer.read())


def _until(what: str, check: Any) -> Any:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise SystemExit(f"the room never got to: {what}")


def _note_imports(into: set[str]) -> None:
    """From now on, add to ``into`` the top-level name of every absolute import a cardroom module makes."""
    plain = builtins.__import__

    def noting(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0) -> Any:
        if level == 0 and str((globals or {}).get("__name__", "")).startswith("cardroom"):
            into.add(name.split(".")[0])
        return plain(name, globals, locals, fromlist, level)

    builtins.__import__ = noting


def census(database_url: str) -> dict[str, Any]:
    imported: set[str] = set()
    _note_imports(imported)
    import uvicorn

    from cardroom.core import compiled_registry
    from cardroom.core.registry import make
    from cardroom.server.edge.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(database_url, bot_delay=0.0), host="127.0.0.1", port=port, log_level="warning")
    )
    threading.Thread(target=server.run, daemon=True).start()
    base = f"http://127.0.0.1:{port}"
    _until("answering /healthz", lambda: server.started and _call(base + "/healthz")["status"] == "ok")
    kernel = compiled_registry.kernel_path(make(GAME))
    assert kernel is not None, f"{GAME} has no kernel"
    _until(f"{kernel} loaded", lambda: compiled_registry.ready(kernel))
    made = _call(base + "/api/tables", {"game": GAME, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "hard"}]})
    table, token = made["table_id"], made["token"]
    # Nobody but the bot has moved: a step taken is its (its first cards are kept or discarded unseen).
    _until(
        "the hard bot's first move", lambda: _call(f"{base}/api/tables/{table}/view", token=token)["view"]["step"] > 0
    )
    hint = _call(f"{base}/api/tables/{table}/hint", token=token)
    server.should_exit = True
    by_module = packages_distributions()
    distributions = sorted({d for name in imported for d in by_module.get(name, []) if d != "cardroom"})
    return {"distributions": distributions, "hint": bool(hint)}


if __name__ == "__main__":
    print(json.dumps(census(sys.argv[1])))
