"""Seat names read as what they are (docs/server.md, "Seat names"): invisible formatting characters
that could make one name display as another are refused with the reason, and two seats at a table may
not have names that differ only by case or compatibility form. Also: the games' catalogue says which
preset a player count is best served by, where a game says so."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import auth, create
from tests.support.toy_game import ToyGame


@pytest.mark.parametrize("name", ["Zed\u202e", "\u2067Ann", "Bo\u200bb", "Cy\u0007"])
def test_a_name_with_invisible_formatting_or_control_characters_is_refused(client: TestClient, name: str) -> None:
    made = client.post("/api/tables", json={"game": "toy", "seats": [{"kind": "me", "name": name}, {"kind": "invite"}]})
    assert made.status_code == 422, made.text
    detail = made.json()["detail"]
    assert "control characters" in detail or "invisible formatting" in detail
    table = create(client)
    joined = client.post(f"/api/tables/{table['table_id']}/join", headers=auth(table["token"]), json={"name": name})
    assert joined.status_code == 422 and joined.json()["detail"] == detail


def test_names_that_differ_only_by_case_or_form_are_one_name(client: TestClient) -> None:
    seats = [{"kind": "me", "name": "Zed"}, {"kind": "invite", "name": "ＺＥＤ"}]
    clash = client.post("/api/tables", json={"game": "toy", "seats": seats})
    assert clash.status_code == 422 and "already called 'Zed'" in clash.json()["detail"]
    table = create(client, seats=[{"kind": "me", "name": "Ann"}, {"kind": "invite", "name": "Zed"}], wait=True)
    link = auth(table["invitations"][0]["token"])  # type: ignore[index]
    taken = client.post(f"/api/tables/{table['table_id']}/join", headers=link, json={"name": "ann"})
    assert taken.status_code == 422 and "already called 'Ann'" in taken.json()["detail"]
    # Refused, it changed nothing: the link still opens the seat, and a name of one's own is fine.
    joined = client.post(f"/api/tables/{table['table_id']}/join", headers=link, json={"name": "  Zoë  "})
    assert joined.status_code == 200
    names = [s["name"] for s in client.get(f"/api/tables/{table['table_id']}").json()["seats"]]
    assert names == ["Ann", "Zoë"]
    same = client.post(f"/api/tables/{table['table_id']}/join", headers=auth(table["token"]), json={"name": "ANN"})
    assert same.status_code == 200  # one's own name in other letters is no clash


def test_the_catalogue_gives_a_preset_per_player_count_where_a_game_has_one(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["toy"]["default_presets"] == {} and all("default_presets" in g for g in games.values())
    monkeypatch.setattr(ToyGame, "default_presets", {2: "standard"}, raising=False)
    toy = next(g for g in client.get("/api/games").json() if g["name"] == "toy")
    assert toy["default_presets"] == {"2": "standard"}
