"""A game that ended by a concession is analysed up to it; its result is the concession's."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import cardroom
from cardroom.analysis import LABELS, Precision, analyse_game
from cardroom.analysis.evaluate import heuristic_actions
from cardroom.core.outcome import Outcome
from cardroom.server.edge.app import create_app
from tests.server.conftest import auth, create

QUICK = Precision(half_width=0.2, min_worlds=8, max_worlds=8, batch=8)


def _conceded(seat: int, players: int) -> Outcome:
    others = tuple(s for s in range(players) if s != seat)
    return Outcome(winners=others, ranking=(others, (seat,)), reason=f"P{seat} conceded")


def _adds_up(a: dict[str, Any]) -> None:
    total = a["start"] + a["total_luck"] - a["total_loss"]
    assert total == pytest.approx(a["result"], abs=1e-9)


@pytest.mark.parametrize("engine", ["kernel", "reference"])
def test_the_seat_that_conceded_mid_game(engine: str) -> None:
    game = cardroom.make("tacocat")
    actions = heuristic_actions(game, 6)[:40]  # the stored actions stop where seat 0 gave up
    gave_up = analyse_game(
        game, 6, actions, 0, precision=QUICK, prior_games=64, engine=engine, outcome=_conceded(0, 2), conceded=0
    ).to_json()
    assert gave_up["result"] == 0.0 and gave_up["reason"] == "P0 conceded"
    last = gave_up["decisions"][-1]
    assert last["chosen"] == "concede" and last["win_after"] == 0.0
    # Giving up threw away the position's value: its loss is that value, with the value's interval.
    assert last["best"] != "concede" and last["loss"] in (0.0, pytest.approx(last["win_before"]))
    assert last["label"] in LABELS and {a["action"] for a in last["actions"]} >= {"concede"}
    assert gave_up["timeline"][-1] == [gave_up["steps"], 0.0]
    _adds_up(gave_up)
    # The other seat: the concession is luck for it (it did not choose it), and it won.
    won = analyse_game(
        game, 6, actions, 1, precision=QUICK, prior_games=64, engine=engine, outcome=_conceded(0, 2), conceded=0
    ).to_json()
    assert won["result"] == 1.0 and "P0 conceded" in won["luck"][-1]["events"]
    assert all(d["chosen"] != "concede" for d in won["decisions"])
    _adds_up(won)


def test_three_players_one_conceded() -> None:
    game = cardroom.make("exploding-kittens", players=3)
    actions = heuristic_actions(game, 4)[:30]  # a game of 63 actions, stopped where seat 1 gave up
    a = analyse_game(
        game, 4, actions, 2, precision=QUICK, prior_games=16, outcome=_conceded(1, 3), conceded=1
    ).to_json()
    assert a["result"] == 0.5  # the two others share the win
    _adds_up(a)
    with pytest.raises(ValueError, match="not finished"):
        analyse_game(game, 4, actions, 2, precision=QUICK, prior_games=16)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(
        create_app(f"sqlite:///{tmp_path / 'cardroom.sqlite3'}", bot_delay=0.0, rate=1000, burst=1000)
    ) as c:
        yield c


def _analysis(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    started = client.post(f"/api/tables/{tid}/analysis", headers=auth(token), json={"precision": 50, "max_worlds": 16})
    assert started.status_code == 200, started.text
    deadline = time.time() + 60
    while True:
        job: dict[str, Any] = client.get(f"/api/tables/{tid}/analysis", headers=auth(token)).json()
        if job["status"] in ("done", "failed"):
            assert job["status"] == "done", job
            return dict(job["analysis"])
        assert time.time() < deadline
        time.sleep(0.1)


def test_a_conceded_table_is_analysed_for_both_seats(client: TestClient) -> None:
    table = create(client, "tacocat")  # me and an invited person
    tid, token = str(table["table_id"]), str(table["token"])
    guest = table["invitations"][0]["token"]  # type: ignore[index]
    assert client.post(f"/api/tables/{tid}/concede", headers=auth(token)).status_code == 200
    mine = _analysis(client, tid, token)
    assert mine["result"] == 0.0 and mine["decisions"][-1]["chosen"] == "concede"
    theirs = _analysis(client, tid, guest)
    assert theirs["result"] == 1.0 and "Player 1 conceded" in theirs["luck"][-1]["events"]  # by name
    # Another person sat at this table: no oracle line (it would tell of their hidden cards).
    assert "oracle" not in mine and "oracle" not in theirs
