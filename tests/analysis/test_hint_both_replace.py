"""In Chromium: the Tacocat hint survives the first round's replacement, where both seats decide at
once. The other seat's move advances the game's step while this seat's decision stays the same; the
hint box used to be keyed by the step, so it was dropped on that redraw with its pending answer
("Thinking…" went, and no answer ever came)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess, free_port
from tests.web.player import body, wait_for_step_change, wait_for_table

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = f"sqlite:///{tmp_path_factory.mktemp('hint-replace') / 'cardroom.sqlite3'}"
    process = ServerProcess(free_port(), database, bot_delay=0.0).start()
    yield process
    process.stop()


def _view(url: str, tid: str, token: str) -> dict[str, Any]:
    found: dict[str, dict[str, Any]] = httpx.get(
        f"{url}/api/tables/{tid}/view", headers={"Authorization": f"Bearer {token}"}
    ).json()
    return found["view"]


def _move(url: str, tid: str, token: str) -> None:
    """The seat's first legal action, at the step it sees."""
    view = _view(url, tid, token)
    assert view["legal_actions"], view
    sent = httpx.post(
        f"{url}/api/tables/{tid}/actions",
        headers={"Authorization": f"Bearer {token}"},
        json={"step": view["step"], "action": view["legal_actions"][0]},
    )
    assert sent.status_code == 200, sent.text


def _guest_moves_and_ada_sees_it(page: Page, url: str, tid: str, guest: str) -> None:
    step = body(page, "step")
    _move(url, tid, guest)
    wait_for_step_change(page, step)
    assert body(page, "mine") == "true"  # Ada's decision is still the same one


def test_the_hint_survives_the_other_seats_replacement(server: ServerProcess, browser: Browser) -> None:
    created = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "tacocat",
            "hints": True,
            "seats": [{"kind": "me", "name": "Ada"}, {"kind": "invite", "name": "Bo"}],
        },
    ).json()
    tid, ada, guest = created["table_id"], created["token"], created["invitations"][0]["token"]
    _view(server.url, tid, guest)  # Bo sits down: the game begins, both seats replacing at once
    assert _view(server.url, tid, ada)["to_act"] == [0, 1]
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/table/{tid}#token={ada}")
    wait_for_table(page)
    page.wait_for_selector("body[data-mine='true']", state="attached")

    # An answer on screen stays when Bo replaces a card.
    page.click("#hint")
    page.wait_for_selector(".hint-box .hint-list li", timeout=30_000)
    answer = page.inner_text(".hint-box")
    _guest_moves_and_ada_sees_it(page, server.url, tid, guest)
    assert page.inner_text(".hint-box") == answer

    # Ada's own move is a new decision: the old answer goes with it.
    step = body(page, "step")
    _move(server.url, tid, ada)
    wait_for_step_change(page, step)
    page.wait_for_selector("body[data-mine='true']", state="attached")
    assert page.locator(".hint-box .hint-list li").count() == 0

    # A hint still being worked out when Bo moves comes in all the same.
    page.click("#hint")
    _guest_moves_and_ada_sees_it(page, server.url, tid, guest)
    page.wait_for_selector(".hint-box .hint-list li", timeout=30_000)
    assert "Best by win chance, from your view:" in page.inner_text(".hint-box")
    assert errors == []
    page.close()
