"""The room's reason for one socket too many (close code 4429) in the socket's language, over a real
server and real sockets: a seat's ninth socket (eight is the room's limit per seat) is closed with
the reason in German when the socket asks for German (its ``lang`` or the upgrade's Accept-Language),
and in English as before otherwise."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from cardroom.locale.socket_limits import READER, socket_refusal
from tests.i18n.test_edge_refusals_german import _close_reason
from tests.people.room import running_room
from tests.server.process import ServerProcess

PER_SEAT = 8  # the room's limit of sockets per seat (server/room/hub.py)
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_room(tmp_path_factory.mktemp("socket-limits")) as room:
        yield room


def _counted(socket: ClientConnection) -> None:
    """Waits until the room counts ``socket``: it sends the first snapshot once it follows the table."""
    assert '"step"' in str(socket.recv(timeout=5))


def test_one_socket_too_many_is_refused_in_the_socket_s_language(server: ServerProcess) -> None:
    made = httpx.post(
        f"{server.url}/api/tables", json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]}
    )
    assert made.status_code == 201, made.text
    table = made.json()
    url = f"ws://127.0.0.1:{server.port}/api/tables/{table['table_id']}/ws?token={table['token']}"
    with ExitStack() as open_sockets:
        for _ in range(PER_SEAT):
            _counted(open_sockets.enter_context(connect(url, open_timeout=5)))
        assert _close_reason(f"{url}&lang=de") == (4429, "höchstens 8 Sockets je Platz")
        assert _close_reason(url, GERMAN) == (4429, "höchstens 8 Sockets je Platz")
        assert _close_reason(url) == (4429, "at most 8 sockets per seat")


def test_every_limit_reason_is_worded_and_fits_a_close_frame() -> None:
    for english, german in (
        ("the room is full; try again later", "der Raum ist voll; versuch es später noch einmal"),
        ("at most 100 spectators per table", "höchstens 100 Zuschauer je Tisch"),
        ("at most 1 sockets per seat", "höchstens 1 Socket je Platz"),
    ):
        assert READER.knows(english)
        assert socket_refusal(english, "de") == german and socket_refusal(english, "en") == english
        assert len(german.encode()) <= 123  # what a close frame's reason may hold
