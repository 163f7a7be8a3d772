"""Two people in one Tacocat game, each in their own browser context: neither page ever holds the
other's cards, private log lines or token, in its DOM or in its network traffic."""

from __future__ import annotations

import contextlib
import html
import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, Response, WebSocket

from tests.server.process import ServerProcess, seeded
from tests.web.player import SHORT_BOARD, body, click_something, wait_for_table

pytestmark = pytest.mark.browser


class Traffic:
    """Everything one page received from the server: API response bodies and socket frames."""

    def __init__(self, page: Page) -> None:
        self.bodies: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.doms: list[str] = []
        page.on("response", self._response)
        page.on("websocket", self._socket)

    def _response(self, response: Response) -> None:
        if "/api/" in response.url:
            # Some bodies are not kept by Chromium (e.g. a redirect's); there is nothing to check then.
            with contextlib.suppress(Exception):
                self.bodies.append(response.text())

    def _socket(self, ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: self._frame(payload))

    def _frame(self, payload: str | bytes) -> None:
        text = payload if isinstance(payload, str) else payload.decode()
        self.bodies.append(text)
        self.frames.append(json.loads(text))

    def everything(self) -> str:
        return "\n".join(self.bodies + self.doms)


def _hand_text(hand: list[int]) -> str:
    return json.dumps({"hand": hand})[1:-1]  # '"hand": [3, 6, 7]', as it would appear in JSON


def test_two_people_never_see_each_others_cards(server: ServerProcess, browser: Browser, screenshots: Path) -> None:
    # Alice's browser asks the test server for a deal where random play ends soon (about 36 steps on
    # the short board where a typical deal takes 44).
    alice_context, bob_context = browser.new_context(extra_http_headers=seeded(122)), browser.new_context()
    alice, bob = alice_context.new_page(), bob_context.new_page()
    traffic = {0: Traffic(alice), 1: Traffic(bob)}

    alice.goto(server.url + "/")
    alice.fill("#name", "Alice")
    alice.wait_for_selector("#game option[value='tacocat']", state="attached")
    alice.select_option("#game", "tacocat")
    alice.select_option("#seat1", "invite")
    # The short board: a whole game in about 40 steps instead of about 100.
    alice.click("summary:has-text('Options')")
    alice.fill("#option-board", SHORT_BOARD)
    alice.click("#create-button")
    link = alice.input_value("#invitation-list input")
    assert "#token=" in link
    alice.click("#go")
    wait_for_table(alice)

    bob.goto(server.url + "/")
    bob.fill("#name", "Bob")  # the name is remembered for the seat he takes
    bob.evaluate("localStorage.setItem('cardroom.name', 'Bob')")
    bob.goto(link)
    wait_for_table(bob)
    pages = {0: alice, 1: bob}
    tokens = {
        seat: page.evaluate("Object.entries(localStorage).find(([k]) => k.startsWith('cardroom.token.'))[1]")
        for seat, page in pages.items()
    }
    table_id = alice.url.rstrip("/").split("/")[-1]
    assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["options"]["board"] == SHORT_BOARD
    alice.wait_for_selector(".seat-chip[data-seat='1']:has-text('Bob')")
    # Table chat: plain text, seen by the other seat as text (never as markup).
    alice.fill("#chat-input", "<b>hi Bob</b>")
    alice.click("#chat-form button[type='submit']")
    bob.wait_for_selector("#chat li:has-text('hi Bob')")
    assert "Alice: <b>hi Bob</b>" in bob.inner_text("#chat")
    assert bob.query_selector("#chat b") is None
    # The invitation was exchanged when Bob opened it: opened again, it says the seat is taken.
    late_context = browser.new_context()
    late = late_context.new_page()
    late.goto(link)
    wait_for_table(late)
    assert "seat has been taken" in late.inner_text("#message")
    assert "You are watching" in late.inner_text("#actions")
    late_context.close()

    rng = random.Random(5)
    deadline = time.time() + 150
    rounds = 0
    while time.time() < deadline and body(alice, "over") != "true":
        rounds += 1
        for seat, page in pages.items():
            if rounds % 4 == 0:
                traffic[seat].doms.append(page.content())
            # The opponent's hand is drawn as card backs only: no values (all its cards' texts read in
            # one round trip, not one a card).
            opponent = page.locator("#board .zone:has(h3:text('Opponent')) .card").all_inner_texts()
            assert all(text.strip() == "" for text in opponent), opponent
            if body(page, "mine") == "true" and "busy" not in (page.get_attribute("body", "class") or ""):
                with contextlib.suppress(Exception):
                    click_something(page, rng)
        time.sleep(0.03)
    assert body(alice, "over") == "true"
    bob.wait_for_selector("body[data-over='true']", state="attached")
    for seat, page in pages.items():
        traffic[seat].doms.append(page.content())
    alice.screenshot(path=str(screenshots / "tacocat-two-people-alice.png"), full_page=True)
    bob.screenshot(path=str(screenshots / "tacocat-two-people-bob.png"), full_page=True)

    public_log = httpx.get(f"{server.url}/api/tables/{table_id}/view").json()["log"]
    public_texts = {e["text"] for e in public_log}
    for me, other in ((0, 1), (1, 0)):
        mine, theirs = traffic[me], traffic[other]
        seen = mine.everything()
        # Each socket carried only its own seat's view.
        assert mine.frames and all(f["seat"] == me and f["view"]["seat"] == me for f in mine.frames)
        # The other's token is nowhere: Bob exchanged the invitation Alice sent for a secret only
        # his browser holds.
        assert tokens[other] not in seen
        # The other's private log lines (what they drew, which card they laid) are nowhere.
        last = theirs.frames[-1]
        private = {e["text"] for e in last["log"]} - public_texts - {e["text"] for e in mine.frames[-1]["log"]}
        assert private, "the other seat had private events to hide"
        for text in private:
            # Whole texts only: my own "You drew 7, 8, 9" must not be taken for their "You drew 7".
            assert json.dumps(text) not in "\n".join(mine.bodies), text
            assert f">{html.escape(text, quote=False)}<" not in "\n".join(mine.doms), text
        # At every step, the other's hand as it was then never appears in what I received.
        my_hands = {f["view"]["step"]: f["view"]["hand"] for f in mine.frames}
        for frame in theirs.frames:
            step, hand = frame["view"]["step"], frame["view"]["hand"]
            if hand and my_hands.get(step) != hand:
                for received in mine.frames:
                    if received["view"]["step"] == step:
                        assert _hand_text(hand) not in json.dumps(received), (step, hand)

    # Rematch: Alice asks for it, Bob follows from his page; each is in their own seat again.
    alice.click("#rematch")
    bob.wait_for_selector("#rematch-bar:has-text('Join the rematch')")
    bob.click("#close-over")  # the game-over dialog is modal
    bob.click("#rematch-bar")
    for seat, page in pages.items():
        page.wait_for_url(lambda url: table_id not in url, wait_until="commit")
        wait_for_table(page)
        page.wait_for_selector(f".seat-chip.me[data-seat='{seat}']")
    assert alice.url == bob.url
    alice_context.close()
    bob_context.close()
