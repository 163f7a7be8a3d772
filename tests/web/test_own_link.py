"""A link never costs a seat: the creator who opens the invitation link in their own browser (to check
it, before or after the friend came) keeps their seat and does not spend the friend's link; the friend
who comes by the link is asked for a name."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess
from tests.web.player import wait_for_table

pytestmark = pytest.mark.browser


def _table(server: ServerProcess) -> dict[str, object]:
    seats = [{"kind": "me", "name": "Ada"}, {"kind": "invite"}]
    created: dict[str, object] = httpx.post(server.url + "/api/tables", json={"game": "tacocat", "seats": seats}).json()
    return created


def _open(page: Page, url: str) -> None:
    page.goto(url)
    wait_for_table(page)


def _sits_at(page: Page, seat: int) -> None:
    page.wait_for_selector(f".seat-chip.me[data-seat='{seat}']")
    assert page.locator("body").get_attribute("data-role") == "seat"


def test_the_creator_checks_the_link_before_the_friend_comes(server: ServerProcess, browser: Browser) -> None:
    table = _table(server)
    tid, invite = table["table_id"], table["invitations"][0]  # type: ignore[index]
    ada_context, bob_context = browser.new_context(), browser.new_context()
    ada = ada_context.new_page()
    _open(ada, f"{server.url}/table/{tid}#token={table['token']}")
    _sits_at(ada, 0)
    _open(ada, invite["url"])  # her own browser, the friend's link
    _sits_at(ada, 0)
    assert "already sits at this table, at seat 1" in ada.inner_text("#message")
    assert "was not used" in ada.inner_text("#message")
    assert ada.is_hidden("#name-ask")
    ada.reload()
    wait_for_table(ada)
    _sits_at(ada, 0)

    # The link still works for the friend, who is asked for a name (prefilled, here left as it was).
    bob = bob_context.new_page()
    _open(bob, invite["url"])
    _sits_at(bob, 1)
    bob.wait_for_selector("#name-ask:visible")
    assert bob.input_value("#name-ask-input") == "Guest 2"
    bob.fill("#name-ask-input", "Bob")
    bob.click("#name-ask button[type=submit]")
    ada.wait_for_selector(".seat-chip[data-seat='1']:has-text('Bob')")
    assert bob.is_hidden("#name-ask")
    # Tacocat's texts name the people with their sides.
    assert "Bob (WOW)" in ada.inner_text("#board") or "Ada (YAY)" in ada.inner_text("#board")
    ada_context.close()
    bob_context.close()


def test_the_creator_opens_the_used_link_after_the_friend_came(server: ServerProcess, browser: Browser) -> None:
    table = _table(server)
    tid, invite = table["table_id"], table["invitations"][0]  # type: ignore[index]
    ada_context, bob_context = browser.new_context(), browser.new_context()
    ada, bob = ada_context.new_page(), bob_context.new_page()
    _open(ada, f"{server.url}/table/{tid}#token={table['token']}")
    _open(bob, invite["url"])
    _sits_at(bob, 1)
    bob.click("#name-ask-skip")  # skippable: the seat keeps the table's name for it
    assert bob.is_hidden("#name-ask")

    _open(ada, invite["url"])
    _sits_at(ada, 0)
    assert "already sits at this table, at seat 1" in ada.inner_text("#message")
    ada.reload()  # her seat secret survived the refused link
    wait_for_table(ada)
    _sits_at(ada, 0)
    bob.reload()
    wait_for_table(bob)
    _sits_at(bob, 1)

    # A third browser with no seat is told the link is used, and watches.
    carol_context = browser.new_context()
    carol = carol_context.new_page()
    _open(carol, invite["url"])
    assert "already used" in carol.inner_text("#message")
    assert carol.locator("body").get_attribute("data-role") == "spectator"
    for context in (ada_context, bob_context, carol_context):
        context.close()
