"""A first run never degrades in silence: a real server on an empty compile cache plays searching bots.

The server's kernels load in the background (``server/ops/kernels.py``); while Tacocat's compiles, its
``ismcts`` bots search on the reference engine. Before, the first decisions compiled inside the bot's
timed decision, missed the table's pace and the room played random moves ("... failed; playing a
random legal action" in the log). Here a real server process on a real port, with ``NUMBA_CACHE_DIR``
an empty folder, runs a table of two ``ismcts`` bots for a while: the game moves on, the log shows
the kernels loading, and no move fell back to random.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.server.process import ROOT, free_port

SERVE = "import sys; from cardroom.server.ops.cli import serve; serve('127.0.0.1', int(sys.argv[1]), sys.argv[2])"


def test_a_cold_cache_server_plays_its_searching_bots_by_search_never_at_random(tmp_path: Path) -> None:
    cache = tmp_path / "numba-cache"
    cache.mkdir()
    port = free_port()
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "CARDROOM_BOT_DELAY": "0", "PYTHONPATH": str(ROOT)}
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
            while step < 12 and time.time() < deadline:
                time.sleep(1)
                view = httpx.get(f"{url}/api/tables/{table}/view", timeout=30).json()
                step = int(view["table"]["step"])
            assert step >= 12, f"the bots made only {step} moves: {log.read_text()[-2000:]}"
        finally:
            proc.terminate()
            proc.wait(30)
    text = log.read_text()
    assert "playing a random legal action" not in text, text[-3000:]
    assert "kernel 1 of 3: loading cardroom.games" in text, text[-3000:]  # the progress is in the log
