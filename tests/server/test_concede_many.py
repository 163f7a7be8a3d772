"""Conceding at tables of three or more, through a real server process (rulings section 4): the seat
leaves as its game rules it, the others play on, an open reaction window counts its answer as a pass
and keeps the others' answers, and every text says the seat's name ("Zed conceded"), in the log, to
spectators and in the replay."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.process import ServerProcess, create_seated, free_port

NUMBERED = re.compile(r"\bP\d+ conced")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("concede") / "cardroom.sqlite3"
    process = ServerProcess(free_port(), f"sqlite:///{db}").start()
    yield process.url, db
    process.stop()


def _table(url: str, game: str, players: int, **options: Any) -> tuple[str, list[dict[str, str]]]:
    seats = [{"kind": "me", "name": "Ann"}, {"kind": "invite", "name": "Zed"}]
    seats += [{"kind": "invite", "name": f"Guest {i}"} for i in range(2, players)]
    body = create_seated(
        url, {"game": game, "options": {"players": players, **options}, "seats": seats, "reaction_seconds": 60}
    )
    tokens = [body["token"], *(i["token"] for i in body["invitations"])]
    return body["table_id"], [{"Authorization": f"Bearer {t}"} for t in tokens]


def _view(url: str, tid: str, auth: dict[str, str] | None = None) -> dict[str, Any]:
    response = httpx.get(f"{url}/api/tables/{tid}/view", headers=auth or {})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _act(url: str, tid: str, auth: dict[str, str], step: int, action: str) -> dict[str, Any]:
    response = httpx.post(f"{url}/api/tables/{tid}/actions", headers=auth, json={"step": step, "action": action})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _concede(url: str, tid: str, auth: dict[str, str]) -> dict[str, Any]:
    response = httpx.post(f"{url}/api/tables/{tid}/concede", headers=auth)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _window_open(url: str, players: int) -> tuple[str, list[dict[str, str]], str]:
    """A Kittens table where seat 0 has just played a card that opens a Nope window (at step 1)."""
    for _ in range(30):  # a deal where seat 0 holds such a card
        tid, auth = _table(url, "exploding-kittens", players)
        legal = _view(url, tid, auth[0])["view"]["legal_actions"]
        plays = [
            a
            for a in legal
            if a.startswith("play ") and a.split()[1] in ("shuffle", "see-the-future", "attack", "skip")
        ]
        if plays:
            _act(url, tid, auth[0], 0, plays[0])
            return tid, auth, plays[0]
    raise AssertionError("no deal let seat 0 open a window")


def _named_only(snapshot: dict[str, Any]) -> list[dict[str, Any]]:
    conceded = [e for e in snapshot["log"] if e["kind"] == "concede"]
    assert not [e for e in snapshot["log"] if NUMBERED.search(e["text"])]
    return conceded


@pytest.mark.parametrize("players", [3, 4, 8])
def test_a_kittens_seat_leaves_by_name_and_the_others_play_on(server: tuple[str, Path], players: int) -> None:
    url, _ = server
    tid, auth = _table(url, "exploding-kittens", players)
    _concede(url, tid, auth[1])
    spectator = _view(url, tid)
    assert spectator["table"]["status"] == "playing" and 1 not in spectator["view"]["to_act"]
    assert [e["text"] for e in _named_only(spectator)] == ["Zed conceded"]
    refused = httpx.post(f"{url}/api/tables/{tid}/concede", headers=auth[1])
    assert refused.status_code == 422 and "already out" in refused.json()["detail"]
    # Seat 0 draws; the turn skips the seat that left.
    after = _act(url, tid, auth[0], spectator["view"]["step"], "draw")
    assert after["view"]["to_act"] in ([2], [0])  # seat 2, or seat 0 again if it drew a Kitten to place
    for seat in range(2, players):  # everyone else leaves: Ann is the last one in and wins
        _concede(url, tid, auth[seat])
    over = _view(url, tid)
    assert over["table"]["status"] == "over" and over["table"]["outcome"]["winners"] == [0]
    assert over["table"]["outcome"]["ranking"][-1] == [1]  # the first to leave ranks last
    assert len(_named_only(over)) == players - 1
    steps = over["view"]["step"]
    replay = httpx.get(f"{url}/api/tables/{tid}/replay", params={"step": steps}).json()
    assert "Zed conceded" in [e["text"] for e in _named_only(replay)]


@pytest.mark.parametrize("players", [3, 4, 8])
def test_a_taco_seat_leaves_its_hand_discarded_and_taco_destroyed(server: tuple[str, Path], players: int) -> None:
    url, _ = server
    tid, auth = _table(url, "taco", players)
    before = _view(url, tid)
    assert before["view"]["hand_sizes"][1] >= 5
    mine = _concede(url, tid, auth[1])
    assert mine["view"]["legal_actions"] == [] and 1 not in mine["view"]["to_act"]
    spectator = _view(url, tid)
    assert spectator["view"]["conceded"] == [1] and spectator["view"]["hand_sizes"][1] == 0
    assert spectator["view"]["taco_points"][1] == 0 and spectator["table"]["status"] == "playing"
    assert [e["text"] for e in _named_only(spectator)] == ["Zed conceded"]
    assert len(spectator["view"]["discard"]) > len(before["view"]["discard"])


def test_a_concession_in_an_open_window_is_a_pass_and_the_others_answers_stand(server: tuple[str, Path]) -> None:
    url, db = server
    tid, auth, play = _window_open(url, 4)
    for seat in (0, 1, 2):  # three of the four answer; their passes stay hidden
        assert _act(url, tid, auth[seat], 1, "pass")["window"]["answered"] is True
    waiting = _view(url, tid, auth[3])
    assert waiting["view"]["step"] == 1 and waiting["window"]["answered"] is False
    # The fourth concedes: its answer is a pass, so everyone has answered and the window closes now.
    closed = _concede(url, tid, auth[3])
    assert closed["window"] is None and closed["view"]["step"] == 5
    rows = (
        sqlite3.connect(db)
        .execute("select step, seat, text, timed_out from actions where table_id = ? order by step", (tid,))
        .fetchall()
    )
    assert rows == [(0, 0, play, 0), (1, 3, "concede", 0), (2, 0, "pass", 0), (3, 1, "pass", 0), (4, 2, "pass", 0)]
    assert [e["text"] for e in _named_only(_view(url, tid))] == ["Guest 3 conceded"]


def test_a_concession_in_an_open_window_keeps_it_open_for_the_others(server: tuple[str, Path]) -> None:
    url, _ = server
    tid, auth, _ = _window_open(url, 3)
    assert _act(url, tid, auth[1], 1, "pass")["window"]["answered"] is True
    left = _concede(url, tid, auth[2])
    assert left["view"]["step"] == 2 and left["view"]["to_act"] == [0, 1]
    assert _view(url, tid, auth[1])["window"]["answered"] is True  # not asked again
    assert _view(url, tid, auth[0])["window"]["answered"] is False
    closed = _act(url, tid, auth[0], 2, "pass")
    assert closed["window"] is None and closed["view"]["step"] == 4
