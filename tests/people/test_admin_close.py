"""`cardroom admin close` and `suspend` reach a running server: the command is a process of its own that
writes to the database and exits, and the room hears it within a few seconds on SQLite (where no
notification reaches it) as on PostgreSQL. A closed table is shown closed to its player's open page
and takes no more moves; on PostgreSQL, a suspension is heard by every server process."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterator

import httpx
import pytest
from websockets.sync.client import connect

from cardroom.server.room.tokens import SUSPENDED
from tests.people.room import bearer, browser, sign_up
from tests.server.postgres import throwaway
from tests.server.process import ServerProcess, free_port
from tests.support.polling import until

HEARD_EVERY = {"CARDROOM_ADMIN_EVERY": "0.2"}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def servers(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    """One server on SQLite; two server processes on one PostgreSQL."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('admin') / 'room.sqlite3'}"
        one = ServerProcess(free_port(), url, env=HEARD_EVERY).start()
        try:
            yield [one]
        finally:
            one.stop()
        return
    with throwaway() as postgres:
        started = [ServerProcess(free_port(), postgres.url, env=HEARD_EVERY).start() for _ in range(2)]
        try:
            yield started
        finally:
            for server in started:
                server.stop()


def _cardroom_admin(*args: str, database: str) -> str:
    """`cardroom admin ...` run as its own process, as whoever runs the room would."""
    done = subprocess.run(
        [sys.executable, "-m", "cardroom.cli.main", "admin", *args, "--database", database],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _table_with_a_bot(server: ServerProcess) -> tuple[str, str]:
    """A toy table of Ann (who plays first, with a long move clock) and a bot: its id and Ann's token."""
    made = httpx.post(
        server.url + "/api/tables",
        json={"game": "toy", "seats": [{"kind": "me", "name": "Ann"}, {"kind": "bot"}], "turn_seconds": 60},
    )
    assert made.status_code == 201, made.text
    return made.json()["table_id"], made.json()["token"]


def test_a_table_closed_by_the_admin_command_is_closed_for_its_players(servers: list[ServerProcess]) -> None:
    server = servers[0]
    tid, ann = _table_with_a_bot(server)
    ws_url = server.url.replace("http://", "ws://") + f"/api/tables/{tid}/ws?token={ann}"
    with connect(ws_url) as socket:
        first = json.loads(socket.recv(timeout=10))
        assert first["table"]["status"] == "playing"
        assert f"table {tid} closed" in _cardroom_admin("close", tid, database=server.database)
        status = first["table"]["status"]
        while status == "playing":  # every push until the closed table's (a timeout fails the test)
            status = json.loads(socket.recv(timeout=10))["table"]["status"]
        assert status == "abandoned"
    step = httpx.get(f"{server.url}/api/tables/{tid}").json()["step"]
    moved = httpx.post(
        f"{server.url}/api/tables/{tid}/actions",
        headers=bearer(ann),
        json={"step": step, "action": "pass"},
    )
    assert moved.status_code == 422, moved.text  # the table takes no more moves
    for each in servers:
        assert httpx.get(f"{each.url}/api/tables/{tid}").json()["status"] == "abandoned"


def test_a_suspension_by_the_admin_command_is_heard_by_every_server_process(servers: list[ServerProcess]) -> None:
    tid, ann = _table_with_a_bot(servers[0])
    with browser(servers[0]) as client:
        assert sign_up(client, "Suspended Sue", [{"table_id": tid, "token": ann}]).json()["kept"] == 1
    assert "suspended" in _cardroom_admin("suspend", "suspended sue", database=servers[0].database)
    # One client for the polls: a top-level httpx call builds an SSL context each time (about 50 ms of CPU).
    with httpx.Client(timeout=10) as client:
        for server in servers:
            view = f"{server.url}/api/tables/{tid}/view"
            refused = until(_refused(client, view, ann), 10, f"{server.url} to hear it", every=0.1)
            assert refused is not None and refused.json()["detail"] == SUSPENDED


def _refused(client: httpx.Client, view: str, token: str) -> Callable[[], httpx.Response | None]:
    """Asks for the seat's view: the answer once it is a refusal (403), else None."""

    def ask() -> httpx.Response | None:
        answer = client.get(view, headers=bearer(token))
        return answer if answer.status_code == 403 else None

    return ask
