"""Two submissions for one step can never both land: not through the server's lock, and not through
the database's unique (table_id, step) constraint either (what protects two server processes)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from cardroom.server import store
from cardroom.server.store import actions as store_actions
from cardroom.server.store import database, tables
from tests.server.conftest import auth, create
from tests.server.process import ServerProcess, create_seated, free_port


def test_concurrent_submissions_for_one_step(tmp_path: Path) -> None:
    server = ServerProcess(free_port(), f"sqlite:///{tmp_path / 'c.sqlite3'}").start()
    try:
        table = create_seated(
            server.url, {"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 60}
        )
        headers = {"Authorization": f"Bearer {table['token']}"}
        hand = httpx.get(f"{server.url}/api/tables/{table['table_id']}/view", headers=headers).json()["view"]["hand"]

        def play(card: int) -> int:
            url = f"{server.url}/api/tables/{table['table_id']}/actions"
            return httpx.post(url, headers=headers, json={"step": 0, "action": f"play {card}"}).status_code

        with ThreadPoolExecutor(8) as pool:
            codes = list(pool.map(play, [hand[i % 2] for i in range(8)]))
        assert sorted(codes) == [200] + [409] * 7
        view = httpx.get(f"{server.url}/api/tables/{table['table_id']}/view", headers=headers).json()["view"]
        assert view["step"] == 1 and len(view["hand"]) == 1
    finally:
        server.stop()


def test_the_database_refuses_a_second_action_for_a_step(tmp_path: Path) -> None:
    engine = database.make_engine(f"sqlite:///{tmp_path / 'u.sqlite3'}")
    database.upgrade(engine)
    database.upgrade(engine)  # upgrading an up-to-date database changes nothing
    row = store.TableRow(
        id="t1",
        game="toy",
        preset="standard",
        options={},
        seed=1,
        created=store.now(),
        status="playing",
        reaction_seconds=4,
        turn_seconds=None,
        rematch_of=None,
        rematch_id=None,
    )
    tables.create_table(engine, store.NewTable(row))
    store_actions.append_action(engine, "t1", 0, 0, "play 1", False, False)
    with pytest.raises(store.StepTaken):
        store_actions.append_action(engine, "t1", 0, 1, "play 2", False, False)
    assert [a.text for a in store_actions.load_actions(engine, "t1")] == ["play 1"]


def test_rematch_requests_at_once_make_one_table(tmp_path: Path) -> None:
    # A rematch's database work runs off the event loop, so requests for one table interleave there.
    server = ServerProcess(free_port(), f"sqlite:///{tmp_path / 'r.sqlite3'}").start()
    try:
        table = create_seated(
            server.url, {"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 60}
        )
        tid, tokens = table["table_id"], [table["token"], table["invitations"][0]["token"]]
        over = False
        with httpx.Client(base_url=server.url) as http:
            for _ in range(200):  # as the game's two people would, each looking at their own view
                for seat, token in enumerate(tokens):
                    view = http.get(f"/api/tables/{tid}/view", headers={"Authorization": f"Bearer {token}"}).json()
                    over = over or view["view"]["is_over"]
                    if not over and seat in view["view"]["to_act"]:
                        legal = view["view"]["legal_actions"]
                        http.post(
                            f"/api/tables/{tid}/actions",
                            headers={"Authorization": f"Bearer {token}"},
                            json={"step": view["view"]["step"], "action": "pass" if "pass" in legal else legal[0]},
                        )
                if over:
                    break
        assert over

        def rematch(token: str) -> dict[str, str]:
            r = httpx.post(f"{server.url}/api/tables/{tid}/rematch", headers={"Authorization": f"Bearer {token}"})
            assert r.status_code == 200, r.text
            answer: dict[str, str] = r.json()
            return answer

        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(rematch, [tokens[i % 2] for i in range(8)]))
        assert len({a["table_id"] for a in answers}) == 1
        new = answers[0]["table_id"]
        assert httpx.get(f"{server.url}/api/tables/{tid}").json()["rematch_id"] == new
        opened = [
            httpx.get(f"{server.url}/api/tables/{new}/view", headers={"Authorization": f"Bearer {a['token']}"})
            for a in answers
        ]
        assert sorted({r.json()["seat"] for r in opened if r.status_code == 200}) == [0, 1]
    finally:
        server.stop()


def test_rate_limit_leases_are_written_by_the_one_writer_on_sqlite(client: TestClient) -> None:
    # SQLite has one writer at a time: a lease written on a thread of its own lost the lock to busy
    # group commits again and again (seconds in SQLite's busy handler, then "database is locked").
    state = client.app.state  # type: ignore[attr-defined]
    assert state.limiter._thread is state.room.writer.thread
    table = create(client, reaction_seconds=60)
    view = client.get(f"/api/tables/{table['table_id']}/view", headers=auth(table["token"]))
    assert view.status_code == 200  # a lease was taken (and written) on that thread
    assert state.limiter._leases
