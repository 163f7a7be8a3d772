"""Two server processes on one database, for the tests of rooms that share PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tests.server.process import ServerProcess, free_port


@contextmanager
def two_processes(database: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two forked server processes on ``database``, each on a port of its own, stopped at the end."""
    one = ServerProcess(free_port(), database).start()
    try:
        two = ServerProcess(free_port(), database).start()
        try:
            yield one, two
        finally:
            two.stop()
    finally:
        one.stop()
