"""The leaderboard and a player's page in Chromium: a rated table's players are listed best first,
a name leads to the player's page with the rating's history drawn and the game's replay linked; no
serious axe violation at desktop and phone width."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser

from tests.people.pages import serious
from tests.people.room import browser as client_of
from tests.people.room import running_room, sign_up
from tests.people.table_play import people_table, play_out
from tests.server.process import ServerProcess

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_room(tmp_path_factory.mktemp("web-people"), CARDROOM_RATE_EVERY="0.2") as room:
        table = people_table(room.url, 2)
        for seat, name in enumerate(["Ann Rated", "Bo Rated"]):
            with client_of(room) as client:
                assert (
                    sign_up(client, name, [{"table_id": table["table_id"], "token": table["tokens"][seat]}]).status_code
                    == 201
                )
        play_out(room.url, table["table_id"], table["tokens"])
        deadline = time.monotonic() + 10
        while not httpx.get(f"{room.url}/api/people/leaderboard/toy").json()["players"]:
            assert time.monotonic() < deadline, "the table was not rated"
            time.sleep(0.1)
        room.table_id = table["table_id"]  # type: ignore[attr-defined]
        yield room


@pytest.mark.parametrize("width", [1280, 390])
def test_the_leaderboard_leads_to_a_players_page_with_a_plot(
    server: ServerProcess,
    browser: Browser,
    width: int,
) -> None:
    page = browser.new_context(viewport={"width": width, "height": 900 if width > 400 else 844}).new_page()
    page.goto(f"{server.url}/people?game=toy")
    page.wait_for_selector("#board tr")
    rows = page.locator("#board tr").all_inner_texts()
    assert len(rows) == 2 and {r.split("\t")[1] for r in rows} == {"Ann Rated", "Bo Rated"}, rows
    problems = {"leaderboard": serious(page)}
    page.click("#board a:has-text('Ann Rated')")
    page.wait_for_selector(".game-rating svg.plot circle")
    assert page.inner_text("#person-name") == "Ann Rated"
    assert page.locator(".game-rating svg.plot circle").count() == 1
    assert "1 rated game" in page.inner_text(".game-rating")
    link = page.get_attribute("#recent li a", "href")
    assert link is not None and link.endswith(f"/table/{server.table_id}")  # type: ignore[attr-defined]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    problems["player"] = serious(page)
    assert all(not found for found in problems.values()), problems
    page.context.close()
