"""`cardroom serve` on a busy port says so clearly and stops, instead of announcing it is open."""

from __future__ import annotations

import socket
import subprocess
import sys

from tests.server.process import ROOT, free_port


def test_a_busy_port_gets_a_clear_error() -> None:
    port = free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "cardroom.cli.main",
                "serve",
                "--port",
                str(port),
                "--database",
                "sqlite://",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
    out = done.stdout + done.stderr
    assert done.returncode != 0
    assert f"cannot listen on 127.0.0.1:{port}" in out and "--port" in out
    assert "cardroom is open" not in out
