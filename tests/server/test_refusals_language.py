"""A refusal the room words through its catalogue is said in the language the request asks for
(``Accept-Language``, which the page sends), on the framework's path and on the action fast path; the
same refusal without the header, or in a language the room lacks, stays English."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import auth, create

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}


def test_a_refused_table_is_refused_in_german_when_german_is_asked(client: TestClient) -> None:
    body = {"game": "toy", "seats": [{"kind": "me"}, {"kind": "me"}]}
    english = client.post("/api/tables", json=body)
    german = client.post("/api/tables", json=body, headers=GERMAN)
    other = client.post("/api/tables", json=body, headers={"Accept-Language": "fr"})
    assert english.status_code == german.status_code == other.status_code == 422
    assert english.json()["detail"] == other.json()["detail"] == "you can take only one seat"
    assert german.json()["detail"] == "du kannst nur einen Platz nehmen"


def test_a_stale_move_is_refused_in_german_on_the_fast_path(client: TestClient) -> None:
    table = create(client)
    token = table["token"]
    view = client.get(f"/api/tables/{table['table_id']}/view", headers=auth(token)).json()["view"]
    stale = {"step": view["step"] + 5, "action": "pass"}
    url = f"/api/tables/{table['table_id']}/actions"
    english = client.post(url, json=stale, headers=auth(token))
    german = client.post(url, json=stale, headers={**auth(token), **GERMAN})
    assert english.status_code == german.status_code == 409
    assert english.json()["detail"] == f"stale step: the game is at step {view['step']}"
    assert german.json() == {
        "detail": f"veralteter Schritt: das Spiel ist bei Schritt {view['step']}",
        "step": view["step"],
    }
