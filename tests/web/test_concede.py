"""A seat's owner concedes from the table page, after a confirm step: the game ends, the opponent
wins, and a spectator's page says so too."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess
from tests.web.player import wait_for_table

pytestmark = pytest.mark.browser


def test_conceding_asks_first_then_ends_the_game(server: ServerProcess, browser: Browser) -> None:
    table = httpx.post(
        server.url + "/api/tables",
        json={"game": "tacocat", "seats": [{"kind": "me", "name": "Ada"}, {"kind": "invite", "name": "Bo"}]},
    ).json()
    tid = table["table_id"]
    bo = {"Authorization": f"Bearer {table['invitations'][0]['token']}"}
    httpx.get(f"{server.url}/api/tables/{tid}/view", headers=bo).raise_for_status()  # Bo sits down (by the API)
    player_context, watcher_context = browser.new_context(), browser.new_context()
    player, watcher = player_context.new_page(), watcher_context.new_page()
    player.goto(f"{server.url}/table/{tid}#token={table['token']}")
    watcher.goto(f"{server.url}/table/{tid}")
    wait_for_table(player)
    wait_for_table(watcher)
    assert watcher.is_hidden("#concede")

    # Changing one's mind changes nothing.
    player.click("#concede")
    player.wait_for_selector("#concede-confirm[open]")
    player.click("#concede-no")
    assert player.is_hidden("#concede-confirm")
    assert httpx.get(f"{server.url}/api/tables/{tid}").json()["status"] == "playing"

    player.click("#concede")
    player.click("#concede-yes")
    player.wait_for_selector("body[data-over='true']")
    player.wait_for_selector("#game-over[open]")
    assert "Bo wins" in player.inner_text("#game-over-body")
    assert player.is_hidden("#concede")
    assert "Ada conceded" in player.inner_text("#log")

    # The spectator's page is told at once, by its socket.
    watcher.wait_for_selector("body[data-over='true']")
    assert "Ada conceded" in watcher.inner_text("#log")
    summary = httpx.get(f"{server.url}/api/tables/{tid}").json()
    assert summary["status"] == "over" and summary["outcome"]["winners"] == [1]
    player_context.close()
    watcher_context.close()
