"""A friend's challenge through the room's API (on SQLite): the friend is dealt the same game (the same
first view, and the same choices give the same stored game); each side's game is hidden from the other
until they have finished their own; one attempt each; a wrong link is 404; bad input is refused clearly
and changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from tests.challenges.friends import accept, bot_game, browser, challenge
from tests.challenges.play import SAME_SITE, concede, enter, play


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("CARDROOM_DAILY_BOTS", "heuristic")  # a deal of the day, quick (one test enters one)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'friends.sqlite3'}", bot_delay=0.0, rate=1000, burst=1000)) as c:
        yield c


def _played(client: TestClient, bots: str = "heuristic") -> dict[str, str]:
    made = bot_game(client, bots)
    play(client, made["table_id"], made["token"])
    return made


def _bearer(seat: dict[str, str]) -> dict[str, str]:
    return {"Authorization": f"Bearer {seat['token']}"}


def test_the_friend_is_dealt_the_same_game_and_sees_both_once_finished(client: TestClient) -> None:
    mine = _played(client)
    made = challenge(client, mine["table_id"], mine["token"])
    assert made.status_code == 200, made.text
    link = made.json()
    assert mine["table_id"] not in link["url"] and link["id"] in link["url"]
    assert challenge(client, mine["table_id"], mine["token"]).json()["id"] == link["id"]  # one per seat
    challenger = browser(client, None)  # the friend's browser from here
    offer = client.get(f"/api/friends/{link['id']}").json()
    assert offer["challenger"] == "Ann" and offer["played"] is False and offer["table_url"] is None
    hidden = client.get(f"/api/friends/{link['id']}/games")
    assert hidden.status_code == 403 and "play it first" in hidden.json()["detail"]
    dealt = accept(client, link["id"])
    assert dealt.status_code == 201, dealt.text
    theirs = dealt.json()
    # The friend's first view shows the challenger's cards at that step (the bots may have moved).
    first = client.get(f"/api/tables/{theirs['table_id']}/view", headers=_bearer(theirs))
    then = client.get(
        f"/api/tables/{mine['table_id']}/replay?step={first.json()['view']['step']}", headers=_bearer(mine)
    )
    assert first.json()["view"]["hand"] == then.json()["view"]["hand"] and first.json()["view"]["hand"]
    # Unfinished: the challenger's game stays hidden from the friend.
    hidden = client.get(f"/api/friends/{link['id']}/games")
    assert hidden.status_code == 403 and "finished yours" in hidden.json()["detail"]
    # The challenger sees their own game only while the friend plays.
    friend_cookie = browser(client, challenger)
    alone = client.get(f"/api/friends/{link['id']}/games")
    assert alone.status_code == 200 and [g["name"] for g in alone.json()["games"]] == ["Ann"]
    browser(client, friend_cookie)
    play(client, theirs["table_id"], theirs["token"])  # the same rule of choice as the challenger's
    # The same first view, and the same choices gave the same game, step for step.
    starts = [
        client.get(f"/api/tables/{t['table_id']}/replay?step=0", headers=_bearer(t)).json() for t in (mine, theirs)
    ]
    assert starts[0]["view"] == starts[1]["view"] and starts[0]["log"] == starts[1]["log"]
    app = client.app
    store = app.state.room.store  # type: ignore[attr-defined]
    ours = [(a.step, a.seat, a.text) for a in store.load_actions(mine["table_id"])]
    assert ours and ours == [(a.step, a.seat, a.text) for a in store.load_actions(theirs["table_id"])]
    both = client.get(f"/api/friends/{link['id']}/games")
    assert both.status_code == 200, both.text
    games = both.json()["games"]
    assert [(g["name"], g["you"]) for g in games] == [("Ann", False), ("Bo", True)]
    assert games[0]["turns"] == games[1]["turns"] and games[0]["turns"]
    assert games[0]["place"] == games[1]["place"]
    browser(client, challenger)
    assert [g["you"] for g in client.get(f"/api/friends/{link['id']}/games").json()["games"]] == [True, False]


def test_one_attempt_each_and_the_challenger_has_played(client: TestClient) -> None:
    mine = _played(client)
    link = challenge(client, mine["table_id"], mine["token"]).json()
    own = accept(client, link["id"])  # the challenger's own browser
    assert own.status_code == 422 and "already played" in own.json()["detail"]
    browser(client, None)
    assert accept(client, link["id"]).status_code == 201
    again = accept(client, link["id"], "Bo again")
    assert again.status_code == 422 and "already played" in again.json()["detail"]
    offer = client.get(f"/api/friends/{link['id']}").json()
    assert offer["played"] is True and offer["table_url"]


def test_wrong_links_are_404(client: TestClient) -> None:
    for wrong in ("A" * 22, "short", "x" * 60, "%2e%2e"):
        got = client.get(f"/api/friends/{wrong}")
        assert got.status_code == 404 and "no challenge has this link" in got.json()["detail"], wrong
        assert accept(client, wrong).status_code == 404
        assert client.get(f"/api/friends/{wrong}/games").status_code == 404


def test_bad_requests_are_refused_with_the_reason(client: TestClient) -> None:
    unfinished = bot_game(client)
    refused = challenge(client, unfinished["table_id"], unfinished["token"])
    assert refused.status_code == 409 and "once it is over" in refused.json()["detail"]
    assert challenge(client, unfinished["table_id"], "not-a-token").status_code == 403
    clocked = bot_game(client, "ismcts:ms=20")
    client.post(f"/api/tables/{clocked['table_id']}/concede", headers={"Authorization": f"Bearer {clocked['token']}"})
    refused = challenge(client, clocked["table_id"], clocked["token"])
    assert refused.status_code == 409 and "on a clock" in refused.json()["detail"]
    mine = _played(client)
    link = challenge(client, mine["table_id"], mine["token"]).json()
    browser(client, None)
    for name, why in (("", "give the name you play under"), ("x" * 201, "200")):
        bad = accept(client, link["id"], name)
        assert bad.status_code == 422 and why in str(bad.json()["detail"]), bad.text
    assert client.get(f"/api/friends/{link['id']}").json()["played"] is False  # nothing was stored
    foreign = client.post(
        f"/api/friends/{link['id']}/play", json={"name": "Bo"}, headers={"Origin": "http://elsewhere"}
    )
    assert foreign.status_code == 403
    assert SAME_SITE["Origin"] == "http://testserver"


def test_a_deal_of_the_day_is_never_passed_on(client: TestClient) -> None:
    deal = enter(client, "exploding-kittens-2", "Ann")
    concede(client, deal["table_id"], deal["token"])  # over, while others may still enter the day's deal
    refused = challenge(client, deal["table_id"], deal["token"])
    assert refused.status_code == 409 and "deal of the day is not passed on" in refused.json()["detail"]
