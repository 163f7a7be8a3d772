"""A host's and a player's tools through a real server: the host removes a seated person before the
game begins (their token dies, the seat waits with a new link) and closes a table; only the host
may; a report is kept with the table and listed by `cardroom admin reports`; a suspended account
cannot log in or sit at its seats (`cardroom admin suspend`); `cardroom admin close` ends a table."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from cardroom.server.ops.admin_cli import admin_app
from tests.people.room import PASSWORD, bearer, browser, running_room, sign_up
from tests.people.table_play import people_table, play_out
from tests.server.process import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_room(tmp_path_factory.mktemp("host")) as room:
        yield room


def _three_seats(server: ServerProcess) -> dict[str, Any]:
    """A toy table of three: the host, and two invited people (the first of whom sits down)."""
    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "toy",
            "options": {"players": 3},
            "seats": [{"kind": "me", "name": "Host"}, {"kind": "invite"}, {"kind": "invite"}],
        },
    )
    assert made.status_code == 201, made.text
    table: dict[str, Any] = made.json()
    joined = httpx.post(
        f"{server.url}/api/tables/{table['table_id']}/join",
        headers=bearer(table["invitations"][0]["token"]),
        json={"name": "Rude"},
    )
    table["rude"] = joined.json()["token"]
    return table


def _admin(server: ServerProcess, *args: str) -> str:
    result = CliRunner().invoke(admin_app, [*args, "--database", server.database])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_host_removes_a_seated_person_before_the_game_begins(server: ServerProcess) -> None:
    table = _three_seats(server)
    tid = table["table_id"]
    assert httpx.get(f"{server.url}/api/tables/{tid}/view", headers=bearer(table["rude"])).json()["seat"] == 1
    refused = httpx.post(f"{server.url}/api/tables/{tid}/remove", headers=bearer(table["rude"]), json={"seat": 0})
    assert refused.status_code == 403  # only the host
    removed = httpx.post(f"{server.url}/api/tables/{tid}/remove", headers=bearer(table["token"]), json={"seat": 1})
    assert removed.status_code == 200, removed.text
    assert httpx.get(f"{server.url}/api/tables/{tid}/view", headers=bearer(table["rude"])).status_code == 403
    summary = httpx.get(f"{server.url}/api/tables/{tid}").json()
    assert sorted(summary["waiting_for"]) == [1, 2] and summary["seats"][1]["name"] == "Guest 2"
    # The new link seats someone else; once everyone sits, the game begins and nobody can be removed.
    for link in (removed.json()["token"], table["invitations"][1]["token"]):
        assert httpx.post(f"{server.url}/api/tables/{tid}/join", headers=bearer(link), json={}).status_code == 200
    late = httpx.post(f"{server.url}/api/tables/{tid}/remove", headers=bearer(table["token"]), json={"seat": 1})
    assert late.status_code == 422 and "before the game begins" in late.json()["detail"]
    nobody = httpx.post(
        f"{server.url}/api/tables/{_three_seats(server)['table_id']}/remove",
        headers=bearer(table["token"]),
        json={"seat": 2},
    )
    assert nobody.status_code == 403  # the host of one table is nobody at another


def test_the_host_closes_a_table_and_nobody_else_can(server: ServerProcess) -> None:
    table = _three_seats(server)
    tid = table["table_id"]
    assert httpx.post(f"{server.url}/api/tables/{tid}/close", headers=bearer(table["rude"])).status_code == 403
    closed = httpx.post(f"{server.url}/api/tables/{tid}/close", headers=bearer(table["token"]))
    assert closed.status_code == 200 and closed.json()["status"] == "cancelled"
    again = httpx.post(f"{server.url}/api/tables/{tid}/close", headers=bearer(table["token"]))
    assert again.status_code == 422


def test_a_report_is_kept_with_the_table_for_the_admin(server: ServerProcess) -> None:
    table = _three_seats(server)
    tid = table["table_id"]
    assert (
        httpx.post(
            f"{server.url}/api/tables/{tid}/chat", headers=bearer(table["rude"]), json={"text": "you all stink"}
        ).status_code
        == 204
    )
    made = httpx.post(
        f"{server.url}/api/tables/{tid}/report", headers=bearer(table["token"]),
        json={"about_seat": 1, "message": "you all stink", "reason": "rude"},
    )  # fmt: skip
    assert made.status_code == 201, made.text
    bad = httpx.post(f"{server.url}/api/tables/{tid}/report", headers=bearer(table["token"]), json={"reason": "a\x00b"})
    assert bad.status_code == 422
    listed = _admin(server, "reports", "--table", tid)
    assert (
        f"table {tid}: Host reported about Rude" in listed
        and '(message: "you all stink")' in listed
        and listed.strip().endswith("rude")
    )


def test_a_suspended_account_cannot_log_in_or_sit(server: ServerProcess) -> None:
    table = _three_seats(server)
    with browser(server) as client:
        assert sign_up(client, "Troll", [{"table_id": table["table_id"], "token": table["rude"]}]).json()["kept"] == 1
        assert "Troll: suspended" in _admin(server, "suspend", "TROLL")
        assert client.get("/api/account").status_code == 401  # its session ended
        refused = client.post("/api/account/login", json={"name": "troll", "password": PASSWORD})
        assert refused.status_code == 403 and "suspended" in refused.json()["detail"]
    sit = httpx.post(
        f"{server.url}/api/tables/{table['table_id']}/join", headers=bearer(table["rude"]), json={"name": "Troll"}
    )
    assert sit.status_code == 422 and "suspended" in sit.json()["detail"]
    assert "no longer suspended" in _admin(server, "suspend", "troll", "--undo")
    assert (
        httpx.post(
            f"{server.url}/api/tables/{table['table_id']}/join", headers=bearer(table["rude"]), json={}
        ).status_code
        == 200
    )


def test_the_admin_closes_a_table_being_played(server: ServerProcess) -> None:
    made = httpx.post(
        server.url + "/api/tables",
        json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}], "turn_seconds": 600},
    )
    tid = made.json()["table_id"]
    assert f"table {tid} closed" in _admin(server, "close", tid)
    refused = CliRunner().invoke(admin_app, ["close", tid, "--database", server.database])
    assert refused.exit_code != 0 and "nothing was closed" in refused.output
    missing = CliRunner().invoke(admin_app, ["suspend", "Nobody At All", "--database", server.database])
    assert missing.exit_code != 0 and "no account is called" in missing.output


def test_whoever_asks_for_the_rematch_first_hosts_it(server: ServerProcess) -> None:
    table = people_table(server.url, 2)
    tid, tokens = table["table_id"], table["tokens"]
    play_out(server.url, tid, tokens)
    # Seat 1 (invited to the first table) asks first: the rematch table is made for them, and is theirs.
    asked = httpx.post(f"{server.url}/api/tables/{tid}/rematch", headers=bearer(tokens[1]))
    assert asked.status_code == 200, asked.text
    rematch, first = asked.json()["table_id"], asked.json()["token"]
    later = httpx.post(f"{server.url}/api/tables/{tid}/rematch", headers=bearer(tokens[0])).json()
    assert later["table_id"] == rematch
    refused = httpx.post(f"{server.url}/api/tables/{rematch}/close", headers=bearer(later["token"]))
    assert refused.status_code == 403  # the first table's host is not the rematch's
    closed = httpx.post(f"{server.url}/api/tables/{rematch}/close", headers=bearer(first))
    assert closed.status_code == 200 and closed.json()["status"] == "abandoned", closed.text
