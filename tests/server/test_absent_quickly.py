"""Absent people, fairly and quickly (docs/server.md, "Absent players"): any request with a seat's
token counts as its person being there, so a client that plays over HTTP and waits politely is never
handed to the room's bot; a person who is not there when their move clock runs out is played by the
room from that moment (nobody waits more than one move clock), and has the seat back when they return.
The limits are shortened so each test takes a few seconds."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from cardroom.server.room.absent import AbsentLimits
from tests.server.conftest import auth, sit_down, until

TWO_PEOPLE = [{"kind": "me", "name": "Ann"}, {"kind": "invite", "name": "Zed"}]


def _tokens(table: dict[str, Any]) -> dict[int, str]:
    """seat -> its token (the creator's, and the friend's invitation, which opens the seat)."""
    return {table["seat"]: table["token"], **{i["seat"]: i["token"] for i in table["invitations"]}}


def test_a_client_polling_over_http_while_the_other_seat_thinks_is_never_judged_away(db_url: str) -> None:
    limits = AbsentLimits(away_after=2.0, sweep_every=0.1)
    with TestClient(create_app(db_url, bot_delay=0.0, absent=limits)) as client:
        body = {"game": "toy", "seats": TWO_PEOPLE, "turn_seconds": 60}  # one seat to act at a time
        table = client.post("/api/tables", json=body).json()
        tid, tokens = table["table_id"], _tokens(table)
        slow, polite = 0, 1  # the creator's seat plays first
        # The slow seat has its page open (a socket) and takes its time; the other sits down over HTTP
        # and waits there, asking for its view every half second, for more than twice the away limit.
        with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[slow]}") as ws:
            ws.receive_json()
            sit_down(client, table)
            unheard = client.post("/api/tables", json=body).json()
            sit_down(client, unheard)  # then nobody at this one is heard of again
            assert client.get(f"/api/tables/{tid}").json()["to_act"] == [slow]
            ends = time.time() + 4.5
            while time.time() < ends:
                snap = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[polite])).json()
                assert not any(s["auto"] for s in snap["table"]["seats"]), snap["table"]["seats"]
                assert snap["table"]["to_act"] == [slow]  # still waiting for the slow seat
                time.sleep(0.5)
        # The limits were live all along: at the table nobody asked about, both seats are played by the room.
        assert all(s["auto"] for s in client.get(f"/api/tables/{unheard['table_id']}").json()["seats"])


def test_a_person_gone_when_their_clock_runs_out_is_played_at_once_and_handed_back_on_return(db_url: str) -> None:
    # Three run-outs in a row for a person who is there; away only after an hour: what hands the seat
    # to the room here is the first run-out of someone who is not there.
    limits = AbsentLimits(timeouts=3, away_after=3600, sweep_every=0.1, present_for=0.3)
    with TestClient(create_app(db_url, bot_delay=0.1, absent=limits)) as client:
        table = client.post("/api/tables", json={"game": "tacocat", "seats": TWO_PEOPLE, "turn_seconds": 1}).json()
        sit_down(client, table)
        tid, tokens = table["table_id"], _tokens(table)
        gone = client.get(f"/api/tables/{tid}").json()["to_act"][0]
        other = 1 - gone
        with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[other]}") as ws:
            ws.receive_json()  # the other person is here, and waits for the one who left
            made = time.time()
            seats = until(lambda: (s := client.get(f"/api/tables/{tid}").json()["seats"])[gone]["auto"] and s, 5.0)
            assert time.time() - made < 2.5  # one move clock (1 s) and one stand-in pace, not three clocks
            assert seats[gone]["shown"].endswith("(auto)") and not seats[other]["auto"]
            # Back: any request with the seat's token hands it back at once.
            back = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[gone])).json()
            assert back["table"]["seats"][gone]["auto"] is False
