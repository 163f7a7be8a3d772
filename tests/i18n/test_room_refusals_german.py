"""Refusals of a real server process worded in the language the request asks for: a suspended
account's seat (403, on the action's fast path and the framework's path) and a malformed request
(422: what was wrong and what is allowed, each with the field's place), in German when German is
asked and in English without the header."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from cardroom.server.ops.admin_cli import admin_app
from cardroom.server.room.tokens import SUSPENDED
from tests.people.room import bearer, browser, running_room, sign_up
from tests.server.process import ServerProcess
from tests.support.polling import until

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}
SUSPENDED_DE = (
    "dieses Konto ist gesperrt: seine Plätze können nicht mehr spielen oder chatten (frag, wer diesen Raum betreibt)"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_room(tmp_path_factory.mktemp("german"), CARDROOM_ADMIN_EVERY="0.1") as room:
        yield room


def test_a_suspended_seat_is_refused_in_the_asked_language(server: ServerProcess) -> None:
    with browser(server) as client:
        made = client.post(
            "/api/tables", json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]}
        )
        assert made.status_code == 201, made.text
        table: dict[str, Any] = made.json()
        assert sign_up(client, "Sperre", [table]).json()["kept"] == 1
    url, token = f"{server.url}/api/tables/{table['table_id']}", table["token"]
    result = CliRunner().invoke(admin_app, ["suspend", "sperre", "--database", server.database])
    assert result.exit_code == 0, result.output
    until(
        lambda: httpx.get(f"{url}/view", headers=bearer(token)).status_code == 403,
        10,
        "the server to hear the suspension",
        every=0.1,
    )
    action = {"step": 0, "action": "pass"}
    answers = {
        "view": httpx.get(f"{url}/view", headers={**bearer(token), **GERMAN}),
        "fast path": httpx.post(f"{url}/actions", headers={**bearer(token), **GERMAN}, json=action),
        "framework": httpx.post(f"{url}/actions", params={"token": token}, headers=GERMAN, json=action),
    }
    for path, answer in answers.items():
        assert (answer.status_code, answer.json()["detail"]) == (403, SUSPENDED_DE), path
    english = httpx.post(f"{url}/actions", headers=bearer(token), json=action)
    assert (english.status_code, english.json()["detail"]) == (403, SUSPENDED)


BAD_TABLE = {
    "game": "toy",
    "seats": [{"kind": "robot"}],
    "reaction_seconds": 0.1,
    "private": "maybe",
}


def test_a_malformed_request_says_what_was_wrong_in_german(server: ServerProcess) -> None:
    german = httpx.post(f"{server.url}/api/tables", json=BAD_TABLE, headers=GERMAN)
    english = httpx.post(f"{server.url}/api/tables", json=BAD_TABLE)
    assert german.status_code == english.status_code == 422
    detail = german.json()["detail"]
    assert detail.startswith("fehlerhafte Anfrage: "), detail
    assert "body.seats.0.kind: muss einer dieser Werte sein: 'me', 'bot' oder 'invite'" in detail
    assert "body.reaction_seconds: muss mindestens 0,2 sein" in detail
    assert "body.private: muss true oder false sein" in detail
    for english_word in ("malformed", "must", "Input should", " or ", "field"):
        assert english_word not in detail, (english_word, detail)
    said = english.json()["detail"]
    assert said.startswith("malformed request: "), said
    assert "body.seats.0.kind: must be one of 'me', 'bot', or 'invite'" in said
    assert "body.reaction_seconds: must be at least 0.2" in said


def test_a_missing_field_and_a_too_long_text_in_german(server: ServerProcess) -> None:
    answer = httpx.post(f"{server.url}/api/tables", json={"seats": [{"kind": "me", "name": "x" * 41}]}, headers=GERMAN)
    assert answer.status_code == 422
    detail = answer.json()["detail"]
    assert "body.game: dieses Feld fehlt, es ist Pflicht" in detail, detail
    assert "body.seats.0.name: darf höchstens 40 Zeichen lang sein" in detail, detail
