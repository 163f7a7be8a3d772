"""More time through two server processes on one PostgreSQL: a seat's setting turned on through one
process reaches the other (the store's notification), whose snapshots then say so and whose clocks
for that seat run ten times as long."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.postgres import Postgres, throwaway
from tests.server.process import ServerProcess, create_seated, free_port


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    with throwaway() as server:
        yield server


def test_the_setting_reaches_the_other_process(postgres: Postgres) -> None:
    one = ServerProcess(free_port(), postgres.url).start()
    two = ServerProcess(free_port(), postgres.url).start()
    try:
        table = create_seated(
            one.url, {"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 2}
        )
        tid = table["table_id"]
        auth = [{"Authorization": f"Bearer {t}"} for t in (table["token"], table["invitations"][0]["token"])]
        # Seat 1 follows the table through process two, which therefore keeps it current.
        with connect(
            two.url.replace("http", "ws") + f"/api/tables/{tid}/ws?token={table['invitations'][0]['token']}"
        ) as socket:
            first: dict[str, Any] = json.loads(socket.recv(timeout=10))
            assert [s["more_time"] for s in first["table"]["seats"]] == [False, False]
            turned = httpx.post(f"{one.url}/api/tables/{tid}/more-time", headers=auth[1], json={"on": True})
            assert turned.status_code == 200, turned.text
            while True:  # the notification reaches process two, which tells its socket
                heard: dict[str, Any] = json.loads(socket.recv(timeout=10))
                if heard["table"]["seats"][1]["more_time"]:
                    break
            hand = httpx.get(f"{two.url}/api/tables/{tid}/view", headers=auth[0]).json()["view"]["hand"]
            played = httpx.post(
                f"{two.url}/api/tables/{tid}/actions", headers=auth[0], json={"step": 0, "action": f"play {hand[0]}"}
            )
            assert played.status_code == 200, played.text
            assert played.json()["window"]["seconds"] == 20.0  # process two's own clock, from the set it heard
    finally:
        one.stop()
        two.stop()
