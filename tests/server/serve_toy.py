"""Runs `cardroom serve` in a child process with the toy game registered (the tests' real server).

Tests may also fix a new table's deal: a creation request carrying ``X-Test-Seed: N`` gets seed N
instead of a fresh secret one, so a whole-game test plays a known deal (its length no longer left to
luck). Only this test entry point reads that header; the room itself never does.
"""

from __future__ import annotations

import sys
from contextvars import ContextVar
from typing import Any

from cardroom.core import rng
from cardroom.server.ops import cli
from cardroom.server.room import seating
from tests.support.toy_game import register

SEED_HEADER = "X-Test-Seed"
_asked: ContextVar[int | None] = ContextVar("asked_seed", default=None)


def _seed() -> int:
    asked = _asked.get()
    return rng.fresh_seed() if asked is None else asked


def _seeding(app: Any) -> Any:
    """The app, with the seed a request's header asks for visible to the table it creates (the room
    creates the table within the request's own context, so a context variable reaches it)."""
    wanted = SEED_HEADER.lower().encode()

    async def asgi(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            for key, value in scope.get("headers", ()):
                if key == wanted:
                    _asked.set(int(value))
        await app(scope, receive, send)

    return asgi


def main(port: int, database: str) -> None:
    """Serve the toy room on ``port`` until stopped (here, or in a child forked by tests/server/forked.py)."""
    register()
    setattr(seating, "fresh_seed", _seed)  # noqa: B010 - the name the room's seating calls
    make_app = getattr(cli, "create_app")  # noqa: B009
    setattr(cli, "create_app", lambda *args, **kwargs: _seeding(make_app(*args, **kwargs)))  # noqa: B010
    cli.serve(host="127.0.0.1", port=port, database=database)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
