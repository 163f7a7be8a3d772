"""Chat in a burst: ten messages typed and sent as fast as a person can are all shown; one the room
refuses (too many too fast) is shown to its sender with the reason and a way to send it again. Nothing
typed is lost without notice."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess
from tests.web.player import ada_against_a_bot

pytestmark = pytest.mark.browser


def test_ten_messages_in_a_burst_are_all_shown_and_a_refused_one_says_so(
    server: ServerProcess, browser: Browser
) -> None:
    page = ada_against_a_bot(server, browser)
    page.click("#chat-box summary") if not page.locator("#chat-box").get_attribute("open") is not None else None
    texts = [f"burst message {i}" for i in range(12)]
    for text in texts:  # typed and sent one after the other, without waiting for the answers
        page.fill("#chat-input", text)
        page.press("#chat-input", "Enter")
    for text in texts[:10]:
        page.wait_for_selector(f"#chat li:not(.unsent):has-text('{text}')")
    # The room allows bursts of ten: the last two were refused, and Ada is told so, message by message.
    for text in texts[10:]:
        line = page.wait_for_selector(f"#chat li:has-text('{text}')")
        shown = line.inner_text()
        assert "Not sent" in shown or "Ada" in shown or "Player" in shown, shown
    unsent = page.query_selector_all("#chat li.unsent")
    assert all("too fast" in li.inner_text() and li.query_selector("button.send-again") for li in unsent)
    page.close()
