"""Two people deciding at the same moment never refuse each other: in Tacocat's simultaneous
replacement and its duels, both seats click as fast as they can, each on the view it last saw, and
no choice is turned away as stale because the other seat decided meanwhile."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from tests.server.conftest import auth

# Simultaneous decisions to play: a quarter of the 200 this test played before. On the code before
# the fix (a choice refused as stale whenever the other seat had moved), a run of 50 drew 15 refusals
# in 144 answers, and one of 60 drew 20 in 141: such a fault cannot hide in 50.
DECISIONS = 50


def test_two_fast_seats_get_no_stale_refusals(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'fast.sqlite3'}", bot_delay=0.0, rate=1e6, burst=1_000_000)
    codes: dict[int, int] = {}
    simultaneous = [0]
    lock = threading.Lock()
    with TestClient(app) as client:
        while simultaneous[0] < DECISIONS:
            table: dict[str, Any] = client.post(
                "/api/tables",
                json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}]},
            ).json()
            tid = table["table_id"]
            tokens = [table["token"], table["invitations"][0]["token"]]

            def play(seat: int, tid: str = tid, tokens: list[str] = tokens) -> None:
                rng = random.Random(seat)
                while simultaneous[0] < DECISIONS:
                    view = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[seat])).json()["view"]
                    if view["is_over"]:
                        return
                    legal = view["legal_actions"]
                    if not legal:
                        time.sleep(0.001)  # let the other seat's request in
                        continue
                    response = client.post(
                        f"/api/tables/{tid}/actions",
                        headers=auth(tokens[seat]),
                        json={"step": view["step"], "action": rng.choice(legal)},
                    )
                    with lock:
                        codes[response.status_code] = codes.get(response.status_code, 0) + 1
                        if len(view["to_act"]) == 2:
                            simultaneous[0] += 1

            threads = [threading.Thread(target=play, args=(seat,)) for seat in (0, 1)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)
    assert simultaneous[0] >= DECISIONS
    assert codes.get(409, 0) == 0, codes
    assert set(codes) == {200}, codes
