"""Two server processes sharing PostgreSQL: a concession at a table of three is heard by the other
process (it is a stored action record), which plays on from it; a reaction window's hidden answers
given through different processes all count, and the last one closes the window at once."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.server.postgres import Postgres, throwaway
from tests.server.process import ServerProcess, create_seated
from tests.server.server_pair import two_processes


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    with throwaway() as server:
        yield server


@pytest.fixture(scope="module")
def pair(postgres: Postgres) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two server processes on the module's PostgreSQL, shared by its tests: each makes a table of its
    own, and none stops a process."""
    with two_processes(postgres.url) as both:
        yield both


def _until(socket: ClientConnection, done: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=10))
        if done(message):
            return message


def _play_until_a_turn_ends(url: str, tid: str, auth: list[dict[str, str]]) -> None:
    for _ in range(40):
        snapshot = httpx.get(f"{url}/api/tables/{tid}/view", headers=auth[1]).json()
        acting = snapshot["view"]["to_act"]
        assert 0 not in acting
        for seat in acting:
            view = httpx.get(f"{url}/api/tables/{tid}/view", headers=auth[seat]).json()["view"]
            legal = view["legal_actions"]
            choice = "end" if "end" in legal else "pass" if "pass" in legal else legal[0]
            sent = httpx.post(
                f"{url}/api/tables/{tid}/actions", headers=auth[seat], json={"step": view["step"], "action": choice}
            )
            assert sent.status_code in (200, 409), sent.text
            # A turn ended, and the next one did not open on a reaction window (a concession waits
            # for a window to close): seat 1 may concede now.
            if choice == "end" and sent.status_code == 200 and sent.json()["window"] is None:
                return
    raise AssertionError("no turn ended without a play and outside a reaction window")


def test_a_taco_concession_on_one_process_is_played_on_from_the_other(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    one, two = pair
    table = create_seated(one.url, {"game": "taco", "seats": [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}]})
    tid = table["table_id"]
    tokens = [table["token"], *(i["token"] for i in table["invitations"])]
    auth = [{"Authorization": f"Bearer {t}"} for t in tokens]
    with connect(two.url.replace("http", "ws") + f"/api/tables/{tid}/ws?token={tokens[1]}") as socket:
        first = json.loads(socket.recv(timeout=10))
        assert first["view"]["to_act"]  # T.A.C.O. opens on a turn, not a window: one may concede
        conceded = httpx.post(f"{one.url}/api/tables/{tid}/concede", headers=auth[0])
        assert conceded.status_code == 200, conceded.text
        heard = _until(socket, lambda m: m["table"]["step"] > first["table"]["step"])
        assert heard["view"]["conceded"] == [0] and 0 not in heard["view"]["to_act"]
        assert [e["seat"] for e in heard["log"] if e["kind"] == "concede"] == [0]
        assert heard["table"]["status"] == "playing"

        # Process two plays on from the state it rebuilt (the empty chair is never asked), until a
        # turn ends without a play: then no Instant window is open and seat 1 may concede.
        _play_until_a_turn_ends(two.url, tid, auth)

        # Seat 1 leaves through process two: seat 2 is the last player in and wins, on both.
        left = httpx.post(f"{two.url}/api/tables/{tid}/concede", headers=auth[1])
        assert left.status_code == 200, left.text
        over = _until(socket, lambda m: m["table"]["status"] == "over")
        assert over["view"]["outcome"]["winners"] == [2]
    summaries = [httpx.get(f"{s.url}/api/tables/{tid}").json() for s in (one, two)]
    assert summaries[0]["outcome"] == summaries[1]["outcome"]
    assert summaries[0]["outcome"]["ranking"] == [[2], [1], [0]]
    assert summaries[0]["step"] == summaries[1]["step"]


def test_window_answers_given_through_two_processes_close_the_window(pair: tuple[ServerProcess, ServerProcess]) -> None:
    one, two = pair
    seats = [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}]
    table = create_seated(one.url, {"game": "toy", "seats": seats, "reaction_seconds": 60})
    tid = table["table_id"]
    auth = [{"Authorization": f"Bearer {t}"} for t in [table["token"], *(i["token"] for i in table["invitations"])]]

    def act(server: ServerProcess, seat: int, step: int, action: str) -> dict[str, Any]:
        sent = httpx.post(
            f"{server.url}/api/tables/{tid}/actions", headers=auth[seat], json={"step": step, "action": action}
        )
        assert sent.status_code == 200, sent.text
        snapshot: dict[str, Any] = sent.json()
        return snapshot

    hand = httpx.get(f"{one.url}/api/tables/{tid}/view", headers=auth[0]).json()["view"]["hand"]
    act(one, 0, 0, f"play {hand[0]}")
    assert act(one, 1, 1, "pass")["window"]["answered"] is True
    # Process two tells seat 2 nothing about seat 1's answer.
    seen = httpx.get(f"{two.url}/api/tables/{tid}/view", headers=auth[2]).json()
    assert seen["view"]["step"] == 1 and seen["window"]["answered"] is False
    act(two, 0, 1, "pass")
    closed = act(two, 2, 1, "pass")
    assert closed["view"]["step"] == 4 and closed["window"] is None  # at once, not at the deadline
    log = httpx.get(f"{one.url}/api/tables/{tid}/view").json()["log"]
    assert not [e for e in log if e.get("timed_out")]  # every answer counted as given
