"""Exploding Kittens and T.A.C.O. with two people, each in their own browser context, played to the
end by clicking: nothing either page received (socket frames, API bodies, DOM) holds the other's
hand, the seed, or the draw pile's order."""

from __future__ import annotations

import contextlib
import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess, seeded
from tests.web.player import body, click_something, wait_for_table
from tests.web.test_privacy import Traffic

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("game", "options", "seed"),
    # T.A.C.O.'s round ends when the pool runs dry: 8 points make a whole game of a few dozen steps
    # (every kind of turn, reaction windows included) where the rulebook's 24 take a hundred and more.
    # Each on a deal where random play ends soon (random play on Kittens' seed 113 takes about 23 steps,
    # 93 on a typical deal; T.A.C.O.'s seed 144 about 14, 26 typical).
    [("exploding-kittens", {"players": 2}, 113), ("taco", {"players": 2, "rounds": 1, "pool": 8}, 144)],
    ids=["exploding-kittens", "taco"],
)
def test_two_people_leak_nothing_over_a_whole_game(
    server: ServerProcess, browser: Browser, screenshots: Path, game: str, options: dict[str, Any], seed: int
) -> None:
    table: dict[str, Any] = httpx.post(
        server.url + "/api/tables",
        json={
            "game": game,
            "seats": [{"kind": "me", "name": "Alice"}, {"kind": "invite", "name": "Bob"}],
            "options": options,
            "reaction_seconds": 1,
        },
        headers=seeded(seed),
    ).json()
    contexts = [browser.new_context(), browser.new_context()]
    pages = [c.new_page() for c in contexts]
    traffic = [Traffic(p) for p in pages]
    links = [table["token"], table["invitations"][0]["token"]]
    for page, token in zip(pages, links, strict=True):
        page.goto(f"{server.url}/table/{table['table_id']}#token={token}")
        wait_for_table(page)
    rng = random.Random(11)
    deadline = time.time() + 120
    while time.time() < deadline and body(pages[0], "over") != "true":
        for page in pages:
            if body(page, "mine") == "true" and "busy" not in (page.get_attribute("body", "class") or ""):
                with contextlib.suppress(Exception):
                    click_something(page, rng)
        time.sleep(0.03)
    assert body(pages[0], "over") == "true", "the game did not end"
    for seat, page in enumerate(pages):
        traffic[seat].doms.append(page.content())
        page.screenshot(path=str(screenshots / f"{game}-two-people-{seat}.png"), full_page=True)

    for me, other in ((0, 1), (1, 0)):
        mine, theirs = traffic[me], traffic[other]
        assert mine.frames and all(f["seat"] == me for f in mine.frames)
        seen = mine.everything()
        assert '"seed"' not in seen and '"pile":[' not in seen and '"pile": [' not in seen
        my_hands = {f["view"]["step"]: f["view"]["hand"] for f in mine.frames}
        for frame in theirs.frames:
            step, hand = frame["view"]["step"], frame["view"]["hand"]
            if hand and my_hands.get(step) != hand:
                text = json.dumps({"hand": hand})[1:-1]
                for received in mine.frames:
                    if received["view"]["step"] == step:
                        assert text not in json.dumps(received), (step, hand)
    for context in contexts:
        context.close()


def test_a_test_seed_deals_the_same_hands_twice(server: ServerProcess) -> None:
    """The tests' seed header (the test server's alone) gives the same deal for the same seed, so the
    whole games above play the short deals they were chosen for."""

    def first_hand(headers: dict[str, str]) -> list[str]:
        made = httpx.post(
            server.url + "/api/tables",
            headers=headers,
            json={"game": "exploding-kittens", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "easy"}]},
        ).json()
        view = httpx.get(
            f"{server.url}/api/tables/{made['table_id']}/view", headers={"Authorization": f"Bearer {made['token']}"}
        ).json()["view"]
        hand: list[str] = view["hand"]
        return hand

    assert first_hand(seeded(113)) == first_hand(seeded(113)) != first_hand(seeded(114))
