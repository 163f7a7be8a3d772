"""The room's fixed refusals from a real server process, in the language the request asks for: no such
table, a token that opens no seat, a link already used, too many requests and a database out of reach
(on the framework's path and the action's fast path), a body that is not JSON at all (400), and a
suspended seat's socket closed with its reason in the socket's language (its ``lang`` parameter or
the upgrade request's ``Accept-Language``). Without a German request each stays English as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from cardroom.server.ops.admin_cli import admin_app
from cardroom.server.room.tokens import SUSPENDED
from cardroom.server.store import UNAVAILABLE
from tests.people.room import bearer, browser, running_room, sign_up
from tests.server.process import ServerProcess, free_port
from tests.support.polling import until

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}
SUSPENDED_DE = (
    "dieses Konto ist gesperrt: seine Plätze können nicht mehr spielen oder chatten (frag, wer diesen Raum betreibt)"
)
TWO = [{"kind": "me"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_room(tmp_path_factory.mktemp("edge-german"), CARDROOM_ADMIN_EVERY="0.1") as room:
        yield room


def _both(ask: Any) -> tuple[httpx.Response, httpx.Response]:
    """The same request asked in German and without a language."""
    return ask(GERMAN), ask({})


def _details(german: httpx.Response, english: httpx.Response, status: int) -> tuple[str, str]:
    assert german.status_code == english.status_code == status, (german.text, english.text)
    return german.json()["detail"], english.json()["detail"]


def test_no_such_table_and_a_wrong_token_in_german(server: ServerProcess) -> None:
    missing = _both(lambda lang: httpx.get(f"{server.url}/api/tables/nosuch/view", headers=lang))
    assert _details(*missing, 404) == ("diesen Tisch gibt es nicht", "no such table")
    fast = _both(
        lambda lang: httpx.post(
            f"{server.url}/api/tables/nosuch/actions", headers={**bearer("x"), **lang}, json={"step": 0, "action": "x"}
        )
    )
    assert _details(*fast, 404) == ("diesen Tisch gibt es nicht", "no such table")
    made = httpx.post(f"{server.url}/api/tables", json={"game": "toy", "seats": TWO})
    assert made.status_code == 201, made.text
    url = f"{server.url}/api/tables/{made.json()['table_id']}"
    wrong = _both(lambda lang: httpx.get(f"{url}/view", headers={**bearer("not-a-seat"), **lang}))
    assert _details(*wrong, 403) == (
        "dieses Token öffnet keinen Platz an diesem Tisch",
        "this token opens no seat at this table",
    )


def test_a_link_already_used_in_german(server: ServerProcess) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}]})
    assert made.status_code == 201, made.text
    table = made.json()
    join = f"{server.url}/api/tables/{table['table_id']}/join"
    link = bearer(table["invitations"][0]["token"])
    assert httpx.post(join, headers=link, json={"name": "Bo"}).status_code == 200
    again = _both(lambda lang: httpx.post(join, headers={**link, **lang}, json={"name": None}))
    assert _details(*again, 410) == (
        "dieser Link wurde schon benutzt: sein Platz ist vergeben (frag, wer ihn geschickt hat, nach einem neuen)",
        "this link was already used: its seat has been taken (ask whoever sent it for a new one)",
    )


def test_too_many_requests_in_german(server: ServerProcess) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={"game": "toy", "seats": TWO})
    assert made.status_code == 201, made.text
    url = f"{server.url}/api/tables/{made.json()['table_id']}/actions"
    asked = {**bearer(made.json()["token"]), **GERMAN}
    with httpx.Client() as client:  # one connection: the bucket (60 at once, 20 a second) empties fast
        answers = (client.post(url, headers=asked, json={"step": 999, "action": "pass"}) for _ in range(400))
        limited = next((a for a in answers if a.status_code == 429), None)
    assert limited is not None, "400 requests at once were never limited"
    assert limited.json()["detail"] == "zu viele Anfragen; etwas langsamer bitte"


def test_a_body_that_is_not_json_in_german(server: ServerProcess) -> None:
    unreadable = _both(
        lambda lang: httpx.post(
            f"{server.url}/api/tables",
            content=b'{"game": "\xff"}',
            headers={"Content-Type": "application/json", **lang},
        )
    )
    german, english = _details(*unreadable, 400)
    assert english.startswith("the request body is not JSON this server can read"), english
    assert german.startswith("der Rumpf der Anfrage ist kein JSON, das dieser Server lesen kann: "), german
    assert "4.300 Ziffern" in german


def test_a_database_out_of_reach_in_german(tmp_path: Path) -> None:
    # A database in a folder that does not exist cannot be opened: the room starts and answers 503.
    out_of_reach = ServerProcess(free_port(), f"sqlite:///{tmp_path / 'gone' / 'room.sqlite3'}").start()
    try:
        made = _both(
            lambda lang: httpx.post(f"{out_of_reach.url}/api/tables", json={"game": "toy", "seats": TWO}, headers=lang)
        )
        german, english = _details(*made, 503)
    finally:
        out_of_reach.stop()
    assert english == UNAVAILABLE
    assert german.startswith("der Raum kann gerade nichts speichern: seine Datenbank ist nicht verfügbar"), german


def _close_reason(url: str, headers: dict[str, str] | None = None) -> tuple[int | None, str]:
    with connect(url, additional_headers=headers, open_timeout=5) as socket, pytest.raises(ConnectionClosed) as closed:
        socket.recv(timeout=5)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code, closed.value.rcvd.reason


def test_a_suspended_seat_s_socket_is_closed_in_its_language(server: ServerProcess) -> None:
    with browser(server) as client:
        made = client.post("/api/tables", json={"game": "toy", "seats": TWO})
        assert made.status_code == 201, made.text
        table: dict[str, Any] = made.json()
        assert sign_up(client, "Sockelsperre", [table]).json()["kept"] == 1
    result = CliRunner().invoke(admin_app, ["suspend", "sockelsperre", "--database", server.database])
    assert result.exit_code == 0, result.output
    view = f"{server.url}/api/tables/{table['table_id']}/view"
    until(lambda: httpx.get(view, headers=bearer(table["token"])).status_code == 403, 10, "the suspension heard")
    socket = f"ws://127.0.0.1:{server.port}/api/tables/{table['table_id']}/ws?token={table['token']}"
    assert _close_reason(f"{socket}&lang=de") == (4403, SUSPENDED_DE)
    assert _close_reason(socket, GERMAN) == (4403, SUSPENDED_DE)
    assert _close_reason(f"{socket}&lang=fr", GERMAN) == (4403, SUSPENDED)  # the parameter, when given, decides
    assert _close_reason(socket) == (4403, SUSPENDED)
    assert len(SUSPENDED_DE.encode()) <= 123  # what a close frame's reason may hold


def test_a_socket_s_other_refusals_in_its_language(server: ServerProcess) -> None:
    base = f"ws://127.0.0.1:{server.port}/api"
    made = httpx.post(f"{server.url}/api/tables", json={"game": "toy", "seats": TWO})
    assert made.status_code == 201, made.text
    table = f"{base}/tables/{made.json()['table_id']}/ws"
    assert _close_reason(f"{base}/tables/nosuch/ws?lang=de") == (4404, "diesen Tisch gibt es nicht")
    assert _close_reason(f"{table}?token=guess&lang=de") == (4403, "falsches Token")
    assert _close_reason(f"{base}/elsewhere/ws", GERMAN) == (
        4404,
        "diesen Socket gibt es nicht: der Socket eines Tischs ist /api/tables/{id}/ws",
    )
    assert _close_reason(f"{base}/tables/nosuch/ws") == (4404, "no such table")
    assert _close_reason(f"{table}?token=guess") == (4403, "wrong token")
