"""A refusal the room words through its catalogue is said in the language the request asks for
(``Accept-Language``, which the page sends), on the framework's path and on the action fast path; the
same refusal without the header, or in a language the room lacks, stays English."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from cardroom.locale import Listed, Plural
from cardroom.people.names import account_name
from cardroom.server.errors import Refused
from cardroom.server.ops.limits import bounded_bot_spec
from cardroom.server.room.absent import move_clock
from cardroom.server.room.tablerequest import checked_game
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


TWO = [{"kind": "me"}, {"kind": "bot", "bot": "random"}]

# A table request refused for a reason with places, and the German answer it gets in full.
REFUSED_TABLES = [
    ({"game": "chess", "seats": TWO}, "kein Spiel namens 'chess'; Spiele: "),
    ({"game": "taco", "seats": TWO, "options": {"deck": "mine"}}, "Option 'deck': Tische hier nehmen 'standard', "),
    ({"game": "toy", "seats": TWO, "options": {"nopes": "../x.json"}}, "Option 'nopes': Dateinamen werden hier"),
    ({"game": "toy", "seats": TWO, "options": {"a\u0001": 1}}, "ein Optionsname darf keine Steuerzeichen enthalten"),
    ({"game": "toy", "seats": TWO, "options": {"a": "b\u0001"}}, "Option 'a' darf keine Steuerzeichen enthalten"),
    (
        {"game": "toy", "seats": [{"kind": "me"}] + [{"kind": "bot"}] * 2, "options": {"players": 2}},
        "dieses Spiel hat 2 Plätze; 3 sind besetzt",
    ),
    ({"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "oracle"}]}, "der Bot 'oracle' sieht verdeckte"),
    (
        {"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "openspiel-ismcts"}]},
        "der Bot 'openspiel-ismcts' zählt",
    ),
    (
        {"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "ismcts:ms=9e9"}]},
        "das Bot-Budget ms=9e9 liegt",
    ),
    (
        {"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "ismcts:ms=fast"}]},
        "das Bot-Budget ms=fast ist",
    ),
    ({"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "ismcts:ms=nan"}]}, "das Bot-Budget ms muss"),
    ({"game": "toy", "seats": [{"kind": "me", "name": "A\u202eB"}, {"kind": "bot"}]}, "ein Platzname darf keine "),
    ({"game": "toy", "seats": [{"kind": "me", "name": "Ann"}, {"kind": "invite", "name": "ann"}]}, "ein anderer Platz"),
]


def test_each_table_request_refused_with_places_is_refused_in_german(client: TestClient) -> None:
    for body, german in REFUSED_TABLES:
        english = client.post("/api/tables", json=body)
        answer = client.post("/api/tables", json=body, headers=GERMAN)
        assert answer.status_code == english.status_code == 422, (body, answer.text)
        assert answer.json()["detail"].startswith(german), (body, answer.json())
        assert english.json()["detail"] != answer.json()["detail"]


def test_a_waiting_table_s_refusals_name_its_seats_in_german(client: TestClient) -> None:
    seats = [{"kind": "me", "name": "Ann"}, {"kind": "invite", "name": "Zed"}]
    table = client.post("/api/tables", json={"game": "toy", "seats": seats, "turn_seconds": 5}).json()
    tid, ann = table["table_id"], {**auth(table["token"]), **GERMAN}
    moved = client.post(f"/api/tables/{tid}/actions", headers=ann, json={"step": 0, "action": "play 1"})
    assert moved.json()["detail"] == "das Spiel beginnt, wenn alle sich gesetzt haben: es fehlen noch Zed"
    left = client.post(f"/api/tables/{tid}/concede", headers=ann)
    assert left.json()["detail"] == (
        "das Spiel beginnt, wenn alle sich gesetzt haben: es fehlen noch Zed; um vor Spielbeginn zu gehen, "
        "sag den Tisch ab"
    )
    filled = client.post(f"/api/tables/{tid}/fill", headers=ann, json={"seat": 0})
    assert filled.json()["detail"] == "Platz 1 wartet auf niemanden: es warten die Plätze 2"
    removed = client.post(f"/api/tables/{tid}/remove", headers=ann, json={"seat": 5})
    assert removed.json()["detail"] == "diesen Platz gibt es nicht: dieser Tisch hat 2 Plätze"
    nobody = client.post(f"/api/tables/{tid}/remove", headers=ann, json={"seat": 1})
    assert nobody.json()["detail"].startswith("auf dem Platz von Zed sitzt niemand: ")
    assert [r.status_code for r in (moved, left, filled, removed, nobody)] == [422] * 5


def test_refusals_outside_a_request_are_worded_in_german_too() -> None:
    """What no table request here reaches at once (an expired table, an account's name, the list of
    several waiting people): the same refusals worded directly."""
    expired = Refused(Plural("this table expired after {count} day without a move", "... {count} days ...", 1))
    assert expired.in_language("de") == "dieser Tisch ist nach 1 Tag ohne Zug abgelaufen"
    with pytest.raises(Refused) as no_seats:  # the request's own schema refuses this before the room
        checked_game("toy", None, {}, [])
    assert no_seats.value.in_language("de") == "ein Tisch hat 1 bis 10 Plätze"
    with pytest.raises(Refused) as clock:
        move_clock("soon", private=False, has_people=True)
    assert (
        clock.value.in_language("de")
        == "turn_seconds ist eine Zahl von Sekunden von 1 bis 86400 oder 'none', nicht 'soon'"
    )
    with pytest.raises(Refused) as long_spec:
        bounded_bot_spec("x" * 129)
    assert long_spec.value.in_language("de") == "eine Bot-Angabe hat höchstens 128 Zeichen"
    with pytest.raises(Refused) as short_name:
        account_name("A")
    assert short_name.value.in_language("de").startswith("ein Kontoname hat 2 bis")
    with pytest.raises(Refused) as hidden:
        account_name("An\u2066na")
    assert hidden.value.in_language("de").startswith("ein Kontoname darf keine unsichtbaren Formatierungszeichen")
    several = Refused("the game begins when everyone has sat down: waiting for {names}", names=Listed(("A", "B", "C")))
    assert several.in_language("de").endswith("A, B und C") and str(several).endswith("A, B, and C")
