"""Puzzles through the room's API (on SQLite), from a real analysis of a seeded game: the seat's
puzzles are what the analysis's decisions give, only to a browser that holds the seat; a puzzle's
position shows nothing of the answer; an answer is told right or wrong with the analysis's words; a
wrong id is 404 and an action that is not legal there is refused with the legal ones."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from cardroom.server.room.puzzles import pose_all
from tests.challenges.friends import play_last, seeded_kittens

SEED = 8  # a seeded Kittens deal that, played by the last legal action, has a decision worth a puzzle
LOOK = {"precision": 50, "max_worlds": 16}  # a quick analysis


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'puzzles.sqlite3'}", bot_delay=0.0, rate=1000, burst=1000)) as c:
        yield c


def _analysed(client: TestClient, seat: dict[str, str]) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {seat['token']}"}
    started = client.post(f"/api/tables/{seat['table_id']}/analysis", headers=headers, json=LOOK)
    assert started.status_code == 200, started.text
    deadline = time.time() + 60
    while time.time() < deadline:
        job = client.get(f"/api/tables/{seat['table_id']}/analysis", headers=headers).json()
        if job["status"] in ("done", "failed"):
            assert job["status"] == "done", job["detail"]
            return job["analysis"]  # type: ignore[no-any-return]
        time.sleep(0.1)
    raise AssertionError("the analysis took over 60 s")


def test_puzzles_from_an_analysed_game(client: TestClient) -> None:
    seat = seeded_kittens(client.app.state.room.store, SEED)  # type: ignore[attr-defined]
    play_last(client, seat)
    nothing = client.post("/api/puzzles/mine", json={"seats": [seat]}).json()
    assert nothing == {"puzzles": [], "analysed": 0}  # not analysed yet: no puzzle, nothing read
    analysis = _analysed(client, seat)
    expected = pose_all(analysis)
    assert expected, "the seeded game has no decision worth a puzzle any more: pick another SEED"
    mine = client.post("/api/puzzles/mine", json={"seats": [seat]}).json()
    assert mine["analysed"] == 1 and len(mine["puzzles"]) == len(expected)
    assert client.post("/api/puzzles/mine", json={"seats": [{**seat, "token": "x" * 40}]}).json()["puzzles"] == []
    first = mine["puzzles"][0]["id"]
    position = client.post("/api/puzzles/open", json={"id": first})
    assert position.status_code == 200, position.text
    shown = position.json()
    posed = next(p for p in expected if p.step == shown["view"]["step"])
    assert set(shown["legal"]) >= {posed.answer, posed.chosen}
    # Nothing of the answer before the attempt: not the move, not a win chance, not the analysis's words.
    text = str(shown)
    assert "win" not in shown and posed.better not in text and "loss" not in text
    wrong = client.post("/api/puzzles/answer", json={"id": first, "action": posed.chosen}).json()
    assert wrong["right"] is False and wrong["answer"] == posed.answer and wrong["better"] == posed.better
    assert wrong["answer_win"] - wrong["next_win"] >= wrong["margin"] == 0.10
    right = client.post("/api/puzzles/answer", json={"id": first, "action": posed.answer}).json()
    assert right["right"] is True and right["did"] == posed.did
    # Read once: asking again neither reads the analysis again nor doubles the puzzles.
    assert client.post("/api/puzzles/mine", json={"seats": [seat]}).json() == mine


def test_bad_puzzle_requests(client: TestClient) -> None:
    for wrong in ("A" * 22, "short"):
        got = client.post("/api/puzzles/open", json={"id": wrong})
        assert got.status_code == 404 and "no puzzle has this id" in got.json()["detail"]
        assert client.post("/api/puzzles/answer", json={"id": wrong, "action": "pass"}).status_code == 404
    too_many = client.post("/api/puzzles/mine", json={"seats": [{"table_id": "t", "token": "x"}] * 101})
    assert too_many.status_code == 422
    unknown = client.post("/api/puzzles/mine", json={"seats": [{"table_id": "no-such-table", "token": "x"}]})
    assert unknown.json() == {"puzzles": [], "analysed": 0}
