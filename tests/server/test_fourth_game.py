"""A fourth game, unknown to the server's code, played through the real room end to end.

The tests' toy game (:mod:`tests.support.toy_game`) joins a real ``cardroom serve`` process on a real
port only through ``CARDROOM_GAMES``, and is played under its "veto" preset: the lobby lists it, a table
is created, seats join, a reaction window opens and closes with the game's default answer ("allow", not
"pass") played for a silent seat (and kept hidden until then), a veto asks for a spoken action, which is
refused as a button and taken from the chat, a seat concedes in an open window, and the game ends with
the conceding seat last. Nothing in ``cardroom.server`` names it.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import until
from tests.server.process import ROOT, free_port
from tests.support.toy_game import NAME, ToyGame

GAME = f"{NAME}=tests.support.toy_game:ToyGame"
PRESET = "veto"  # vetoes with a sigh, "allow" as the quiet answer, concession at three seats or more
QUIET = ToyGame.presets[PRESET]["quiet"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, list[str]]]:
    """The URL of a real `cardroom serve` with the toy game named in its environment (its database is
    ``room.sqlite3`` in ``tmp_path``), and its output (read once the server has stopped)."""
    port = free_port()
    env = {**os.environ, "CARDROOM_GAMES": GAME, "CARDROOM_BOT_DELAY": "0", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "cardroom.cli.main", "serve", "--port", str(port)]
    command += ["--database", f"sqlite:///{tmp_path / 'room.sqlite3'}"]
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url, output = f"http://127.0.0.1:{port}", list[str]()
    try:
        until(lambda: _answers(url + "/api/games"), 30.0)  # as tests/server/process.py waits
        yield url, output
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=20)
        output.append(out.decode())


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


class Seat:
    """One person at the table, talking to the server over HTTP."""

    def __init__(self, http: httpx.Client, table: str, token: str) -> None:
        self.http, self.table, self.token = http, table, token

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def snapshot(self) -> dict[str, Any]:
        response = self.http.get(f"/api/tables/{self.table}/view", headers=self.auth)
        assert response.status_code == 200, response.text
        snapshot: dict[str, Any] = response.json()
        return snapshot

    def act(self, text: str, step: int | None = None, status: int = 200) -> dict[str, Any]:
        step = self.snapshot()["view"]["step"] if step is None else step
        response = self.http.post(
            f"/api/tables/{self.table}/actions", json={"step": step, "action": text}, headers=self.auth
        )
        assert response.status_code == status, response.text
        answer: dict[str, Any] = response.json()
        return answer


def stored(tmp_path: Path) -> list[tuple[int, int, str, int]]:
    """The table's stored actions: (step, seat, text, timed out)."""
    with sqlite3.connect(tmp_path / "room.sqlite3") as db:
        return db.execute("select step, seat, text, timed_out from actions order by step").fetchall()


def test_a_fourth_game_plays_through_the_room_without_a_server_edit(
    server: tuple[str, list[str]], tmp_path: Path
) -> None:
    url, output = server
    with httpx.Client(base_url=url, timeout=10) as http:
        # The lobby lists the game with its seats and options, read from the game itself.
        games = {g["name"]: g for g in http.get("/api/games").json()}
        assert games[NAME]["title"] == "Toy" and games[NAME]["players"] == [2, 3, 4, 5]
        assert games[NAME]["presets"][PRESET]["quiet"] == QUIET != "pass"

        # A table of three people: the creator and two invitations, taken up by joining.
        seats_asked = [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}]
        created = http.post(
            "/api/tables", json={"game": NAME, "preset": PRESET, "seats": seats_asked, "reaction_seconds": 1.0}
        )
        assert created.status_code == 201, created.text
        table = created.json()
        tid = table["table_id"]
        seats = [Seat(http, tid, table["token"])]
        for invitation, name in zip(table["invitations"], ("Bea", "Cy"), strict=True):
            joined = http.post(
                f"/api/tables/{tid}/join",
                json={"name": name},
                headers={"Authorization": f"Bearer {invitation['token']}"},
            )
            assert joined.status_code == 200, joined.text
            assert joined.json()["seat"] == invitation["seat"]
            seats.append(Seat(http, tid, joined.json()["token"]))
        listed = until(lambda: next((t for t in http.get("/api/tables").json() if t["id"] == tid), None))
        assert listed is not None and listed["game"] == NAME and listed["title"] == "Toy"
        assert [s["name"] for s in listed["seats"]][1:] == ["Bea", "Cy"]

        # A reaction window: seat 1 passes, seat 2 says nothing. The pass stays hidden until the
        # window closes; then the room plays the game's default answer for seat 2: ordinary play.
        card = seats[0].snapshot()["view"]["hand"][0]
        opened = seats[0].act(f"play {card}")
        assert opened["window"] is not None and opened["view"]["to_act"] == [1, 2]
        window_step = opened["view"]["step"]
        assert seats[1].act(QUIET, window_step)["window"]["answered"] is True
        for watcher in (seats[2], seats[0]):
            seen = watcher.snapshot()
            assert seen["view"]["to_act"] == [1, 2] and seen["window"]["answered"] is False
        closed = until(lambda: (s := seats[0].snapshot())["view"]["pending"] is None and s)
        assert closed and closed["view"]["scores"][0] == card and closed["window"] is None
        assert [e["kind"] for e in closed["log"] if e.get("timed_out")] == []  # nobody ran out of time
        assert stored(tmp_path) == [(0, 0, f"play {card}", 0), (1, 1, QUIET, 0), (2, 2, QUIET, 0)]
        assert closed["view"]["turn"] == 1

        # A veto changes the game at once; the vetoed player must sigh, which is spoken, not clicked.
        seats[1].act(f"play {seats[1].snapshot()['view']['hand'][0]}")
        vetoed = seats[2].act("veto")
        assert vetoed["window"] is None and vetoed["view"]["to_act"] == [1]
        # The snapshot names the spoken action the seat is asked for (the client leads it to the chat),
        # to that seat only.
        assert seats[1].snapshot()["spoken"] == "sigh"
        assert seats[2].snapshot()["spoken"] is None and vetoed["spoken"] is None
        refused = seats[1].act("sigh", status=422)
        assert 'say "alas"' in refused["detail"]
        said = http.post(f"/api/tables/{tid}/chat", json={"text": "Alas, my card!"}, headers=seats[1].auth)
        assert said.status_code == 204, said.text
        assert seats[1].snapshot()["view"]["turn"] == 2
        assert any(e["kind"] == "sigh" for e in seats[1].snapshot()["log"])

        # Seat 0 concedes inside the next window: its answer counts as a pass, the window goes on
        # for seat 1 alone, and closes at once when seat 1 answers.
        played = seats[2].act(f"play {seats[2].snapshot()['view']['hand'][0]}")
        conceded = http.post(f"/api/tables/{tid}/concede", headers=seats[0].auth)
        assert conceded.status_code == 200, conceded.text
        after = seats[1].snapshot()
        assert after["view"]["to_act"] == [1] and after["window"] is not None and after["view"]["gone"] == [0]
        assert seats[1].act(QUIET)["view"]["scores"][2] == played["view"]["pending"]

        # The two seats left play it out, letting every card stand.
        while not (state := seats[1].snapshot())["view"]["is_over"]:
            for seat in state["view"]["to_act"]:
                hand = seats[seat].snapshot()["view"]["hand"]
                seats[seat].act(
                    QUIET if state["view"]["pending"] is not None else f"play {hand[0]}", state["view"]["step"]
                )
        outcome = state["view"]["outcome"]
        assert outcome["ranking"][-1] == [0] and 0 not in outcome["winners"]
        summary = http.get(f"/api/tables/{tid}").json()
        assert summary["status"] == "over" and summary["outcome"] == outcome
    log = "".join(output)
    assert "Traceback" not in log and "ERROR" not in log, log
