"""The action request's short path (``server/edge/fastpath.py``) answers exactly as the framework's route:
the same request with the token in the query (which always takes the framework's route) gets the
same status and body, for each refusal; anything unusual about the body goes to the framework."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import auth, create


def _both(client: TestClient, table_id: str, token: str, body: object) -> tuple[tuple[int, object], ...]:
    url = f"/api/tables/{table_id}/actions"
    short = client.post(url, headers=auth(token), json=body)
    framework = client.post(url, params={"token": token}, json=body)
    return (short.status_code, short.json()), (framework.status_code, framework.json())


def test_refusals_are_answered_alike_on_both_paths(client: TestClient) -> None:
    table = create(client, reaction_seconds=60)
    tid, token = str(table["table_id"]), str(table["token"])
    for table_id, who, body, status in [
        (tid, token, {"step": 5, "action": "pass"}, 409),  # a step that has not come
        (tid, token, {"step": 0, "action": "fly away"}, 422),  # not an action of this game
        (tid, "guess", {"step": 0, "action": "pass"}, 403),
        ("nosuch", token, {"step": 0, "action": "pass"}, 404),
        (tid, token, {"step": "0", "action": "pass"}, 422),  # mistyped: pydantic's message
        (tid, token, {"step": 0, "action": "x" * 201}, 422),
        (tid, token, {"step": 0, "action": "pass", "extra": 1}, None),  # extra fields: as FastAPI does
    ]:
        short, framework = _both(client, table_id, who, body)
        assert short == framework, (body, short, framework)
        if status is not None:
            assert short[0] == status, (body, short)


def test_a_move_through_the_short_path_is_stored_and_answered(client: TestClient) -> None:
    table = create(client, reaction_seconds=60)
    tid, token = str(table["table_id"]), str(table["token"])
    view = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
    played = client.post(
        f"/api/tables/{tid}/actions",
        headers=auth(token),
        json={"step": 0, "action": view["view"]["legal_actions"][0]},
    )
    assert played.status_code == 200 and played.headers["content-type"] == "application/json"
    assert played.json()["table"]["step"] == 1 and played.json()["seat"] == 0
    assert client.get(f"/api/tables/{tid}").json()["step"] == 1
