"""Ratings for people with games played through the room: a table of account holders is rated when
it ends (the leaderboard and the players' pages show it); a person who concedes is ranked last; a
seat the room's clock and bot decided for is not rated (at two seats: nobody is); a table with a
guest rates nobody."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.people.room import browser, running_room, sign_up
from tests.people.table_play import people_table, play_out
from tests.server.process import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    env = {"CARDROOM_RATE_EVERY": "0.2", "CARDROOM_TIMEOUTS_IN_A_ROW": "100"}
    with running_room(tmp_path_factory.mktemp("ratings"), **env) as room:
        yield room


def _accounts(server: ServerProcess, table: dict[str, Any], names: list[str]) -> None:
    for seat, name in enumerate(names):
        with browser(server) as client:
            made = sign_up(client, name, [{"table_id": table["table_id"], "token": table["tokens"][seat]}])
            assert made.status_code == 201 and made.json()["kept"] == 1, made.text


def _player(server: ServerProcess, name: str, games: int, timeout: float = 10) -> dict[str, Any]:
    """The player's page once it shows ``games`` rated games of the toy game."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        page: dict[str, Any] = httpx.get(f"{server.url}/api/people/{name}").json()
        if sum(r["games"] for r in page["ratings"]) >= games:
            return page
        time.sleep(0.1)
    raise AssertionError(f"{name} was not rated {games} times in {timeout} s")


def test_a_finished_table_of_account_holders_is_rated(server: ServerProcess) -> None:
    table = people_table(server.url, 2)
    _accounts(server, table, ["First Player", "Other Player"])
    play_out(server.url, table["table_id"], table["tokens"])
    pages = {name: _player(server, name, 1) for name in ("First Player", "Other Player")}
    ratings = {name: page["ratings"][0] for name, page in pages.items()}
    assert {r["game"] for r in ratings.values()} == {"toy"} and all(r["games"] == 1 for r in ratings.values())
    assert all(len(r["history"]) == 1 and r["history"][0]["table_id"] == table["table_id"] for r in ratings.values())
    places = {name: r["history"][0]["place"] for name, r in ratings.items()}
    assert sorted(places.values()) in ([1, 2], [1, 1])  # the toy game may end in a tie
    board = httpx.get(f"{server.url}/api/people/leaderboard/toy").json()["players"]
    shown = [(p["name"], p["rating"]) for p in board]
    assert sorted(shown, key=lambda p: -p[1]) == shown and {n for n, _ in shown} >= set(places)
    if places["First Player"] != places["Other Player"]:
        better = min(places, key=lambda n: places[n])
        assert ratings[better]["rating"] > min(r["rating"] for r in ratings.values())
    recent = pages["Other Player"]["recent"]
    assert [g["table_id"] for g in recent] == [table["table_id"]] and recent[0]["url"].endswith(
        f"/table/{table['table_id']}"
    )
    assert httpx.get(f"{server.url}/api/people/leaderboard/no-such-game").status_code == 404
    assert httpx.get(f"{server.url}/api/people/Nobody%20At%20All").status_code == 404


def test_a_person_who_concedes_is_ranked_last(server: ServerProcess) -> None:
    table = people_table(server.url, 2)
    _accounts(server, table, ["Quitter", "Stayer"])
    left = httpx.post(
        f"{server.url}/api/tables/{table['table_id']}/concede",
        headers={"Authorization": f"Bearer {table['tokens'][0]}"},
    )
    assert left.status_code == 200, left.text
    quitter, stayer = (_player(server, name, 1)["ratings"][0] for name in ("Quitter", "Stayer"))
    assert (quitter["history"][0]["place"], stayer["history"][0]["place"]) == (2, 1)
    assert quitter["rating"] < stayer["rating"]


def test_a_seat_the_room_decided_for_is_not_rated_nor_a_guests_table(server: ServerProcess) -> None:
    idle = people_table(server.url, 2, turn_seconds=1, reaction_seconds=0.3)
    _accounts(server, idle, ["Present", "Absent"])
    play_out(server.url, idle["table_id"], {0: idle["tokens"][0]})  # seat 1 never acts: its clock runs out
    guest = people_table(server.url, 2)
    _accounts(server, guest, ["Host Of A Guest"])  # seat 1 stays a guest
    play_out(server.url, guest["table_id"], guest["tokens"])
    control = people_table(server.url, 2)  # finished last: once it is rated, the others were looked at
    _accounts(server, control, ["Control One", "Control Two"])
    play_out(server.url, control["table_id"], control["tokens"])
    _player(server, "Control One", 1)
    for name in ("Present", "Absent", "Host Of A Guest"):
        assert httpx.get(f"{server.url}/api/people/{name}").json()["ratings"] == [], name
