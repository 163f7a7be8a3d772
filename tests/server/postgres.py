"""A throwaway PostgreSQL server for tests: initdb in a temporary directory, started on a free port,
stopped (immediately) at the end. As root it runs as the `postgres` user, which initdb requires."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine

from tests.server.process import free_port

BIN = Path("/usr/local/bin")
# Debian's postgresql package keeps its server binaries off PATH, one folder per major version.
SEARCH = os.pathsep.join([str(BIN), *sorted(map(str, Path("/usr/lib/postgresql").glob("*/bin")), reverse=True)])


def _as_owner(command: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


def available() -> bool:
    return shutil.which("initdb", path=SEARCH) is not None or shutil.which("initdb") is not None


class Postgres:
    def __init__(self, root: Path, *, durable: bool = False) -> None:
        """``durable``: sync commits to disk as a production server does (tests turn it off)."""
        self.root = root
        self.durable = durable
        self.data = root / "data"
        self.port = free_port()

    @property
    def url(self) -> str:
        return f"postgresql://cardroom@127.0.0.1:{self.port}/postgres"

    def _bin(self, name: str) -> str:
        found = shutil.which(name, path=SEARCH) or shutil.which(name)
        assert found, f"{name} not found"
        return found

    def start(self) -> Postgres:
        self.root.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
        subprocess.run(
            _as_owner([self._bin("initdb"), "-D", str(self.data), "-A", "trust", "-U", "cardroom", "--no-sync"]),
            check=True,
            capture_output=True,
        )
        return self.resume()

    def resume(self) -> Postgres:
        """Start the server on its existing data directory (after :meth:`start` and :meth:`stop`)."""
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1"
        if not self.durable:
            options += " -c fsync=off"
        subprocess.run(
            _as_owner(
                [
                    self._bin("pg_ctl"),
                    "-D",
                    str(self.data),
                    "-o",
                    options,
                    "-l",
                    str(self.root / "log"),
                    "-w",
                    "start",
                ]
            ),
            check=True,
            capture_output=True,
        )
        return self

    def stop(self) -> None:
        subprocess.run(
            _as_owner([self._bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"]),
            capture_output=True,
        )

    def restart(self) -> None:
        """Restart it as an operator does (``pg_ctl restart -m fast``: every connection ended, a
        clean shutdown, started again), waiting until it takes connections."""
        self.stop_cleanly()
        self.resume()

    def stop_cleanly(self) -> None:
        subprocess.run(
            _as_owner([self._bin("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"]),
            check=True,
            capture_output=True,
        )


@contextmanager
def throwaway() -> Iterator[Postgres]:
    """A PostgreSQL started for a test (or a module's tests), stopped and removed afterwards. Not under
    pytest's tmp dir: that is private to root, and PostgreSQL runs as `postgres`."""
    root = Path(tempfile.mkdtemp(prefix="cardroom-pg-"))
    server = Postgres(root).start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def throwaway_engine() -> Iterator[Engine]:
    """The room's engine on a :func:`throwaway` PostgreSQL, its schema made."""
    from cardroom.server.store import database

    with throwaway() as server:
        engine = database.make_engine(server.url)
        database.upgrade(engine)
        try:
            yield engine
        finally:
            engine.dispose()


def store_toy_table(engine: Engine, table_id: str) -> None:
    """Store a playing table of the toy game with one joined seat, for tests of the storage alone."""
    from cardroom.server import store
    from cardroom.server.store import tables

    tables.create_table(
        engine,
        store.NewTable(store.TableRow(
            table_id, "toy", "standard", {}, 1, datetime.now(UTC), "playing", 4.0, None, None, None,
            seats=(store.SeatRow(0, "human", None, None, "A", True),),
        )),
    )  # fmt: skip
