"""A suspended account's seat at a running table, through a real server process: once `cardroom admin
suspend` (another process) is heard, every act of that seat is refused with the reason (403) on the
action's fast path and the framework's path, its chat too, and its open socket is closed with the
reason; the room then plays on for it as for anyone who left (its move clock runs out and the room's
stand-in plays the seat). Lifting the suspension gives the seat back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from cardroom.server.ops.admin_cli import admin_app
from cardroom.server.room.tokens import SUSPENDED
from tests.people.room import bearer, browser, running_room, sign_up
from tests.server.process import ServerProcess
from tests.support.polling import until


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    env = {
        "CARDROOM_ADMIN_EVERY": "0.1",
        "CARDROOM_TIMEOUTS_IN_A_ROW": "100",  # a person who is there is never handed to the room here
        "CARDROOM_PRESENT_FOR": "0.3",
        "CARDROOM_ABSENT_SWEEP": "0.1",
    }
    with running_room(tmp_path_factory.mktemp("suspended"), **env) as room:
        yield room


def _troll_and_ann(server: ServerProcess) -> dict[str, Any]:
    """A toy table of two people, begun: Troll (an account, in seat 0, to play first) and Ann (a guest)."""
    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "toy",
            "seats": [{"kind": "me", "name": "Troll"}, {"kind": "invite", "name": "Ann"}],
            "turn_seconds": 2,
        },
    )
    assert made.status_code == 201, made.text
    table: dict[str, Any] = made.json()
    ann = httpx.post(
        f"{server.url}/api/tables/{table['table_id']}/join", headers=bearer(table["invitations"][0]["token"]), json={}
    )
    assert ann.status_code == 200, ann.text
    table["ann"] = ann.json()["token"] or table["invitations"][0]["token"]
    with browser(server) as client:
        assert sign_up(client, "Troll", [table]).json()["kept"] == 1
    return table


def _admin(server: ServerProcess, *args: str) -> None:
    result = CliRunner().invoke(admin_app, [*args, "--database", server.database])
    assert result.exit_code == 0, result.output


def _play_as_ann_until_seat_0_is_auto(url: str, ann: str) -> dict[str, Any]:
    """Ann plays her turns and answers her windows (so only seat 0's clock is waited for) until the room
    plays seat 0: the view then."""

    def look() -> dict[str, Any] | None:
        snap: dict[str, Any] = httpx.get(f"{url}/view", headers=bearer(ann)).json()
        view = snap["view"]
        if snap["table"]["seats"][0]["auto"] or view["is_over"]:
            return snap
        if 1 in view["to_act"] and not (snap["window"] and snap["window"]["answered"]):
            legal = view["legal_actions"]
            httpx.post(
                f"{url}/actions", headers=bearer(ann), json={"step": view["step"], "action": min(legal, key=len)}
            )
        return None

    return until(look, 20, "the room to play the suspended seat", every=0.1)


def test_a_suspended_accounts_seat_is_refused_everywhere_and_played_as_absent(server: ServerProcess) -> None:
    table = _troll_and_ann(server)
    tid, troll, ann = table["table_id"], table["token"], table["ann"]
    url = f"{server.url}/api/tables/{tid}"
    ws_url = server.url.replace("http://", "ws://") + f"/api/tables/{tid}/ws?token={troll}"
    with connect(ws_url.replace(troll, ann)):  # Ann's page is open all along: she is there
        _refused_then_played_for(server, url, ws_url, troll, ann)


def _refused_then_played_for(server: ServerProcess, url: str, ws_url: str, troll: str, ann: str) -> None:
    with connect(ws_url) as socket:
        socket.recv(timeout=5)  # Troll's page is open: its first snapshot
        view = httpx.get(f"{url}/view", headers=bearer(troll)).json()
        assert view["seat"] == 0 and not view["table"]["seats"][0]["auto"]
        _admin(server, "suspend", "troll")
        refused = until(
            lambda: (r := httpx.get(f"{url}/view", headers=bearer(troll))).status_code == 403 and r,
            10,
            "the server to hear the suspension",
            every=0.1,
        )
        assert refused.json()["detail"] == SUSPENDED
        with pytest.raises(ConnectionClosed) as closed:  # the open socket is closed with the reason
            while True:
                socket.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
        assert closed.value.rcvd.reason == SUSPENDED
    step = httpx.get(f"{url}/view", headers=bearer(ann)).json()["view"]["step"]
    fast = httpx.post(f"{url}/actions", headers=bearer(troll), json={"step": step, "action": "pass"})
    framework = httpx.post(f"{url}/actions", params={"token": troll}, json={"step": step, "action": "pass"})
    chat = httpx.post(f"{url}/chat", headers=bearer(troll), json={"text": "let me back in"})
    for answer in (fast, framework, chat):
        assert (answer.status_code, answer.json()["detail"]) == (403, SUSPENDED), answer.text
    with connect(ws_url) as socket:  # a new socket is refused with the reason at once
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=5)
        assert closed.value.rcvd is not None and (closed.value.rcvd.code, closed.value.rcvd.reason) == (4403, SUSPENDED)
    # Nobody is there for seat 0 any more: its move clock runs out and the room's stand-in plays it.
    auto = _play_as_ann_until_seat_0_is_auto(url, ann)
    assert auto["table"]["seats"][0]["auto"] and not auto["table"]["seats"][1]["auto"]
    _admin(server, "suspend", "troll", "--undo")
    back = until(
        lambda: (r := httpx.get(f"{url}/view", headers=bearer(troll))).status_code == 200 and r,
        10,
        "the server to hear the suspension lifted",
        every=0.1,
    )
    assert back.json()["seat"] == 0
