"""PostgreSQL as the one source of truth for two server processes: an action taken through one
process reaches sockets on the other (LISTEN/NOTIFY), and a step can be taken only once across both."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from websockets.sync.client import connect

from cardroom.server.store import conninfo
from tests.server.postgres import Postgres, store_toy_table, throwaway
from tests.server.process import ServerProcess, create_seated, free_port
from tests.server.server_pair import two_processes
from tests.support.polling import until


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    with throwaway() as server:
        yield server


@pytest.fixture(scope="module")
def pair(postgres: Postgres) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two server processes on the module's PostgreSQL, shared by the tests that neither stop a
    process nor cut its connections: each of them makes tables of its own, so none sees another's."""
    with two_processes(postgres.url) as both:
        yield both


def test_two_processes_share_one_postgresql(pair: tuple[ServerProcess, ServerProcess]) -> None:
    one, two = pair
    table = create_seated(
        one.url, {"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 3}
    )
    tid = table["table_id"]
    tokens = [table["token"], table["invitations"][0]["token"]]
    ws_url = two.url.replace("http", "ws") + f"/api/tables/{tid}/ws?token={tokens[1]}"
    with connect(ws_url) as socket:
        first = json.loads(socket.recv(timeout=10))
        assert first["seat"] == 1 and first["view"]["step"] == 0
        # Seat 0 plays through process one; seat 1's socket on process two hears of it.
        seat0 = {"Authorization": f"Bearer {tokens[0]}"}
        hand = httpx.get(f"{one.url}/api/tables/{tid}/view", headers=seat0).json()["view"]["hand"]
        played = httpx.post(
            f"{one.url}/api/tables/{tid}/actions",
            headers={"Authorization": f"Bearer {tokens[0]}"},
            json={"step": 0, "action": f"play {hand[0]}"},
        )
        assert played.status_code == 200
        # The table's creation (its invitation) may reach process two after the socket opened,
        # and a change always pushes a snapshot: wait for the one that shows the move.
        pushed = _until_step(socket, 1)
        assert pushed["view"]["step"] == 1 and pushed["view"]["legal_actions"] == ["nope", "pass"]

    # Both seats pass on step 1 at once, one through each process: both count (same window).
    def pass_on(args: tuple[ServerProcess, str]) -> int:
        server, token = args
        return httpx.post(
            f"{server.url}/api/tables/{tid}/actions",
            headers={"Authorization": f"Bearer {token}"},
            json={"step": 1, "action": "pass"},
        ).status_code

    with ThreadPoolExecutor(2) as pool:
        codes = list(pool.map(pass_on, [(one, tokens[0]), (two, tokens[1])]))
    # A pass in a window is kept hidden by the process that took it until the window closes;
    # each process knows only its own, so the window closes at its deadline, both passes stored.
    assert codes == [200, 200]
    until(
        lambda: [httpx.get(f"{s.url}/api/tables/{tid}/view").json()["view"]["step"] for s in (one, two)] == [3, 3],
        15,
        "step 3 on both processes",
        every=0.1,
    )

    # The same step through both processes at once: exactly one lands.
    now = httpx.get(f"{one.url}/api/tables/{tid}/view", headers={"Authorization": f"Bearer {tokens[1]}"}).json()
    if now["view"]["to_act"] == [1] and now["view"]["legal_actions"]:
        text = now["view"]["legal_actions"][0]

        def act(server: ServerProcess) -> int:
            return httpx.post(
                f"{server.url}/api/tables/{tid}/actions",
                headers={"Authorization": f"Bearer {tokens[1]}"},
                json={"step": now["view"]["step"], "action": text},
            ).status_code

        with ThreadPoolExecutor(2) as pool:
            assert sorted(pool.map(act, [one, two])) == [200, 409]


def test_text_postgresql_cannot_store_is_refused_not_a_500(pair: tuple[ServerProcess, ServerProcess]) -> None:
    server = pair[0]
    for seats in (
        [{"kind": "me", "name": "Ann\x00"}, {"kind": "bot"}],
        [{"kind": "me"}, {"kind": "bot", "bot": "random:" + "x=1," * 60 + "y=2"}],
    ):
        body = json.dumps({"game": "toy", "seats": seats})
        r = httpx.post(server.url + "/api/tables", content=body, headers={"content-type": "application/json"})
        assert r.status_code == 422, r.text
    table = httpx.post(
        server.url + "/api/tables", json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}]}
    ).json()
    joined = httpx.post(
        f"{server.url}/api/tables/{table['table_id']}/join",
        headers={"Authorization": f"Bearer {table['token']}"},
        json={"name": "a\x00b"},
    )
    assert joined.status_code == 422
    assert httpx.get(server.url + "/api/tables/ab%00cd").status_code == 404
    assert httpx.get(server.url + "/api/tables/ab%00cd/view").status_code == 404


def _two_seat_table(server: ServerProcess) -> dict:  # type: ignore[type-arg]
    """A toy table with you and an invited guest, windows of a minute (never closing mid-test)."""
    return create_seated(
        server.url, {"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 60}
    )


def _ws(server: ServerProcess, tid: str, token: str | None = None) -> str:
    return server.url.replace("http", "ws") + f"/api/tables/{tid}/ws" + (f"?token={token}" if token else "")


def _until_step(socket: object, at_least: int) -> dict[str, Any]:
    """Snapshots from a socket until one shows ``at_least`` steps (each recv waits at most 20 s)."""
    return _next_where(socket, lambda message: message["table"]["step"] >= at_least)


def _next_where(socket: object, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first snapshot from a socket for which ``done`` holds (each recv waits at most 20 s). A
    process pushes a snapshot on every change it hears of, and another process's notifications
    arrive in their own time, so a test must not count on which push comes next."""
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=20))  # type: ignore[attr-defined]
        if done(message):
            return message


def test_listener_catches_up_after_its_connection_drops(postgres: Postgres) -> None:
    one = ServerProcess(free_port(), postgres.url).start()
    two = ServerProcess(free_port(), postgres.url).start()
    try:
        table = _two_seat_table(one)
        tid, token = table["table_id"], table["token"]
        with connect(_ws(two, tid)) as socket:
            assert json.loads(socket.recv(timeout=10))["table"]["step"] == 0
            # Cut every LISTEN connection, then move at once, while process two cannot hear it.
            with psycopg.connect(conninfo(postgres.url), autocommit=True) as admin:
                admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()"
                )
            hand = httpx.get(f"{one.url}/api/tables/{tid}/view", headers={"Authorization": f"Bearer {token}"}).json()
            moved = httpx.post(
                f"{one.url}/api/tables/{tid}/actions",
                headers={"Authorization": f"Bearer {token}"},
                json={"step": 0, "action": f"play {hand['view']['hand'][0]}"},
            )
            assert moved.status_code == 200
            # Process two reconnects, reads what it missed, and its socket shows the move.
            assert _until_step(socket, 1)["table"]["step"] == 1
    finally:
        one.stop()
        two.stop()


def test_a_table_loaded_on_demand_keeps_its_bots_playing(postgres: Postgres) -> None:
    # Process one would wait a long time before its bot moves; it is killed before that.
    one = ServerProcess(free_port(), postgres.url, bot_delay=600).start()
    two = ServerProcess(free_port(), postgres.url).start()
    try:
        table = create_seated(
            one.url,
            {"game": "toy", "seats": [{"kind": "bot", "bot": "easy"}, {"kind": "invite"}], "reaction_seconds": 60},
        )
        one.kill()
        # Process two first hears of the table from a visitor; the bot to act plays there.
        with connect(_ws(two, table["table_id"])) as socket:
            assert _until_step(socket, 1)["table"]["step"] >= 1
    finally:
        one.stop()
        two.stop()


def test_two_rematch_requests_on_two_processes_make_one_table(
    postgres: Postgres, pair: tuple[ServerProcess, ServerProcess]
) -> None:
    one, two = pair
    table = _two_seat_table(one)
    tid = table["table_id"]
    tokens = [table["token"], table["invitations"][0]["token"]]
    for _ in range(100):  # play the toy game to its end through process one
        status = httpx.get(f"{one.url}/api/tables/{tid}").json()
        if status["status"] == "over":
            break
        for seat in status["to_act"]:  # every seat asked answers once (a window's passes are hidden)
            mine = httpx.get(
                f"{one.url}/api/tables/{tid}/view", headers={"Authorization": f"Bearer {tokens[seat]}"}
            ).json()
            if (mine.get("window") or {}).get("answered"):
                continue
            view = mine["view"]
            httpx.post(
                f"{one.url}/api/tables/{tid}/actions",
                headers={"Authorization": f"Bearer {tokens[seat]}"},
                json={"step": view["step"], "action": view["legal_actions"][-1]},
            )
    assert httpx.get(f"{one.url}/api/tables/{tid}").json()["status"] == "over"

    def rematch(args: tuple[ServerProcess, str]) -> str:
        server, token = args
        r = httpx.post(f"{server.url}/api/tables/{tid}/rematch", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        return str(r.json()["table_id"])

    with ThreadPoolExecutor(2) as pool:
        ids = list(pool.map(rematch, [(one, tokens[0]), (two, tokens[1])]))
    assert ids[0] == ids[1]
    with psycopg.connect(conninfo(postgres.url)) as admin:
        count = admin.execute("SELECT count(*) FROM tables WHERE rematch_of = %s", (tid,)).fetchone()
    assert count == (1,)


def test_a_concession_on_one_process_reaches_sockets_on_the_other(pair: tuple[ServerProcess, ServerProcess]) -> None:
    one, two = pair
    table = httpx.post(
        one.url + "/api/tables", json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}]}
    ).json()
    tid, token = table["table_id"], table["invitations"][0]["token"]
    with connect(two.url.replace("http", "ws") + f"/api/tables/{tid}/ws?token={token}") as socket:
        assert json.loads(socket.recv(timeout=10))["table"]["status"] == "playing"
        conceded = httpx.post(
            f"{one.url}/api/tables/{tid}/concede", headers={"Authorization": f"Bearer {table['token']}"}
        )
        assert conceded.status_code == 200, conceded.text
        pushed = _next_where(socket, lambda m: m["table"]["status"] == "over")  # as above: not the first push
        assert pushed["table"]["status"] == "over" and pushed["view"]["outcome"]["winners"] == [1]
        assert pushed["log"][-1]["kind"] == "concede" and pushed["view"]["legal_actions"] == []
    # Process two refuses a second concession too: the database holds one.
    again = httpx.post(f"{two.url}/api/tables/{tid}/concede", headers={"Authorization": f"Bearer {token}"})
    assert again.status_code == 422


def test_the_per_token_rate_limit_holds_across_two_apps(postgres: Postgres) -> None:
    """Two server instances on one PostgreSQL share each token's bucket: together they allow what one
    would (an in-memory limit per process allowed each its own full burst)."""
    _rate_limit_is_shared(postgres.url)


def test_the_per_token_rate_limit_holds_across_two_apps_on_sqlite(tmp_path: Path) -> None:
    _rate_limit_is_shared(f"sqlite:///{tmp_path / 'shared.sqlite3'}")


def _rate_limit_is_shared(url: str) -> None:
    from fastapi.testclient import TestClient

    from cardroom.server.edge.app import create_app

    burst = 12
    # Next to no refill (one token in 1,000 s): the burst is all either instance may ever allow.
    with (
        TestClient(create_app(url, bot_delay=0.0, rate=0.001, burst=burst)) as one,
        TestClient(create_app(url, bot_delay=0.0, rate=0.001, burst=burst)) as two,
    ):
        table = one.post("/api/tables", json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}]}).json()
        path = f"/api/tables/{table['table_id']}/view"
        headers = {"Authorization": f"Bearer {table['token']}"}
        codes = [(one if i % 2 else two).get(path, headers=headers).status_code for i in range(4 * burst)]
        allowed = codes.count(200)
        assert 2 <= allowed <= burst, codes  # never more than one bucket holds, across both instances
        assert set(codes) == {200, 429} and codes[-2:] == [429, 429]
        # The other seat's token has its own bucket, through either instance.
        other = {"Authorization": f"Bearer {table['invitations'][0]['token']}"}
        assert two.get(path, headers=other).status_code == 200


def test_crossed_group_commits_of_two_processes_do_not_deadlock(postgres: Postgres) -> None:
    """Two writers (two processes' group commits) storing the same steps of the same tables, listed
    in opposite orders: each step is stored once, every other attempt is told its step was taken,
    and no transaction fails (inserting in arrival order deadlocked, failing both batches)."""
    from cardroom.server import store
    from cardroom.server.store import actions as store_actions
    from cardroom.server.store import database

    engine = database.make_engine(postgres.url)
    database.upgrade(engine)
    ids = [f"deadlock{i}" for i in range(6)]
    for table_id in ids:
        store_toy_table(engine, table_id)
    try:
        for step in range(40):
            batch = [store.NewAction(t, step, 0, "pass", False, False) for t in ids]
            with ThreadPoolExecutor(2) as pool:
                one = pool.submit(store_actions.append_actions, engine, batch, "one")
                two = pool.submit(store_actions.append_actions, engine, batch[::-1], "two")
                taken_one, taken_two = one.result(), two.result()[::-1]
            assert [a != b for a, b in zip(taken_one, taken_two, strict=True)] == [True] * len(ids)
        for table_id in ids:
            assert [a.step for a in store_actions.load_actions(engine, table_id)] == list(range(40))
    finally:
        engine.dispose()


def test_a_simultaneous_decision_through_two_processes_is_not_stale(pair: tuple[ServerProcess, ServerProcess]) -> None:
    """Tacocat's replacement is decided by both seats at once, card by card. Seat 1 decides through
    one process, then seat 0 through the other on the view it had before: in one process that choice
    stands, and it must through two as well, whether the second process has already heard of seat
    1's decision or loses the race to store the step (it was a 409)."""
    one, two = pair
    table = httpx.post(
        f"{one.url}/api/tables", json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}]}
    ).json()
    tid, tokens = table["table_id"], [table["token"], table["invitations"][0]["token"]]
    servers = [one, two]  # seat 0 through process one, seat 1 through process two

    def view(seat: int) -> dict:  # type: ignore[type-arg]
        return httpx.get(  # type: ignore[no-any-return]
            f"{servers[seat].url}/api/tables/{tid}/view",
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        ).json()["view"]

    def keep(seat: int, seen: dict) -> int:  # type: ignore[type-arg]
        return httpx.post(
            f"{servers[seat].url}/api/tables/{tid}/actions",
            headers={"Authorization": f"Bearer {tokens[seat]}"},
            json={"step": seen["step"], "action": f"keep {seen['replace']['your_next']}"},
        ).status_code

    for _ in range(7):
        seen = [view(0), view(1)]
        assert keep(1, seen[1]) == 200
        assert keep(0, seen[0]) == 200  # chosen before seat 1's decision landed elsewhere
    until(lambda: view(1)["step"] == 14, 10, "step 14")
    assert [view(0)["step"], view(1)["step"]] == [14, 14] and view(0)["phase"] == "duel"
