"""Invitation and hand-over links are exchanged, once, for a secret only the joiner's browser holds;
a rematch gives each person a fresh secret through their own seat; old secrets open nothing."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import auth, create


def _join(client: TestClient, tid: str, token: str, name: str | None = None) -> Any:
    return client.post(f"/api/tables/{tid}/join", headers=auth(token), json={"name": name})


def _seat(client: TestClient, tid: str, token: str) -> int | None:
    response = client.get(f"/api/tables/{tid}/view", headers=auth(token))
    return response.json()["seat"] if response.status_code == 200 else None


def test_joining_exchanges_the_invitation_and_spends_the_link(client: TestClient) -> None:
    table: dict[str, Any] = create(client)
    tid, invite = table["table_id"], table["invitations"][0]["token"]
    joined = _join(client, tid, invite, "Bo")
    assert joined.status_code == 200
    secret = joined.json()["token"]
    assert joined.json()["seat"] == 1 and secret and secret != invite
    assert _seat(client, tid, secret) == 1
    # The creator still has the link she sent; it no longer opens the seat.
    assert _seat(client, tid, invite) is None
    again = _join(client, tid, invite)
    assert again.status_code == 410 and "taken" in again.json()["detail"]
    # Bo's own later visits keep his secret.
    assert _join(client, tid, secret).json() == {"seat": 1, "token": None}


def test_a_rematch_gives_each_person_a_fresh_secret(client: TestClient) -> None:
    table: dict[str, Any] = create(client, reaction_seconds=60)
    tid, mine = table["table_id"], table["token"]
    guest = _join(client, tid, table["invitations"][0]["token"]).json()["token"]
    # Finish the game: always pass, or play the first card.
    for _ in range(100):
        view = client.get(f"/api/tables/{tid}/view", headers=auth(mine)).json()
        if view["view"]["is_over"]:
            break
        for token in (mine, guest):
            own = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
            legal = own["view"]["legal_actions"]
            if legal and not (own["window"] or {}).get("answered"):
                text = "pass" if "pass" in legal else legal[0]
                client.post(
                    f"/api/tables/{tid}/actions",
                    headers=auth(token),
                    json={"step": own["view"]["step"], "action": text},
                )
    assert client.get(f"/api/tables/{tid}").json()["status"] == "over"
    a = client.post(f"/api/tables/{tid}/rematch", headers=auth(mine)).json()
    b = client.post(f"/api/tables/{tid}/rematch", headers=auth(guest)).json()
    assert a["table_id"] == b["table_id"]
    new = a["table_id"]
    assert len({a["token"], b["token"], mine, guest}) == 4
    assert _seat(client, new, a["token"]) == 0 and _seat(client, new, b["token"]) == 1
    # Old secrets, and the old invitation, open nothing at the new table.
    for old in (mine, guest, table["invitations"][0]["token"]):
        assert _seat(client, new, old) is None


def test_an_owner_hands_the_seat_to_another_device(client: TestClient) -> None:
    table: dict[str, Any] = create(client)
    tid, phone = table["table_id"], table["token"]
    handed = client.post(f"/api/tables/{tid}/handoff", headers=auth(phone))
    assert handed.status_code == 200
    link = handed.json()
    assert link["seat"] == 0 and link["url"].endswith(f"/table/{tid}#token={link['token']}")
    laptop = _join(client, tid, link["token"]).json()["token"]
    assert _seat(client, tid, laptop) == 0
    assert _seat(client, tid, phone) is None  # moved, not copied
    assert _join(client, tid, link["token"]).status_code == 410
    assert client.post(f"/api/tables/{tid}/handoff", headers=auth("guess")).status_code == 403
