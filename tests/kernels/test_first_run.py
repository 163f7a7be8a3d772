"""A first run never degrades in silence: a real server on an empty compile cache plays searching bots.

The server's kernels load in the background (``server/ops/kernels.py``); while Tacocat's compiles, its
``ismcts`` bots search on the reference engine. Before, the first decisions compiled inside the bot's
timed decision, missed the table's pace and the room played random moves ("... failed; playing a
random legal action" in the log). Here a real server process on a real port, with ``NUMBA_CACHE_DIR``
an empty folder, runs a table of two ``ismcts`` bots for a while: the game moves on, the log shows
the kernels loading, and no move fell back to random. The compile runs in a child process of the
server (it would hold the server's GIL for minutes), and a killed server leaves no compile behind.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from cardroom.core.compiled_registry import kernel_paths
from tests.server.process import ROOT, free_port

SERVE = "import sys; from cardroom.server.ops.cli import serve; serve('127.0.0.1', int(sys.argv[1]), sys.argv[2])"


def _compiling_children(parent: int) -> set[int]:
    """The processes compiling a kernel for the server ``parent`` (its children running fast.warm)."""
    found: set[int] = set()
    for proc in Path("/proc").iterdir():
        try:
            status = (proc / "status").read_text()
            command = (proc / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:  # not a process, or it ended while being read
            continue
        if f"\nPPid:\t{parent}\n" in status and b"cardroom.fast.warm" in command:
            found.add(int(proc.name))
    return found


def test_a_cold_cache_server_plays_its_searching_bots_by_search_never_at_random(tmp_path: Path) -> None:
    cache = tmp_path / "numba-cache"
    cache.mkdir()
    port = free_port()
    # A pace of 1.5 s a decision (the room's least bot delay): the searches stop at 150 ms, and a loaded
    # test machine may make one overrun by a second without its answer turning random; compiling the
    # kernel inside a decision (the fault this test catches) takes a minute.
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "CARDROOM_BOT_DELAY": "1.5", "PYTHONPATH": str(ROOT)}
    env.pop("NUMBA_DISABLE_JIT", None)
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-c", SERVE, str(port), f"sqlite:///{tmp_path / 'room.db'}"],
                                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)  # fmt: skip
        try:
            url = f"http://127.0.0.1:{port}"
            deadline = time.time() + 60
            while True:
                assert proc.poll() is None, log.read_text()
                try:
                    if httpx.get(url + "/api/games", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.time() < deadline, "the server did not start"
                time.sleep(0.2)
            seats = [{"kind": "bot", "bot": "ismcts:ms=150"}, {"kind": "bot", "bot": "ismcts:ms=150"}]
            made = httpx.post(url + "/api/tables", json={"game": "tacocat", "seats": seats}, timeout=30)
            assert made.status_code == 201, made.text
            table = made.json()["table_id"]
            step = 0
            deadline = time.time() + 90
            compilers: set[int] = set()
            while step < 8 and time.time() < deadline:
                time.sleep(1)
                compilers |= _compiling_children(proc.pid)
                view = httpx.get(f"{url}/api/tables/{table}/view", timeout=30).json()
                step = int(view["table"]["step"])
            assert step >= 8, f"the bots made only {step} moves: {log.read_text()[-2000:]}"
        finally:
            proc.kill()  # even a server that dies at once leaves no compile running
            proc.wait(30)
    assert compilers, "the kernel was not compiled in a child process"
    deadline = time.time() + 20
    while any(Path(f"/proc/{pid}").exists() for pid in compilers) and time.time() < deadline:
        time.sleep(0.2)
    assert not any(Path(f"/proc/{pid}").exists() for pid in compilers), "a compile outlived its server"
    text = log.read_text()
    assert "playing a random legal action" not in text, text[-3000:]
    kernels = len(kernel_paths())  # the kernels of the games people are offered (not the tests' toy)
    assert f"kernel 1 of {kernels}: loading cardroom.games" in text, text[-3000:]  # the progress is in the log
