"""What the server benchmarks measure a server process by, and how they start one: a free port,
`cardroom serve` on it, its CPU time (and the time it waited for a CPU), its resident memory, and
percentiles. ``server_load`` re-exports these for the other benchmarks."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _server_launch import MARK

HERE = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def server_log(port: int) -> Path:
    """Where the server started on ``port`` writes its log (standard error)."""
    return Path(tempfile.gettempdir()) / f"cardroom-server-{port}.log"


def start_server(
    port: int,
    database: str,
    bot_delay: float = 0.0,
    timings: bool = False,
    src: Path | None = None,
    calls_to: Path | None = None,
    stalls_to: Path | None = None,
) -> subprocess.Popen[bytes]:
    """`cardroom serve` on ``port``: this checkout's, or with ``src`` the one in that source tree
    (``src/`` of another checkout), run by this Python; the server is checked to import it.
    ``calls_to``: the server counts its calls between two signals (see ``_server_launch``);
    ``stalls_to``: it samples its event loop's stack when the loop runs late, between the same signals."""

    # Every table here comes from one address: lift the per-address table creation limit.
    env = {**os.environ, "CARDROOM_BOT_DELAY": str(bot_delay), "CARDROOM_TABLES_PER_MINUTE": "1000000"}
    if timings:  # the server's own percentiles, written to its log (see server/ops/timings.py)
        env["CARDROOM_TIMINGS"] = "1"
    if calls_to is not None:
        env["CARDROOM_BENCH_CALLS"] = str(calls_to)
        src = src or HERE.parent.parent / "src"  # this checkout's, through the launcher that counts
    if stalls_to is not None:
        env["CARDROOM_BENCH_STALLS"] = str(stalls_to)
        src = src or HERE.parent.parent / "src"
    if src is None:
        command = [shutil.which("cardroom", path=str(Path(sys.executable).parent)) or "cardroom"]
    else:
        command = [sys.executable, str(HERE / "_server_launch.py"), str(src)]
        env["PYTHONPATH"] = str(src)  # and for any process the server starts
    # The server's log goes to a file (a pipe nobody reads would stall a server that logs a lot).
    log = server_log(port)
    with log.open("wb") as sink:
        proc = subprocess.Popen(
            [*command, "serve", "--port", str(port), "--database", database],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=sink,
        )
    if not answering(
        proc, f"http://127.0.0.1:{port}/api/games", 60, lambda: f"the server exited: {log.read_text()[-4000:]}"
    ):
        proc.kill()
        raise SystemExit("the server did not start within 60 s")
    if src is not None and served_from(port) != (src / "cardroom").resolve():
        proc.kill()
        raise SystemExit(f"the server on port {port} imported {served_from(port)}, not {src}")
    return proc


def answering(proc: subprocess.Popen[bytes], url: str, seconds: float, exited: Callable[[], str]) -> bool:
    """Whether ``url`` answered 200 within ``seconds`` (polled); ``SystemExit(exited())`` if ``proc``
    ended first. The caller decides what a process that never answered means."""
    import httpx

    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(exited())
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return True
        except httpx.HTTPError:
            time.sleep(0.2)
    return False


def served_from(port: int) -> Path | None:
    """The ``cardroom`` package the server on ``port`` imported, as its log's first line says
    (servers started with ``src``), or None."""
    with server_log(port).open(errors="replace") as log:
        first = log.readline().rstrip("\n")
    return Path(first[len(MARK) :]) if first.startswith(MARK) else None


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM, and SIGKILL if it has not stopped within 15 s."""
    stop_gently(proc, signal.SIGTERM, 15)


def stop_gently(proc: subprocess.Popen[bytes], sig: int, seconds: float) -> None:
    """``sig`` (the process's own way to finish), and SIGKILL if it has not stopped within ``seconds``."""
    proc.send_signal(sig)
    try:
        proc.wait(seconds)
    except subprocess.TimeoutExpired:
        proc.kill()


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_wait_seconds(pid: int) -> float:
    """Seconds the process's threads spent runnable but waiting for a CPU (the kernel's schedstat):
    on a shared machine, the part of the latency that is other programs', not this one's."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError, IndexError, ValueError):
            total += int((task / "schedstat").read_text().split()[1])
    return total / 1e9


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]
