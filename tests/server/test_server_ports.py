"""The tests' own servers: a start counts only when the process started is the one answering. A
port handed out as free was once taken by another test process's server a moment before ours bound
it; that server's health check answered for ours (which had exited, "cannot listen"), and the test's
requests failed once that other server stopped."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.server.faults import LoggedServer
from tests.server.process import ServerProcess, free_port, listens


def test_a_server_whose_port_is_taken_by_another_server_starts_on_another_port(tmp_path: Path) -> None:
    first = ServerProcess(free_port(), f"sqlite:///{tmp_path / 'one.sqlite3'}").start()
    try:
        second = ServerProcess(first.port, f"sqlite:///{tmp_path / 'two.sqlite3'}")
        try:
            second.start()
            assert second.proc is not None and second.proc.poll() is None
            assert second.port != first.port and listens(second.proc.pid, second.port)
            assert httpx.get(f"{second.url}/api/games").status_code == 200
        finally:
            second.kill()
        logged = LoggedServer(first.port, f"sqlite:///{tmp_path / 'three.sqlite3'}", tmp_path / "three.log")
        try:
            logged.start()
            assert logged.proc is not None and logged.port != first.port and listens(logged.proc.pid, logged.port)
            assert "cannot listen on" in logged.log.read_text()  # the first try, on the taken port
        finally:
            logged.kill()
        assert first.proc is not None and listens(first.proc.pid, first.port)  # untouched
    finally:
        first.kill()


def test_a_restart_keeps_its_port_and_says_when_it_is_taken(tmp_path: Path) -> None:
    """Its clients hold its address: a restart on a port taken meanwhile is an error, not a move."""
    server = ServerProcess(free_port(), f"sqlite:///{tmp_path / 'one.sqlite3'}").start()
    port = server.port
    server.kill()
    squatter = ServerProcess(port, f"sqlite:///{tmp_path / 'two.sqlite3'}").start()
    try:
        assert squatter.port == port
        try:
            server.start()
        except RuntimeError as exc:
            assert "cannot listen on" in str(exc)
        else:
            raise AssertionError("a restart on a taken port said it had started")
        finally:
            server.kill()
    finally:
        squatter.kill()
