"""PostgreSQL as the one source of truth for two server processes: an action taken through one
process reaches sockets on the other (LISTEN/NOTIFY), and a step can be taken only once across both."""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.postgres import Postgres
from tests.server.process import ServerProcess, free_port


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    # Not under pytest's tmp dir: that is private to root, and PostgreSQL runs as `postgres`.
    root = Path(tempfile.mkdtemp(prefix="cardroom-pg-"))
    server = Postgres(root).start()
    yield server
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


def test_two_processes_share_one_postgresql(postgres: Postgres, tmp_path: Path) -> None:
    one = ServerProcess(free_port(), postgres.url).start()
    two = ServerProcess(free_port(), postgres.url).start()
    try:
        table = httpx.post(
            one.url + "/api/tables",
            json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 3},
        ).json()
        tid = table["table_id"]
        tokens = [table["token"], table["invitations"][0]["token"]]
        ws_url = two.url.replace("http", "ws") + f"/api/tables/{tid}/ws?token={tokens[1]}"
        with connect(ws_url) as socket:
            first = json.loads(socket.recv(timeout=10))
            assert first["seat"] == 1 and first["view"]["step"] == 0
            # Seat 0 plays through process one; seat 1's socket on process two hears of it.
            hand = httpx.get(
                f"{one.url}/api/tables/{tid}/view", headers={"Authorization": f"Bearer {tokens[0]}"}
            ).json()["view"]["hand"]
            played = httpx.post(
                f"{one.url}/api/tables/{tid}/actions",
                headers={"Authorization": f"Bearer {tokens[0]}"},
                json={"step": 0, "action": f"play {hand[0]}"},
            )
            assert played.status_code == 200
            pushed = json.loads(socket.recv(timeout=10))
            assert pushed["view"]["step"] == 1 and pushed["view"]["legal_actions"] == ["nope", "pass"]

        # Both seats pass on step 1 at once, one through each process: both count (same window).
        def pass_on(args: tuple[ServerProcess, str]) -> int:
            server, token = args
            return httpx.post(
                f"{server.url}/api/tables/{tid}/actions",
                headers={"Authorization": f"Bearer {token}"},
                json={"step": 1, "action": "pass"},
            ).status_code

        with ThreadPoolExecutor(2) as pool:
            codes = list(pool.map(pass_on, [(one, tokens[0]), (two, tokens[1])]))
        # A pass in a window is kept hidden by the process that took it until the window closes;
        # each process knows only its own, so the window closes at its deadline, both passes stored.
        assert codes == [200, 200]
        deadline = time.time() + 15
        steps: list[int] = []
        while time.time() < deadline:
            steps = [httpx.get(f"{s.url}/api/tables/{tid}/view").json()["view"]["step"] for s in (one, two)]
            if steps == [3, 3]:
                break
            time.sleep(0.1)
        assert steps == [3, 3]

        # The same step through both processes at once: exactly one lands.
        now = httpx.get(
            f"{one.url}/api/tables/{tid}/view", headers={"Authorization": f"Bearer {tokens[1]}"}
        ).json()
        if now["view"]["to_act"] == [1] and now["view"]["legal_actions"]:
            text = now["view"]["legal_actions"][0]

            def act(server: ServerProcess) -> int:
                return httpx.post(
                    f"{server.url}/api/tables/{tid}/actions",
                    headers={"Authorization": f"Bearer {tokens[1]}"},
                    json={"step": now["view"]["step"], "action": text},
                ).status_code

            with ThreadPoolExecutor(2) as pool:
                assert sorted(pool.map(act, [one, two])) == [200, 409]
    finally:
        one.stop()
        two.stop()
