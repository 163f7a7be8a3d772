"""Pips in the room: a real server process on a real port makes a table of the toy game by name and
plays it to the end through the API against the search bot (on the kernel once the room has loaded it), while the lobby's list of games
(``GET /api/games``) and the terminal's ``cardroom games`` leave it out (its kit is unlisted)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from tests.server.conftest import auth, until
from tests.server.process import ROOT, ServerProcess, free_port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = f"sqlite:///{tmp_path_factory.mktemp('pips') / 'room.sqlite3'}"
    process = ServerProcess(free_port(), database, bot_delay=0.0).start()
    yield process
    process.stop()


def view(server: ServerProcess, table: str, token: str) -> dict[str, Any]:
    found = httpx.get(f"{server.url}/api/tables/{table}/view", headers=auth(token))
    assert found.status_code == 200, found.text
    snapshot: dict[str, Any] = found.json()
    return snapshot


def test_a_table_of_the_toy_is_played_to_the_end_through_the_api(server: ServerProcess) -> None:
    seats = [{"kind": "me", "name": "Ada"}, {"kind": "bot", "bot": "ismcts:ms=50"}]
    made = httpx.post(f"{server.url}/api/tables", json={"game": "pips", "seats": seats})
    assert made.status_code == 201, made.text
    table, token = made.json()["table_id"], made.json()["token"]
    played = 0
    while True:
        snapshot = until(
            lambda: (s := view(server, table, token))["view"]["is_over"] or (0 in s["view"]["to_act"] and s)
        )
        if snapshot is True or snapshot["view"]["is_over"]:
            break
        mine = snapshot["view"]
        answer = httpx.post(f"{server.url}/api/tables/{table}/actions", headers=auth(token),
                            json={"step": mine["step"], "action": mine["legal_actions"][0]})  # fmt: skip
        assert answer.status_code == 200, answer.text
        played += 1
    final = view(server, table, token)
    assert played == 3 and final["view"]["hand"] == [] and sum(final["view"]["tricks"]) == 3
    summary = httpx.get(f"{server.url}/api/tables/{table}").json()
    assert summary["status"] == "over" and len(summary["outcome"]["winners"]) == 1
    log = final["log"]
    assert [e["kind"] for e in log].count("play") == 6 and [e["kind"] for e in log].count("trick") == 3
    aside = set(range(1, 8)) - set(final["view"]["played"])
    assert len(aside) == 1 and not any(e.get("card") in aside for e in log)  # the card set aside stays unseen


def test_the_toy_is_not_offered_to_people(server: ServerProcess) -> None:
    listed = [game["name"] for game in httpx.get(f"{server.url}/api/games").json()]
    assert "taco" in listed and "pips" not in listed
    menu = subprocess.run([sys.executable, "-m", "cardroom.cli.main", "games"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={"PYTHONPATH": str(ROOT), "COLUMNS": "200", "PATH": ""})  # fmt: skip
    assert menu.returncode == 0, menu.stderr
    assert "T.A.C.O." in menu.stdout and "Pips" not in menu.stdout and "pips" not in menu.stdout
