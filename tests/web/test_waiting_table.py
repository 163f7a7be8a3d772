"""A table waiting for an invited friend (docs/server.md, "Waiting seats"), as people see it: no board,
no clock and no bot playing until the friend sits down; the creator can copy the friend's link, give
the seat to a bot or cancel the table; the friend's arrival starts the game for everyone."""

from __future__ import annotations

import time

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess
from tests.support.polling import until
from tests.web.player import body, wait_for_table

pytestmark = pytest.mark.browser


def _create_waiting_table(page: Page, server: ServerProcess) -> str:
    """Ann makes a three-seat Exploding Kittens table in the lobby (a friend invited, an easy bot) and
    goes to it; the table's id."""
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value='exploding-kittens']", state="attached")
    page.fill("#name", "Ann")
    page.select_option("#game", "exploding-kittens")
    page.select_option("#players", "3")
    page.select_option("#seat1", "invite")
    page.select_option("#seat2", "bot:easy")
    page.click("#create-button")
    link = page.input_value("#invitation-list input")
    page.click("#go")
    wait_for_table(page)
    return link.split("/table/")[1].split("#")[0]


def test_a_waiting_table_shows_whom_it_waits_for_and_starts_when_the_friend_comes(
    server: ServerProcess, browser: Browser
) -> None:
    ann_context, zed_context = browser.new_context(), browser.new_context()
    ann_context.grant_permissions(["clipboard-read", "clipboard-write"])
    ann = ann_context.new_page()
    table_id = _create_waiting_table(ann, server)
    ann.wait_for_selector("#waiting:has-text('Waiting for Guest 2')")
    assert body(ann, "waiting") == "true" and body(ann, "mine") == "false"
    time.sleep(1.0)  # a bot with no delay would have played by now, and a clock would show
    assert body(ann, "step") == "0"
    assert all(not clock.inner_text().strip() for clock in ann.query_selector_all(".seat-clock"))
    assert ann.query_selector("#board .hand") is None  # no cards dealt to be seen
    # Ann copies Zed's link from the table itself and sends it; Zed opens it.
    ann.click("#waiting .copy-invite")
    ann.wait_for_selector("#waiting .note:has-text('Copied')")
    link = ann.evaluate("navigator.clipboard.readText()")
    assert link == ann.input_value("#waiting .invite-link")
    assert f"/table/{table_id}#token=" in link
    zed = zed_context.new_page()
    zed.goto(link)
    wait_for_table(zed)
    for page in (ann, zed):  # the game begins for both at once: the board, and a clock running
        page.wait_for_selector("body[data-waiting='false']")
        page.wait_for_selector("#board .hand", state="attached")
    assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["waiting_for"] == []
    ann_context.close()
    zed_context.close()


def test_the_creator_fills_a_waiting_seat_with_a_bot_or_cancels_the_table(
    server: ServerProcess, browser: Browser
) -> None:
    context = browser.new_context()
    ann = context.new_page()
    filled = _create_waiting_table(ann, server)
    ann.click("#waiting .fill-bot")
    ann.wait_for_selector("body[data-waiting='false']")
    ann.wait_for_selector(".seat-chip[data-seat='1']:has-text('bot')")
    # A spectator is shown the game that began: a board, no waiting panel.
    watcher = browser.new_context().new_page()
    watcher.goto(f"{server.url}/table/{filled}")
    wait_for_table(watcher)
    assert watcher.query_selector("#waiting") is None
    # Another table, cancelled while it waits: it says so and leaves the lobby's list.
    cancelled = _create_waiting_table(ann, server)
    ann.click("#cancel-table")
    ann.wait_for_selector("#status:has-text('cancelled')")

    # The lobby's list is made at most every 2 s and shared (server/edge/lobby.py): the one served
    # right after may predate both tables, or the cancellation. A list made after it shows the game
    # and not the cancelled table (a cancelled table that stayed listed fails here, after 10 s).
    def listed() -> set[str]:
        return {t["id"] for t in httpx.get(f"{server.url}/api/tables").json()}

    until(lambda: filled in (ids := listed()) and cancelled not in ids, 10, "the game listed, the cancelled not")
    context.close()
