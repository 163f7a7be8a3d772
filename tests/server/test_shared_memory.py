"""SQLite's shared-memory file (``-shm``) made immutable under a running server once killed it with
SIGBUS and no log line. Now every connection checks the file first: the room answers 503 with a
sentence that names the file and the fix, logs it once, lives on, and serves again once the file is
writable. Real fault: ``chattr +i`` on the live file (needs root and ext4, as the other fault tests)."""

from __future__ import annotations

import random
import subprocess
import time
from collections import Counter
from pathlib import Path

import httpx

from cardroom.server.edge.health import KEEP
from tests.server.faults import TIMEOUT, LoggedServer, Table
from tests.server.process import free_port
from tests.support.polling import until


def test_a_frozen_shared_memory_file_answers_503_with_a_sentence_not_sigbus(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    shm = Path(f"{db}-shm")
    # The room's own periodic reads (the admin watcher's every 2 s, the ratings' every 5 s, the absent
    # players' sweep) wait an hour here: one under way at the freeze would meet SIGBUS like any
    # transaction already begun (see above). The ratings' read killed this test's server once.
    quiet = {"CARDROOM_ADMIN_EVERY": "3600", "CARDROOM_RATE_EVERY": "3600", "CARDROOM_ABSENT_SWEEP": "3600"}
    server = LoggedServer(free_port(), f"sqlite:///{db}", tmp_path / "server.log", env=quiet).start()
    try:
        with httpx.Client(timeout=TIMEOUT) as http:
            table = Table(server.url, http)
            rng = random.Random(5)
            statuses: Counter[int] = Counter()
            table.move(server.url, http, rng, statuses)
            assert shm.exists() and statuses[200] >= 2, statuses
            # The room idle first: a health check's write runs on the writer's thread after every
            # write queued before it (the move's clocks). A transaction already under way when the
            # file is frozen would still meet SIGBUS: the check comes before a use, not during it.
            # A probe's answer is shared for KEEP seconds, and the one this server's start waited for
            # could still be served, with no write behind the move's: that froze the file under a
            # running write once (CI, the server gone). Past KEEP, the check probes afresh.
            time.sleep(KEEP + 0.05)
            assert http.get(f"{server.url}/healthz").status_code == 200
            subprocess.run(["chattr", "+i", str(shm)], check=True)
            try:
                before = len(table.acked)
                for _ in range(3):  # each move refused before SQLite touches the file (its view is in memory)
                    table.move(server.url, http, rng, statuses)
                health = http.get(f"{server.url}/healthz")
                assert server.proc is not None and server.proc.poll() is None, "the server died"
                assert health.status_code == 503 and "immutable" in health.json()["detail"], health.text
                assert str(shm) in health.json()["detail"]
                assert statuses[503] >= 3 and len(table.acked) == before, statuses
                refused = http.post(
                    f"{server.url}/api/tables", json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}]}
                )
                assert refused.status_code == 503 and refused.headers["retry-after"] == "2", refused.text
            finally:
                subprocess.run(["chattr", "-i", str(shm)], check=True)
            until(lambda: http.get(f"{server.url}/healthz").status_code == 200, 10, "healthy again")
            assert table.move(server.url, http, rng, statuses) and len(table.acked) == before + 1, statuses
        logged = server.lines("is immutable (chattr +i)")
        assert len(logged) == 1 and f"chattr -i {shm}" in logged[0], logged
        assert server.errors() == []
    finally:
        subprocess.run(["chattr", "-i", str(shm)], check=False, capture_output=True)
        server.kill()
