"""A real server process killed with SIGKILL and started again: every acknowledged action is still
there, and the games go on (bots included)."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import httpx

from tests.server.process import ServerProcess, create_seated, free_port
from tests.support.seat_play import passing, play_seats


def _act(base: str, tid: str, token: str, step: int, text: str) -> httpx.Response:
    return httpx.post(
        f"{base}/api/tables/{tid}/actions",
        headers={"Authorization": f"Bearer {token}"},
        json={"step": step, "action": text},
        timeout=10,
    )


def _view(base: str, tid: str, token: str | None = None) -> dict:  # type: ignore[type-arg]
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.get(f"{base}/api/tables/{tid}/view", headers=headers, timeout=10).json()  # type: ignore[no-any-return]


def test_sigkill_and_restart_keeps_every_acknowledged_action(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    server = ServerProcess(free_port(), database).start()
    try:
        base = server.url
        people = create_seated(
            base, {"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 120}
        )
        tid = people["table_id"]
        tokens = [people["token"], people["invitations"][0]["token"]]
        acknowledged: list[tuple[int, str]] = []
        for _ in range(3):  # a play and two passes: one card scored, seat 1's turn next
            view = _view(base, tid, tokens[0])["view"]
            # A pass in a window stays hidden (the seat is still asked) until every seat has answered.
            seat = next(s for s in view["to_act"] if not (_view(base, tid, tokens[s])["window"] or {}).get("answered"))
            legal = _view(base, tid, tokens[seat])["view"]["legal_actions"]
            text = "pass" if "pass" in legal else legal[0]
            assert _act(base, tid, tokens[seat], view["step"], text).status_code == 200
            acknowledged.append((seat, text))
        before = {seat: _view(base, tid, tokens[seat]) for seat in (0, 1)}
        # A real game too: Tacocat, both players done replacing (keeping each of their 7 cards, one
        # decision per card) and one duel card laid.
        tacocat = create_seated(base, {"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}]})
        cat_tokens = [tacocat["token"], tacocat["invitations"][0]["token"]]
        for seat in (0, 1):
            for _ in range(7):
                mine = _view(base, tacocat["table_id"], cat_tokens[seat])["view"]
                keep = f"keep {mine['replace']['your_next']}"
                assert _act(base, tacocat["table_id"], cat_tokens[seat], mine["step"], keep).status_code == 200
        duel = _view(base, tacocat["table_id"], cat_tokens[0])["view"]
        assert duel["phase"] == "duel" and duel["step"] == 14
        assert _act(base, tacocat["table_id"], cat_tokens[0], 14, duel["legal_actions"][0]).status_code == 200
        cat_before = [_view(base, tacocat["table_id"], t) for t in cat_tokens]
        bots = create_seated(base, {"game": "toy", "seats": [{"kind": "bot"}, {"kind": "bot"}, {"kind": "invite"}]})
        time.sleep(0.3)  # the bots make their first moves, then wait on seat 2
    finally:
        server.kill()

    assert server.proc is not None and server.proc.returncode == -9
    server = ServerProcess(server.port, database).start()
    try:
        base = server.url
        for seat in (0, 1):
            after = _view(base, tid, tokens[seat])
            assert after["view"] == before[seat]["view"]
            assert after["log"] == before[seat]["log"]
        assert after["view"]["step"] == len(acknowledged)
        cat_after = [_view(base, tacocat["table_id"], t) for t in cat_tokens]
        assert [c["view"] for c in cat_after] == [c["view"] for c in cat_before]
        assert cat_after[0]["view"]["step"] == 15
        duel = cat_after[1]["view"]
        assert _act(base, tacocat["table_id"], cat_tokens[1], 15, duel["legal_actions"][0]).status_code == 200
        # The game goes on from where it was.
        view = _view(base, tid, tokens[1])["view"]
        assert view["to_act"] == [1]
        assert _act(base, tid, tokens[1], view["step"], view["legal_actions"][0]).status_code == 200
        # The bot table goes on too: finish it by always passing or playing for the invited seat.
        bot_tid, guest = bots["table_id"], bots["invitations"][0]["token"]
        with httpx.Client(base_url=base, timeout=10) as http:
            assert play_seats(http, bot_tid, {2: guest}, choose=passing, seconds=30)["view"]["is_over"]
    finally:
        server.stop()


def test_a_reaction_window_ends_when_it_would_have_after_a_restart(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from cardroom.server.edge.app import create_app
    from tests.server.conftest import sit_down

    url = f"sqlite:///{tmp_path / 'clocks.sqlite3'}"
    with TestClient(create_app(url, bot_delay=0.0)) as client:
        table = client.post(
            "/api/tables",
            json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 90},
        ).json()
        sit_down(client, table)
        tid, headers = table["table_id"], {"Authorization": f"Bearer {table['token']}"}
        hand = client.get(f"/api/tables/{tid}/view", headers=headers).json()["view"]["hand"]
        played = client.post(
            f"/api/tables/{tid}/actions", headers=headers, json={"step": 0, "action": f"play {hand[0]}"}
        )
        opened = played.json()["window"]
        assert opened is not None
    with TestClient(create_app(url, bot_delay=0.0)) as client:
        # Not a fresh 90 s clock: the same deadline as before the restart.
        again = client.get(f"/api/tables/{tid}/view", headers=headers).json()["window"]
        assert again is not None and again["deadline"] == opened["deadline"]
    # A deadline that passed while the server was down closes the window as soon as it is back.
    with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
        (clocks,) = conn.execute("select clocks from tables where id = ?", (tid,)).fetchone()
        stored = json.loads(clocks)
        stored["window_deadline"] -= 1000
        conn.execute("update tables set clocks = ? where id = ?", (json.dumps(stored), tid))
    with (
        TestClient(create_app(url, bot_delay=0.0)) as client,
        client.websocket_connect(f"/api/tables/{tid}/ws") as ws,
    ):
        while True:  # each receive waits for the next change; the window's passes are stored at once
            snapshot = ws.receive_json()
            if snapshot["table"]["step"] >= 3:
                break
        assert snapshot["window"] is None
