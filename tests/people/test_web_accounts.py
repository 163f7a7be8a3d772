"""Accounts in Chromium (issue 52's proof): a guest plays, claims an account and finds the game under
"my games"; another browser logs in, sees the same games and takes a seat to act for it; a wrong
password and an unknown name read the same; the account page has no serious axe violations at
desktop and phone width, signed out and signed in."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.people.pages import account_form, serious
from tests.people.room import running_room
from tests.server.process import ServerProcess
from tests.web.player import wait_for_table

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_room(tmp_path_factory.mktemp("web-accounts")) as room:
        yield room


SCREENS = ((1280, 900), (390, 844))  # desktop and phone


def _table_against_a_bot(server: ServerProcess) -> dict[str, Any]:
    made = httpx.post(
        server.url + "/api/tables",
        json={"game": "tacocat", "seats": [{"kind": "me", "name": "Ada"}, {"kind": "bot", "bot": "easy"}]},
    )
    assert made.status_code == 201, made.text
    table: dict[str, Any] = made.json()
    return table


def _open(page: Page, server: ServerProcess, table: dict[str, Any]) -> None:
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)


def test_a_guest_keeps_their_game_and_another_browser_acts_for_the_seat(
    server: ServerProcess,
    browser: Browser,
) -> None:
    played, waiting = _table_against_a_bot(server), _table_against_a_bot(server)
    first = browser.new_context().new_page()
    _open(first, server, waiting)  # a game still in play, to act for from the second browser
    _open(first, server, played)  # a short game: the guest concedes it
    first.click("#concede")
    first.click("#concede-yes")
    first.wait_for_selector("#game-over[open]")
    account_form(first, server, "signup", "Ada Lovelace")
    first.wait_for_selector(f"#my-games li[data-table='{played['table_id']}']")
    assert "2 games of this browser are now kept" in first.inner_text("#account-message")
    finished = first.inner_text(f"#my-games li[data-table='{played['table_id']}']")
    assert "Tacocat Spelled Backwards" in finished and "as Ada" in finished and "finished" in finished
    link = first.get_attribute(f"li[data-table='{played['table_id']}'] a.open-game", "href")
    assert link is not None and link.endswith(f"/table/{played['table_id']}")

    second = browser.new_context().new_page()
    account_form(second, server, "login", "ada lovelace")
    second.wait_for_selector(f"#my-games li[data-table='{waiting['table_id']}']")
    listed = "[...document.querySelectorAll('#my-games li')].map((li) => [li.dataset.table, li.querySelector('.state').textContent])"
    assert second.evaluate(listed) == first.evaluate(listed)
    assert second.locator("#my-games li").count() == 2
    second.click(f"#my-games li[data-table='{waiting['table_id']}'] .take-seat")
    wait_for_table(second)
    second.wait_for_selector(".seat-chip.me")
    token = second.evaluate(f"localStorage.getItem('cardroom.token.{waiting['table_id']}')")
    view = httpx.get(
        f"{server.url}/api/tables/{waiting['table_id']}/view", headers={"Authorization": f"Bearer {token}"}
    )
    assert view.status_code == 200 and view.json()["seat"] == 0
    moved = httpx.get(
        f"{server.url}/api/tables/{waiting['table_id']}/view", headers={"Authorization": f"Bearer {waiting['token']}"}
    )
    assert moved.status_code == 403  # the first browser's token no longer opens the seat: it moved here
    for page in (first, second):
        page.context.close()


def test_a_wrong_password_and_an_unknown_name_read_the_same(server: ServerProcess, browser: Browser) -> None:
    maker = browser.new_context().new_page()
    account_form(maker, server, "signup", "Grace")
    maker.wait_for_selector("#signed-in:not([hidden])")
    maker.context.close()
    said = []
    for name in ("Grace", "Nobody Here"):
        page = browser.new_context().new_page()
        account_form(page, server, "login", name, "not the password")
        page.wait_for_function("document.getElementById('account-message').textContent.length > 0")
        said.append(page.inner_text("#account-message"))
        assert page.is_visible("#signed-out")
        page.context.close()
    assert said[0] == said[1] == "wrong name or password"


def test_the_account_page_has_no_serious_violations_at_1280_and_390(server: ServerProcess, browser: Browser) -> None:
    """Each state measured at both widths on one page (resized), not built twice."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(server.url + "/account")
    page.wait_for_selector("#signed-out:not([hidden])")
    problems = {}
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        problems[f"signed out, {width}"] = serious(page)
    _open(page, server, _table_against_a_bot(server))
    account_form(page, server, "signup", "Axe Person")
    page.wait_for_selector("#my-games li")
    for width, height in reversed(SCREENS):
        page.set_viewport_size({"width": width, "height": height})
        problems[f"signed in, {width}"] = serious(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing wider than a phone
    page.goto(server.url + "/")
    page.wait_for_selector("#account-link")
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        problems[f"lobby, {width}"] = serious(page)
    assert all(not found for found in problems.values()), problems
    page.context.close()
