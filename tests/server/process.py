"""A real server process on a free port, for the restart and browser tests."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from tests.server import forked

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# A port free_port gave is free when asked, not when the server binds it: another test process's
# server was once given the same port a moment earlier. Its health check then answered 200 for ours,
# which had exited ("cannot listen"), and the test's requests failed when that other server stopped.
# So an answer counts only from the process that holds the listening socket, and a first start whose
# port was taken tries another.
PORT_TRIES = 3
ANSWERED, EXITED, LATE = "answered", "exited", "late"


def wait_answering(proc: Any, port: int, path: str, within: float) -> str:
    """Poll ``path`` on ``port`` until ``proc`` itself answers it 200 (ANSWERED), ``proc`` exits
    (EXITED) or ``within`` seconds pass (LATE)."""
    deadline = time.time() + within
    while time.time() < deadline:
        if proc.poll() is not None:
            return EXITED
        try:
            if httpx.get(f"http://127.0.0.1:{port}{path}", timeout=1).status_code == 200 and listens(proc.pid, port):
                return ANSWERED
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    return LATE


def listens(pid: int, port: int) -> bool:
    """Whether process ``pid`` holds the socket listening on ``port`` (read from Linux's /proc)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:  # 0A: listening
                    inodes.add(fields[9])
    with contextlib.suppress(OSError):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                target = os.readlink(fd)
                if target.startswith("socket:[") and target[len("socket:[") : -1] in inodes:
                    return True
    return False


def port_taken(output: str) -> bool:
    """Whether a server's output says it could not listen because its port was in use."""
    lowered = output.lower()
    return "cannot listen on" in lowered or "address already in use" in lowered


class ServerProcess:
    def __init__(self, port: int, database: str, bot_delay: float = 0.0, env: dict[str, str] | None = None) -> None:
        self.port = port
        self.env = env or {}  # more environment for the server (e.g. shorter absent-player limits)
        self.database = database
        self.bot_delay = bot_delay
        self.proc: subprocess.Popen[bytes] | forked.Forked | None = None
        self.logs: list[Path] = []  # a forked server's output files, removed when it is stopped

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        env = {**os.environ, "CARDROOM_BOT_DELAY": str(self.bot_delay), "PYTHONPATH": str(ROOT), **self.env}

        def launch() -> Callable[[], str]:
            if forked.can_fork(env):  # most do: a fork of a warm process skips the imports (tests/server/forked.py)
                log = Path(tempfile.mkstemp(prefix=f"cardroom-test-server-{self.port}-", suffix=".log")[1])
                self.logs.append(log)
                self.proc = forked.start(self.port, self.database, env, log)
            else:
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "tests.server.serve_toy", str(self.port), self.database],
                    cwd=ROOT,
                    env=env,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                )
            return self._output

        self.start_answering(launch, "/api/games", 30)
        return self

    def start_answering(self, launch: Callable[[], Callable[[], str]], path: str, within: float) -> None:
        """``launch()`` starts the process on ``self.port`` and returns what reads its output since;
        wait until that process itself answers ``path`` (see :func:`wait_answering`). A first start
        whose port another process took tries another free port; a restart keeps its port (its
        clients hold the address) and says the port was taken."""
        first = self.proc is None
        for _ in range(PORT_TRIES):
            output = launch()
            outcome = wait_answering(self.proc, self.port, path, within)
            if outcome == ANSWERED:
                return
            if outcome == LATE:
                self.kill()  # never left running behind a failed test, holding its port and a core
                raise RuntimeError(f"server did not start in {within:g} s; its output: {output()[-2000:]}")
            said = output()
            if not (first and port_taken(said)):
                raise RuntimeError(f"server exited: {said[-2000:]}")
            self.port = free_port()
        raise RuntimeError(f"{PORT_TRIES} free ports were taken before the server could listen on them")

    def _output(self) -> str:
        """What the server process wrote (a fork writes to its log file, a fresh interpreter to a pipe)."""
        if isinstance(self.proc, subprocess.Popen):
            return self.proc.stdout.read().decode() if self.proc.stdout else ""
        return self.logs[-1].read_text(errors="replace") if self.logs else ""

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, nothing is flushed that was not already committed."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self._forget_logs()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self._forget_logs()

    def _forget_logs(self) -> None:
        """Remove the output files of the forks that have ended: runs of the suite had left 2,092 in
        the temporary folder. (A file still open for reading, by a failing start, stays readable.)"""
        if self.proc is None or self.proc.poll() is not None:
            for log in self.logs:
                log.unlink(missing_ok=True)
            self.logs.clear()


def seeded(seed: int) -> dict[str, str]:
    """Headers that make the test server deal a new table from ``seed`` (see serve_toy): whole-game
    tests play a deal known to be short instead of whatever a fresh seed gives."""
    return {"X-Test-Seed": str(seed)}


def create_seated(base: str, body: dict[str, object]) -> dict[str, Any]:
    """A table made on a real server whose invited people have sat down (each asks for its view with
    its invitation's token, as a client of the API does), so its game has begun."""
    made = httpx.post(f"{base}/api/tables", json=body)
    assert made.status_code == 201, made.text
    table: dict[str, Any] = made.json()
    for invitation in table["invitations"]:
        seated = httpx.get(
            f"{base}/api/tables/{table['table_id']}/view", headers={"Authorization": f"Bearer {invitation['token']}"}
        )
        assert seated.status_code == 200, seated.text
    return table
