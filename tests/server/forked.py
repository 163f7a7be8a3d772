"""Starting the tests' server processes from a warm fork server, to spare each one its imports.

A test server spends most of its start (about 1.5 of 2.2 s of CPU) importing FastAPI, SQLAlchemy,
Pydantic and the room; the suite starts well over a hundred of them on a two-core machine. Here one
``multiprocessing`` fork server per test process imports all that once, and each server is a fork of
it: still a real process of its own, on its own port and database, stopped and killed by signals like
any other, its exit status reported by the fork server.

A fork shares what its parent had computed at import, so a server whose environment differs in
anything read at import time would not see the difference. Only the room's knobs read when they are
used (``CARDROOM_*`` but :data:`READ_AT_IMPORT`) may differ from the test process's own environment;
any other difference starts a fresh interpreter as before (:func:`can_fork`).
``tests/server/test_forked.py`` checks that the source reads no other variable at import time.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import signal
import subprocess
import sys
from collections.abc import Mapping
from multiprocessing.context import ForkServerContext
from pathlib import Path
from typing import IO

# The environment variables the room reads while its modules are imported, held in module constants.
READ_AT_IMPORT = frozenset(
    {"CARDROOM_TIMINGS", "CARDROOM_METRICS_PORT", "CARDROOM_ANALYSIS_PRECISION", "CARDROOM_ANALYSIS_MAX_WORLDS"}
)
# A server's own knobs, read when used; PYTHONPATH only places the tests on sys.path, which a fork has;
# pytest names the test running in PYTEST_CURRENT_TEST, different at every test (nothing else reads it).
FREE = ("CARDROOM_",)
IGNORED = frozenset({"PYTHONPATH", "PYTEST_CURRENT_TEST"})
PRELOAD = ["tests.server.serve_toy"]

_context: ForkServerContext | None = None
_base: dict[str, str] | None = None  # the environment the fork server imported the room in
_running: list[multiprocessing.process.BaseProcess] = []


def base_environment() -> Mapping[str, str]:
    """The environment the fork server imported the room in (this process's own until it starts)."""
    return os.environ if _base is None else _base


def can_fork(env: Mapping[str, str]) -> bool:
    """Whether a server with this whole environment may be a fork of the warm server."""
    base = base_environment()
    names = set(env) | set(base)
    for name in names - IGNORED:
        if env.get(name) == base.get(name):
            continue
        if not name.startswith(FREE) or name in READ_AT_IMPORT:
            return False
    return True


def _serve(port: int, database: str, env: dict[str, str], log: str) -> None:
    """The forked server's body: its own output file and environment, then the room until stopped."""
    out = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.close(out)
    sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115 - the process's own streams
    sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
    os.environ.clear()
    os.environ.update(env)
    from tests.server.serve_toy import main

    main(port, database)


class Forked:
    """A forked server seen through the part of :class:`subprocess.Popen` the tests use."""

    def __init__(self, process: multiprocessing.process.BaseProcess, log: Path) -> None:
        self.process = process
        self.stdout: IO[bytes] = log.open("rb")
        self.args = ["forked", str(log)]

    @property
    def pid(self) -> int:
        pid = self.process.pid
        assert pid is not None
        return pid

    @property
    def returncode(self) -> int | None:
        return self.process.exitcode

    def poll(self) -> int | None:
        return None if self.process.is_alive() else self.process.exitcode

    def wait(self, timeout: float | None = None) -> int:
        self.process.join(timeout)
        if self.process.exitcode is None:
            raise subprocess.TimeoutExpired(self.args, timeout or 0.0)
        if self.process in _running:
            _running.remove(self.process)
        return self.process.exitcode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def start(port: int, database: str, env: dict[str, str], log: Path) -> Forked:
    """A server forked from this test process's warm fork server (started on first use)."""
    global _context, _base
    if _context is None:
        _base = dict(os.environ)
        _context = multiprocessing.get_context("forkserver")
        _context.set_forkserver_preload(PRELOAD)
        atexit.register(_kill_left_behind)  # runs before multiprocessing's own exit joins its children
    # Not a daemon: a daemonic process may not have children, and the room's analysis runs in one.
    process = _context.Process(target=_serve, args=(port, database, env, str(log)), daemon=False)
    process.start()
    _running.append(process)
    return Forked(process, log)


def _kill_left_behind() -> None:
    """A server a test left running would hold the test process's exit (multiprocessing joins it)."""
    for process in _running:
        if process.is_alive() and process.pid is not None:
            os.kill(process.pid, signal.SIGKILL)
            process.join(5)
