"""A seat's owner moves it to another device with a link from the Share panel: the new browser gets
its own secret, the old one is left watching."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess
from tests.web.player import wait_for_table

pytestmark = pytest.mark.browser


def test_an_owner_moves_the_seat_to_another_device(server: ServerProcess, browser: Browser) -> None:
    table = httpx.post(
        server.url + "/api/tables",
        json={"game": "tacocat", "seats": [{"kind": "me", "name": "Ada"}, {"kind": "bot", "bot": "easy"}]},
    ).json()
    phone_context, laptop_context = browser.new_context(), browser.new_context()
    phone = phone_context.new_page()
    phone.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(phone)
    phone.click("#share-box summary")
    phone.click("#handoff")
    phone.wait_for_selector("#share-link:visible")
    link = phone.input_value("#share-link")
    assert f"/table/{table['table_id']}#token=" in link and table["token"] not in link

    laptop = laptop_context.new_page()
    laptop.goto(link)
    wait_for_table(laptop)
    laptop.wait_for_selector(".seat-chip.me[data-seat='0']")
    phone.reload()
    wait_for_table(phone)
    assert "no longer holds a seat" in phone.inner_text("#message")
    assert phone.query_selector(".seat-chip.me") is None
    phone_context.close()
    laptop_context.close()
