"""T.A.C.O.'s antics in the browser: a person asked to hail the Taco Master or keep up an accent is
told to do it in the chat, has no button for it, and does it by chatting (a hail must name the Taco
Master); both pages' logs then show it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess, free_port, seeded
from tests.web.player import body, wait_for_step_change, wait_for_table

pytestmark = pytest.mark.browser

PLAYERS = 4  # four hands of five: about one deal in eight holds a given antics card
CARD = {"hail": "taco-master", "accent": "foreign-accent"}  # the antics card that asks for each antic
DEALS = 150  # deals drawn at most per test (see _until_asked)
FIRST_SEED = {"hail": 39, "accent": 37}  # a deal that gets each antic asked in a few steps (see _until_asked)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The browser tests' server, allowing as many new tables a minute as both tests may deal."""
    database = f"sqlite:///{tmp_path_factory.mktemp('antics') / 'cardroom.sqlite3'}"
    with pytest.MonkeyPatch.context() as env:
        env.setenv("CARDROOM_TABLES_PER_MINUTE", str(2 * DEALS))
        process = ServerProcess(free_port(), database, bot_delay=0.0).start()
    yield process
    process.stop()


def _choice(view: dict[str, Any], seat: int, antic: str) -> str | None:
    """Get the antics card that asks for ``antic`` into play as fast as the deal allows (the Taco
    Master into one's own taco, Foreign Accent into the next seat's); otherwise play nothing that
    can be avoided. Asked for another antic, discard something else: an antic is only ever done in
    the chat, and the API refuses it (None if there is nothing to discard: this deal is no use)."""
    legal: list[str] = view["legal_actions"]
    wanted = {"hail": f"play taco-master {seat}", "accent": f"play foreign-accent {(seat + 1) % PLAYERS}"}
    if wanted[antic] in legal:
        return wanted[antic]
    for idle in ("end", "pass"):
        if idle in legal:
            return idle
    if "hail" in legal or "accent" in legal:
        discards = sorted((a for a in legal if a.startswith("discard ")), key=lambda a: a == f"discard {CARD[antic]}")
        return discards[0] if discards else None
    return legal[0]


def _until_asked(server: ServerProcess, antic: str) -> tuple[str, list[str], int]:
    """Four people play through the API until one of them is asked for ``antic`` (hail, accent):
    (table id, tokens, that seat). Deals are drawn until one puts the card that asks for it in a hand
    (about one in eight does), which then goes into play as fast as the rules allow; a deal where
    that goes wrong (the card lost, the other antic asked of an empty hand) is dropped for the next.
    The deals are seeded, from one known to get there in a few steps (FIRST_SEED): the test plays the
    same short way each time. The server allows this module enough tables a minute (see the
    ``server`` fixture) that 150 deals would leave no room for luck if that seed ever stopped serving
    (a change to the deal): (7/8)^150 is about 2e-9."""
    dealt = 0
    # One client for every request: each top-level httpx call builds an SSL context (about 50 ms of CPU).
    with httpx.Client(base_url=server.url, timeout=10) as client:
        for seed in range(FIRST_SEED[antic], FIRST_SEED[antic] + DEALS):
            holds, found = _deal(client, antic, seed)
            dealt += holds
            if found is not None:
                return found
    raise AssertionError(f"{DEALS} deals, {dealt} with the card in a hand, none asked for {antic}")


def _deal(client: httpx.Client, antic: str, seed: int) -> tuple[bool, tuple[str, list[str], int] | None]:
    """The deal of ``seed``: whether a hand holds the card that asks for ``antic``, and if so, played
    until a seat is asked for it: (table id, tokens, that seat), or None if the play went wrong."""
    table = client.post(
        "/api/tables",
        json={
            "game": "taco",
            "seats": [
                {"kind": "me", "name": "Ana"},
                *({"kind": "invite", "name": n} for n in ("Ben", "Cai", "Dee")),
            ],
            "options": {"antics": True, "pool": 500},
        },
        headers=seeded(seed),
    )
    assert table.status_code == 201, table.text
    tid = table.json()["table_id"]
    tokens = [table.json()["token"], *(i["token"] for i in table.json()["invitations"])]
    headers = [{"Authorization": f"Bearer {t}"} for t in tokens]
    url = f"/api/tables/{tid}"
    views = [client.get(f"{url}/view", headers=h).json()["view"] for h in headers]
    if not any(c["card"] == CARD[antic] for v in views for c in v["hand"]):
        return False, None
    asked = _play_until_asked(client, url, headers, antic)
    return True, None if asked is None else (tid, tokens, asked)


def _play_until_asked(client: httpx.Client, url: str, headers: list[dict[str, str]], antic: str) -> int | None:
    """Play a dealt table up to 200 steps: the seat asked for ``antic``, or None if it never was."""
    for _ in range(200):
        time.sleep(0.07)  # inside the room's rate for this address's token-less asks (20 a second)
        acting = client.get(url).json()
        assert acting["status"] == "playing", acting
        for seat in acting["to_act"]:
            view = client.get(f"{url}/view", headers=headers[seat]).json()["view"]
            if antic in view["legal_actions"]:
                return int(seat)
            action = _choice(view, seat, antic)
            if action is None:
                return None
            sent = client.post(f"{url}/actions", headers=headers[seat], json={"step": view["step"], "action": action})
            assert sent.status_code in (200, 409), sent.text
    return None


def _say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")
    page.wait_for_function(
        "t => [...document.querySelectorAll('#chat li')].some(li => li.innerText.includes(t))", arg=text
    )


@pytest.mark.parametrize("antic", ["hail", "accent"])
def test_an_antic_is_done_in_the_chat_not_with_a_button(
    server: ServerProcess, browser: Browser, screenshots: Path, antic: str
) -> None:
    tid, tokens, seat = _until_asked(server, antic)
    contexts = [browser.new_context(), browser.new_context(viewport={"width": 390, "height": 844})]
    other, asked = contexts[0].new_page(), contexts[1].new_page()
    other.goto(f"{server.url}/table/{tid}#token={tokens[(seat + 1) % PLAYERS]}")
    asked.goto(f"{server.url}/table/{tid}#token={tokens[seat]}")
    wait_for_table(other)
    wait_for_table(asked)

    # The prompt says what to type and where; the antic has no button, a discard does.
    # (The prompt line only: the board also shows the hand, whose card texts may use the same words.)
    prompt = asked.locator("#board .pending").inner_text()
    assert "in the chat" in prompt
    assert ("Taco Master of the universe" in prompt) == (antic == "hail")
    assert asked.locator(f"button[data-action='{antic}']").count() == 0
    assert asked.locator("button[data-action^='discard ']").count() > 0
    assert body(asked, "mine") == "true"
    asked.screenshot(path=str(screenshots / f"taco-antics-{antic}-phone.png"))
    step = body(asked, "step")

    # The action bar leads to the chat, which is far below it on a phone.
    asked.click("#to-chat")
    assert asked.evaluate("document.activeElement.id") == "chat-input"
    assert asked.locator("#chat-input").is_visible()
    asked.screenshot(path=str(screenshots / f"taco-antics-{antic}-phone-chat.png"))

    if antic == "hail":
        # Chat that does not name the Taco Master is only chat: still asked, nothing moved.
        _say(asked, "nice taco you have there")
        assert body(asked, "step") == step and body(asked, "mine") == "true"
        _say(asked, "You're the Taco Master of the universe!")
        said = "Taco Master of the universe"
    else:
        _say(asked, "Ello ello, what 'ave we 'ere then")
        said = "keeps up the accent"
    wait_for_step_change(asked, step)
    for page in (asked, other):
        page.wait_for_function("t => document.querySelector('#log').innerText.includes(t)", arg=said)
    other.screenshot(path=str(screenshots / f"taco-antics-{antic}-desktop.png"), full_page=True)
    for context in contexts:
        context.close()
