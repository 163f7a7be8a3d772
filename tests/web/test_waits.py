"""The test player's waits hold while a page is still arriving: a navigation can leave the document
without a body for a moment (seen right after a rematch), and waiting must not fail then."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.web.player import body, wait_for_table

pytestmark = pytest.mark.browser


def test_wait_for_table_survives_a_document_without_a_body(browser: Browser) -> None:
    page = browser.new_page()
    page.set_content("<html><head></head><body></body></html>")
    # What a page looks like between a navigation's commit and its parser reaching <body>.
    page.evaluate(
        """() => {
            document.body.remove();
            setTimeout(() => {
                const b = document.createElement('body');
                b.dataset.step = '3';
                b.dataset.over = 'false';
                document.documentElement.append(b);
            }, 300);
        }"""
    )
    assert page.evaluate("document.body") is None
    wait_for_table(page, timeout=5)
    assert body(page, "step") == "3"
    assert body(page, "over") == "false"
    page.close()
