"""Two submissions for one step can never both land: not through the server's lock, and not through
the database's unique (table_id, step) constraint either (what protects two server processes)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from cardroom.server import database, store
from tests.server.process import ServerProcess, free_port


def test_concurrent_submissions_for_one_step(tmp_path: Path) -> None:
    server = ServerProcess(free_port(), f"sqlite:///{tmp_path / 'c.sqlite3'}").start()
    try:
        table = httpx.post(
            server.url + "/api/tables",
            json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 60},
        ).json()
        headers = {"Authorization": f"Bearer {table['token']}"}
        hand = httpx.get(f"{server.url}/api/tables/{table['table_id']}/view", headers=headers).json()["view"][
            "hand"
        ]

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
    store.create_table(engine, row)
    store.append_action(engine, "t1", 0, 0, "play 1", False, False)
    with pytest.raises(store.StepTaken):
        store.append_action(engine, "t1", 0, 1, "play 2", False, False)
    assert [a.text for a in store.load_actions(engine, "t1")] == ["play 1"]
