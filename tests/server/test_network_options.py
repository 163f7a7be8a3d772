"""Options over the network follow the game's own ``Game.network_values`` (docs/contract.md): only the
game that lists an option restricts it, and a value of any JSON type gets a clear refusal."""

from __future__ import annotations

from fastapi.testclient import TestClient

TWO = [{"kind": "me"}, {"kind": "bot"}]


def test_a_deck_option_of_a_game_that_reads_no_files_is_its_own(client: TestClient) -> None:
    """Tacocat's ``deck`` names a card list, never a file: its values are taken over the network (the
    server's old list of T.A.C.O.'s decks refused every one of them)."""
    ok = client.post("/api/tables", json={"game": "tacocat", "seats": TWO, "options": {"deck": "print-and-play"}})
    assert ok.status_code == 201, ok.text
    assert client.get(f"/api/tables/{ok.json()['table_id']}").json()["options"]["deck"] == "print-and-play"
    wrong = client.post("/api/tables", json={"game": "tacocat", "seats": TWO, "options": {"deck": "v2"}})
    assert wrong.status_code == 422 and "deck" in wrong.json()["detail"]


def test_a_listed_option_refuses_values_of_every_type_clearly(client: TestClient) -> None:
    for value in (["v2"], {"v": 2}, 2, None, True):
        response = client.post("/api/tables", json={"game": "taco", "seats": TWO, "options": {"deck": value}})
        assert response.status_code == 422, (value, response.text)
        assert "tables here use 'standard', 'v1', 'v2'" in response.json()["detail"]
