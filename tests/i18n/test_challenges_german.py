"""A friend's challenge's turns and a puzzle's told answer over a real server, in the request's
language: the same seeded Kittens game (its seat played by the last legal action, then analysed) read
in German and in English. English keeps the analysis's own words; German says every move in the
catalogue's words (no English action left), the same move for the same turn."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from cardroom.locale.actions import action_in, known
from cardroom.server.store import Store
from tests.challenges.friends import play_last, seeded_kittens
from tests.people.room import bearer, browser, running_room
from tests.server.process import ServerProcess

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}
SEED = 8  # the seeded Kittens deal tests/challenges/test_puzzle_api.py poses puzzles from
LOOK = {"precision": 50, "max_worlds": 16}  # a quick analysis
DREW_DE = "eine Karte ziehen"  # "drew a card", said as what the move is


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, dict[str, str]]]:
    folder = tmp_path_factory.mktemp("challenges")
    store = Store.open(f"sqlite:///{folder / 'room.sqlite3'}")  # the seeded table, before the server reads it
    seat = seeded_kittens(store, SEED)
    store.engine.dispose()
    with running_room(folder) as server:
        yield server, seat


@pytest.fixture(scope="module")
def played(room: tuple[ServerProcess, dict[str, str]]) -> Iterator[tuple[httpx.Client, dict[str, str]]]:
    """The seeded game played to its end by the browser that holds its seat."""
    server, seat = room
    with browser(server) as client:
        play_last(client, seat)
        yield client, seat


def test_a_friend_s_challenge_s_turns_in_the_request_s_language(played: tuple[httpx.Client, dict[str, str]]) -> None:
    client, seat = played
    made = client.post("/api/friends", json={"table_id": seat["table_id"]}, headers=bearer(seat["token"]))
    assert made.status_code == 200, made.text
    link = made.json()["id"]
    english, german = (client.get(f"/api/friends/{link}/games", headers=h) for h in ({}, GERMAN))
    assert english.status_code == german.status_code == 200, (english.text, german.text)
    mine_en, mine_de = english.json()["games"][0], german.json()["games"][0]
    assert len(mine_de["turns"]) == len(mine_en["turns"]) > 0
    for en, de in zip(mine_en["turns"], mine_de["turns"], strict=True):
        assert known(en), f"an action no wording reads: {en!r}"
        assert de == action_in(en, "de") and de != en, (en, de)
    assert "drew a card" in mine_en["turns"] and DREW_DE in mine_de["turns"]
    refused = client.get("/api/friends/" + "A" * 22 + "/games", headers=GERMAN)
    assert (refused.status_code, refused.json()["detail"]) == (
        404,
        "zu diesem Link gibt es keine Herausforderung: prüfe, ob er ganz kopiert wurde",
    )


def _analysed(client: httpx.Client, seat: dict[str, str]) -> dict[str, Any]:
    url = f"/api/tables/{seat['table_id']}/analysis"
    started = client.post(url, headers=bearer(seat["token"]), json=LOOK)
    assert started.status_code == 200, started.text
    deadline = time.time() + 60
    while time.time() < deadline:
        asked = client.get(url, headers=bearer(seat["token"]))
        if asked.status_code == 429:  # the token's rate (a loaded machine answers late, then in bursts)
            time.sleep(0.5)
            continue
        assert asked.status_code == 200, asked.text
        job = asked.json()
        if job["status"] in ("done", "failed"):
            assert job["status"] == "done", job["detail"]
            return job["analysis"]  # type: ignore[no-any-return]
        time.sleep(0.2)
    raise AssertionError("the analysis took over 60 s")


def test_a_puzzle_s_told_answer_in_the_request_s_language(played: tuple[httpx.Client, dict[str, str]]) -> None:
    client, seat = played
    english_analysis = _analysed(client, seat)
    # The analysis's luck list: the engines' events ("Bo draws a card") in German too.
    german_analysis = client.get(
        f"/api/tables/{seat['table_id']}/analysis", headers={**bearer(seat["token"]), **GERMAN}
    ).json()["analysis"]
    said = [(en, de) for x, y in zip(english_analysis["luck"], german_analysis["luck"], strict=True)
            for en, de in zip(x["said"], y["said"], strict=True)]  # fmt: skip
    assert said and all(de != en for en, de in said), said
    assert any(en.endswith(" draws a card") and de.endswith(" zieht eine Karte") for en, de in said), said
    puzzles = client.post("/api/puzzles/mine", json={"seats": [seat]}).json()["puzzles"]
    assert puzzles, "the seeded game poses no puzzle any more: pick another SEED"
    first = puzzles[0]["id"]
    legal = client.post("/api/puzzles/open", json={"id": first}).json()["legal"]
    english, german = (
        client.post("/api/puzzles/answer", json={"id": first, "action": legal[0]}, headers=h).json()
        for h in ({}, GERMAN)
    )
    for key in ("better", "did"):
        assert known(english[key]), f"the analysis's words no wording reads: {english[key]!r}"
        assert german[key] == action_in(english[key], "de") != english[key], (key, english[key], german[key])
    assert {k: v for k, v in german.items() if k not in ("better", "did")} == {
        k: v for k, v in english.items() if k not in ("better", "did")
    }
    wrong = client.post("/api/puzzles/answer", json={"id": first, "action": "dance"}, headers=GERMAN)
    assert wrong.status_code == 422
    assert wrong.json()["detail"].startswith("'dance' ist dort kein erlaubter Zug; die Züge: "), wrong.json()
