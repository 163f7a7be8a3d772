"""Fixtures: the app on a fresh SQLite file, with the toy game registered next to the real ones."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from tests.server.toygame import register

register()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cardroom.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0.0)) as c:
        yield c


def create(client: TestClient, game: str = "toy", **body: object) -> dict[str, object]:
    payload: dict[str, object] = {"game": game, "seats": [{"kind": "me"}, {"kind": "invite"}], **body}
    response = client.post("/api/tables", json=payload)
    assert response.status_code == 201, response.text
    data: dict[str, object] = response.json()
    return data


def auth(token: object) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
