"""Private tables are left out of the public list of tables; their links still open them."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import create


def test_private_tables_are_not_listed_but_open_by_link(client: TestClient) -> None:
    public: dict[str, Any] = create(client)
    private: dict[str, Any] = create(client, private=True)
    listed = {t["id"] for t in client.get("/api/tables").json()}
    assert public["table_id"] in listed and private["table_id"] not in listed
    # Still reachable by its link.
    assert client.get(f"/api/tables/{private['table_id']}").status_code == 200
