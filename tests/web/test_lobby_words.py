"""The lobby says options in words: no `null` in a box, no "None" or quoted raw values in the help,
no file path offered where the room refuses one; seats say "Invite a person" (as the README does) and
every invitation link has a copy button. The chat's stated limit is the one a long message meets."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess
from tests.web.player import wait_for_table

pytestmark = pytest.mark.browser


def test_taco_options_in_words_and_a_copy_button(server: ServerProcess, browser: Browser) -> None:
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value='taco']", state="attached")
    page.select_option("#game", "taco")
    page.click("summary:has-text('Options')")
    assert page.input_value("#option-pool") == ""  # empty: the rulebook's number, not "null"
    notes = page.inner_text("#options")
    assert "None" not in notes and "null" not in notes and "'" not in notes.replace("'s ", ""), notes
    assert "path" not in notes, notes
    assert page.eval_on_selector_all("#option-deck option", "os => os.map(o => o.textContent)") == [
        "v2",
        "v1",
    ]
    assert "Invite a person" in page.inner_text("#seat1")
    assert "Invite a friend" not in page.content()

    page.fill("#option-pool", "20")
    page.select_option("#seat1", "invite")
    page.click("#create-button")
    page.wait_for_selector("#invitations:visible")
    link = page.input_value("#invitation-list input")
    page.click("#invitation-list .copy-link")
    page.wait_for_selector("#invitation-list .note:has-text('Copied')")
    assert page.evaluate("navigator.clipboard.readText()") == link
    table_id = link.split("/table/")[1].split("#")[0]
    summary = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert summary["options"]["pool"] == 20
    context.close()


def test_a_long_chat_message_is_refused_with_the_stated_limit(server: ServerProcess, browser: Browser) -> None:
    table = httpx.post(
        server.url + "/api/tables",
        json={"game": "tacocat", "seats": [{"kind": "me", "name": "Ada"}, {"kind": "invite"}]},
    ).json()
    page = browser.new_page()
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    # Pasted text is not cut by the box's maxlength when set by script; the page still says the limit.
    page.eval_on_selector("#chat-input", "(input) => { input.value = 'x'.repeat(5000); }")
    page.press("#chat-input", "Enter")
    page.wait_for_selector("#message:has-text('at most 300 characters')")
    assert "this one has 5000" in page.inner_text("#message")
    assert page.locator("#chat li").count() == 0
    page.close()
