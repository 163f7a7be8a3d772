"""What the Chromium tests of people's pages share: filling the account page's forms, and axe's
serious and critical findings on a page."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]  # the package ships no types
from playwright.sync_api import Page

from tests.people.room import PASSWORD
from tests.server.process import ServerProcess


def account_form(page: Page, server: ServerProcess, form: str, name: str, password: str = PASSWORD) -> None:
    """Open the account page signed out and send its ``form`` ("signup" or "login")."""
    page.goto(server.url + "/account")
    page.wait_for_selector("#signed-out:not([hidden])")
    page.fill(f"#{form}-name", name)
    page.fill(f"#{form}-password", password)
    page.click(f"#{form} button[type=submit]")


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, with where they are."""
    results = Axe().run(page)
    return [
        f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:6]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
