"""The pages beyond the table in two languages: the account page, the leaderboards and a player's page
have no word outside the catalogue, and the account page in German keeps every field and button on
screen at 1280x800 and 390x844, signed out and signed in, with no serious accessibility violation."""

from __future__ import annotations

import secrets

import pytest
from playwright.sync_api import Browser, Page

from tests.people.pages import account_form, serious
from tests.server.process import ROOT, ServerProcess
from tests.web.literals import loose_words

WEB = ROOT / "src" / "cardroom" / "web"


@pytest.mark.parametrize("page", ["index.html", "account.html", "people.html", "person.html"])
def test_the_page_has_no_word_outside_the_catalogue(page: str) -> None:
    assert loose_words((WEB / page).read_text(encoding="utf-8")) == []


def _off_screen(page: Page, selector: str, width: int) -> list[str]:
    """The visible fields and buttons under ``selector`` that reach past the viewport's sides."""
    out = []
    for i in range(page.locator(selector).count()):
        element = page.locator(selector).nth(i)
        box = element.bounding_box()
        if box is not None and (box["x"] < 0 or box["x"] + box["width"] > width + 0.5):
            out.append(f"{selector}[{i}] at {box}")
    return out


# The layouts' two screens, measured on one page each: the state is built once and the viewport resized.
SCREENS = ((1280, 800), (390, 844))


def test_the_account_page_in_german_at_1280x800_and_390x844(server: ServerProcess, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE")
    page = context.new_page()
    account_form(page, server, "signup", f"Lena{secrets.token_hex(3)}")
    page.wait_for_selector("#signed-in:not([hidden])")
    page.goto(server.url + "/account")  # signed in now; the form above was filled in German
    page.wait_for_selector("#signed-in:not([hidden])")
    assert page.evaluate("document.documentElement.lang") == "de" and page.title() == "cardroom: dein Konto"
    assert page.inner_text("#games-heading") == "Meine Spiele" and page.inner_text("#logout") == "Abmelden"
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        assert _off_screen(page, "#signed-in :is(button, a):visible, #lang", width) == [], width
        assert serious(page) == [], width
    page.click("#logout")
    page.wait_for_selector("#signed-out:not([hidden])")
    assert page.inner_text("#signup-heading") == "Registrieren"
    assert "Passwort (mindestens 8 Zeichen)" in page.inner_text("#signup")
    for width, height in reversed(SCREENS):
        page.set_viewport_size({"width": width, "height": height})
        assert _off_screen(page, "#signed-out :is(input, button):visible, #lang", width) == [], width
        assert serious(page) == [], width
    context.close()


def test_the_leaderboards_in_german(server: ServerProcess, browser: Browser) -> None:
    page = browser.new_page(locale="de-DE")
    page.goto(server.url + "/people")
    page.wait_for_selector("#board-game option", state="attached")
    assert page.inner_text("h1") == "Bestenlisten" and page.inner_text("thead").split() == [
        "Rang",
        "Spieler",
        "Wertung",
        "Spiele",
    ]
    assert serious(page) == []
    page.close()


def test_the_lobby_in_german_at_1280x800_and_390x844(server: ServerProcess, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale="de-DE")
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value='taco']", state="attached")
    assert page.evaluate("document.documentElement.lang") == "de" and page.inner_text("#new-heading") == "Neuer Tisch"
    page.select_option("#game", "taco")
    page.select_option("#players", "4")
    page.select_option("#seat1", "invite")
    page.click("summary:has-text('Optionen')")
    page.click("summary:has-text('Uhren')")
    assert "Platz 2" in page.inner_text("#seats") and page.inner_text("#seat1 option:checked") == "Eine Person einladen"
    assert "Taco-Punkte im Vorrat" in page.inner_text("#options")  # an option named in German
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        assert _off_screen(page, "#create :is(input, select, button, summary):visible, #lang", width) == [], width
        assert serious(page) == [], width
    page.close()
