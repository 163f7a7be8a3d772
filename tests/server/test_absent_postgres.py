"""Absent players across two server processes on one PostgreSQL: a seat one process hands to the
room's bot shows as "(auto)" through the other, and a person reconnecting through the other process
takes it back; presence through either process keeps a seat from being judged away."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from websockets.sync.client import connect

from tests.server.conftest import until
from tests.server.postgres import Postgres
from tests.server.process import ServerProcess, free_port
from tests.server.test_room_postgres import postgres  # noqa: F401 (the throwaway PostgreSQL fixture)

SHORT = {"CARDROOM_AWAY_AFTER": "3", "CARDROOM_ABSENT_SWEEP": "0.2"}


def test_auto_seats_and_presence_are_shared_by_two_processes(postgres: Postgres) -> None:  # noqa: F811
    one = ServerProcess(free_port(), postgres.url, bot_delay=0.3, env=SHORT).start()
    two = ServerProcess(free_port(), postgres.url, bot_delay=0.3, env=SHORT).start()
    try:
        table = httpx.post(
            one.url + "/api/tables",
            json={
                "game": "exploding-kittens",
                "seats": [{"kind": "me", "name": "Ann"}, {"kind": "invite", "name": "Zed"}],
                "turn_seconds": 600,
                "reaction_seconds": 0.5,
            },
        ).json()
        tid, ann = table["table_id"], table["token"]
        zed = {"Authorization": f"Bearer {table['invitations'][0]['token']}"}
        httpx.get(f"{one.url}/api/tables/{tid}/view", headers=zed).raise_for_status()  # Zed sits down, once
        ws_two = two.url.replace("http", "ws", 1) + f"/api/tables/{tid}/ws"
        # Ann stays connected through process two only; Zed never comes back.
        with connect(f"{ws_two}?token={ann}", open_timeout=10) as socket:
            socket.recv(timeout=10)

            def zed_auto_on_one() -> list[dict[str, Any]] | None:
                seats: list[dict[str, Any]] = httpx.get(f"{one.url}/api/tables/{tid}").json()["seats"]
                return seats if seats[1]["auto"] else None

            seats = until(zed_auto_on_one)
            assert seats[1]["shown"] == "Zed (auto)"
            time.sleep(3.5)  # past the away limit: Ann, present through process two, is not away on one
            for server in (one, two):
                seats = httpx.get(f"{server.url}/api/tables/{tid}").json()["seats"]
                assert [s["auto"] for s in seats] == [False, True], (server.url, seats)
        # Ann leaves; once she has been away past the limit, her seat is the room's too.
        until(lambda: httpx.get(f"{one.url}/api/tables/{tid}").json()["seats"][0]["auto"])
        # She comes back through process one: the seat is hers again, and process two shows it.
        with connect(one.url.replace("http", "ws", 1) + f"/api/tables/{tid}/ws?token={ann}", open_timeout=10) as back:
            latest = json.loads(back.recv(timeout=10))
            until(lambda: not httpx.get(f"{two.url}/api/tables/{tid}").json()["seats"][0]["auto"])
            # Her socket shows the seat hers: in its first snapshot if the hand-back came before it was
            # sent, else in a later one (a socket is sent the newest snapshot, not every one between).
            while latest["table"]["seats"][0]["shown"] != "Ann":
                latest = json.loads(back.recv(timeout=10))
    finally:
        one.stop()
        two.stop()
