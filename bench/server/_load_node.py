"""The load generator's processes in Node.js (load_generator.mjs), and what ``server_load.run``
asks of any generator process (:class:`GeneratorProcess`; the Python one is _server_players's
``PythonGenerator``). Both play the same way and report the same figures; they differ in what they
cost the machine the server shares with them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any, Protocol

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "load_generator.mjs"


class GeneratorProcess(Protocol):
    pid: int

    def wait_ready(self) -> None: ...
    def start_window(self, start: float, end: float) -> None: ...
    def figures(self) -> Any: ...  # _server_players.Figures, or the same as JSON
    def stop(self) -> None: ...  # end the process if it still runs (the benchmark was interrupted)


def node_command() -> list[str] | None:
    """How to run the Node generator here, or None without a Node.js that has a WebSocket client."""
    node = shutil.which("node")
    if node is None:
        return None
    for flags in ([], ["--experimental-websocket"]):
        probe = subprocess.run(
            [node, *flags, "--no-warnings", "-e", "process.exit(typeof WebSocket === 'function' ? 0 : 1)"],
            capture_output=True,
            timeout=30,
        )
        if probe.returncode == 0:
            return [node, *flags, "--no-warnings"]
    return None


class NodeGenerator:
    """One ``node load_generator.mjs`` process: its tables' share, then the window, then figures."""

    def __init__(self, command: list[str], config: dict[str, Any]) -> None:
        self.proc = subprocess.Popen(
            [*command, str(SCRIPT), json.dumps(config)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.pid = self.proc.pid

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"a Node generator process exited (status {self.proc.wait()})")
        return line

    def wait_ready(self) -> None:
        if self._line().strip() != "ready":
            raise SystemExit("a Node generator process failed to start")

    def start_window(self, start: float, end: float) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{start!r} {end!r}\n")
        self.proc.stdin.flush()

    def figures(self) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(self._line())
        self.proc.wait(30)
        return found

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
