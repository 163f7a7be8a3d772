"""The Tacocat "What would the bot do?" answer: it stays on screen while the page redraws (a chat
message, the other seat's move), it is worded with the page's own button labels and names (never the
engine's notation or 0-based seats), and its headline is the top of its own ranking."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess
from tests.web.player import ada_against_a_bot

pytestmark = pytest.mark.browser

ENGINE_NOTATION = re.compile(r"\b(keep|discard|duel|attack|defend|sacrifice) \d|\bP\d\b|\bseat \d")


def test_the_hint_survives_redraws_and_matches_its_ranking(server: ServerProcess, browser: Browser) -> None:
    page = ada_against_a_bot(server, browser)
    page.wait_for_selector("body[data-mine='true']", state="attached")
    step = page.locator("body").get_attribute("data-step")
    page.click("#hint")
    page.wait_for_selector(".hint-box .hint-list li", timeout=60_000)
    answer = page.inner_text(".hint-box")
    # Redraws: each chat message brings a new snapshot, and the page draws it.
    for text in ("one", "two"):
        page.fill("#chat-input", text)
        page.press("#chat-input", "Enter")
        page.wait_for_selector(f"#chat li:has-text('{text}')")
    assert page.locator("body").get_attribute("data-step") == step
    assert page.inner_text(".hint-box") == answer

    assert not ENGINE_NOTATION.search(answer), answer
    best = page.inner_text(".hint-box p strong")
    first = page.inner_text(".hint-list li >> nth=0")
    assert first.startswith(best + " · "), (best, first)
    # The headline and the ranking use the labels of the buttons in the decision bar.
    labels = page.eval_on_selector_all("#choices button.action", "bs => bs.map(b => b.textContent)")
    assert best in labels, (best, labels)
    page.close()
