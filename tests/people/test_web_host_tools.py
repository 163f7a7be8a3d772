"""A host's and a player's tools in Chromium: the host mutes a rude person's chat for themself,
reports a message, and removes the person before the game begins; a suspended account's browser
cannot sit at its seat."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page
from typer.testing import CliRunner

from cardroom.server.ops.admin_cli import admin_app
from tests.people.pages import account_form
from tests.people.room import running_room
from tests.server.process import ServerProcess
from tests.web.player import wait_for_table

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_room(tmp_path_factory.mktemp("web-host")) as room:
        yield room


def _hosted_table(server: ServerProcess) -> dict[str, Any]:
    made = httpx.post(
        server.url + "/api/tables",
        json={"game": "exploding-kittens", "options": {"players": 3},
              "seats": [{"kind": "me", "name": "Host"}, {"kind": "invite"}, {"kind": "invite"}]},
    )  # fmt: skip
    assert made.status_code == 201, made.text
    table: dict[str, Any] = made.json()
    return table


def _host_page(browser: Browser, server: ServerProcess, table: dict[str, Any]) -> Page:
    """The host's page, in a browser that kept the table's links as the lobby does when it creates one."""
    page = browser.new_context().new_page()
    page.goto(server.url + "/account")
    links = json.dumps([{"seat": i["seat"], "url": i["url"]} for i in table["invitations"]])
    page.evaluate(f"localStorage.setItem('cardroom.invites.{table['table_id']}', {json.dumps(links)})")
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    return page


def _guest_page(browser: Browser, url: str) -> Page:
    page = browser.new_context().new_page()
    page.goto(url)
    wait_for_table(page)
    return page


def test_the_host_mutes_reports_and_removes_a_rude_person(server: ServerProcess, browser: Browser) -> None:
    table = _hosted_table(server)
    tid = table["table_id"]
    host = _host_page(browser, server, table)
    rude = _guest_page(browser, table["invitations"][0]["url"])
    rude_token = rude.evaluate(f"localStorage.getItem('cardroom.token.{tid}')")
    said = httpx.post(
        f"{server.url}/api/tables/{tid}/chat",
        headers={"Authorization": f"Bearer {rude_token}"},
        json={"text": "you all stink"},
    )
    assert said.status_code == 204
    host.wait_for_selector("#chat li:has-text('you all stink')")
    assert host.locator("#chat li:has-text('you all stink') .mute").count() == 1
    host.click("#chat li:has-text('you all stink') .report")
    host.wait_for_selector("#chat li:has-text('you all stink') .reported")
    name = host.inner_text("#chat li:has-text('you all stink') strong")
    host.click("#chat li:has-text('you all stink') .mute")
    host.wait_for_selector(f"#chat .unmute:has-text('Unmute {name}')")
    assert host.locator("#chat li:has-text('you all stink')").count() == 0  # hidden for the host only
    rude.wait_for_selector("#chat li:has-text('you all stink')")  # the others still read it
    reports = CliRunner().invoke(admin_app, ["reports", "--table", tid, "--database", server.database])
    assert '(message: "you all stink")' in reports.output

    host.click("#waiting li.seated[data-seat='1'] .remove-seated")
    host.wait_for_selector("#waiting li.waiting-seat:not(.seated)[data-seat='1'] .invite-link")
    host.wait_for_function("document.getElementById('message').textContent.includes('was removed')")
    gone = httpx.get(f"{server.url}/api/tables/{tid}/view", headers={"Authorization": f"Bearer {rude_token}"})
    assert gone.status_code == 403  # the removed person's token opens nothing
    new_link = host.input_value("#waiting li[data-seat='1'] .invite-link")
    assert new_link != table["invitations"][0]["url"]
    for page in (host, rude):
        page.context.close()


def test_a_suspended_account_cannot_sit(server: ServerProcess, browser: Browser) -> None:
    table = _hosted_table(server)
    troll = _guest_page(browser, table["invitations"][0]["url"])
    account_form(troll, server, "signup", "Troll")
    troll.wait_for_selector(f"#my-games li[data-table='{table['table_id']}']")
    suspended = CliRunner().invoke(admin_app, ["suspend", "troll", "--database", server.database])
    assert suspended.exit_code == 0, suspended.output
    troll.goto(f"{server.url}/table/{table['table_id']}")
    troll.wait_for_function("document.getElementById('message').textContent.includes('suspended')")
    assert "this seat's account is suspended" in troll.inner_text("#message")
    troll.context.close()
