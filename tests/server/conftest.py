"""Fixtures: the app on a fresh SQLite file, with the toy game registered next to the real ones."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from tests.support.polling import until
from tests.support.toy_game import register

__all__ = ["auth", "create", "sit_down", "until"]  # until: the support package's, where the tests here take it from

register()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cardroom.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0.0)) as c:
        yield c


def create(client: TestClient, game: str = "toy", *, wait: bool = False, **body: object) -> dict[str, object]:
    """A new table. Its invited people sit down at once (each asks for its view with its invitation's
    token, as a client of the API does), so the game has begun; ``wait``: the table still waits for them."""
    payload: dict[str, object] = {"game": game, "seats": [{"kind": "me"}, {"kind": "invite"}], **body}
    response = client.post("/api/tables", json=payload)
    assert response.status_code == 201, response.text
    data: dict[str, object] = response.json()
    if not wait:
        sit_down(client, data)
    return data


def sit_down(client: TestClient, created: dict[str, object]) -> None:
    """Every invited person of a table just created takes their seat (by their invitation's token)."""
    for invitation in created["invitations"]:  # type: ignore[attr-defined]
        seated = client.get(f"/api/tables/{created['table_id']}/view", headers=auth(invitation["token"]))
        assert seated.status_code == 200, seated.text


def auth(token: object) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
