"""People at real tables in Chromium: a Tacocat game against a bot played to the end by clicking,
Exploding Kittens and T.A.C.O. with three bots each, and a rematch."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess
from tests.web.keys import private_table
from tests.web.player import (
    SHORT_BOARD,
    body,
    broken_card_names,
    play_until_over,
    wait_for_step_change,
    wait_for_table,
)

pytestmark = pytest.mark.browser


def test_tacocat_against_a_bot_from_the_lobby_to_the_end(
    server: ServerProcess, browser: Browser, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.fill("#name", "Ada")
    page.wait_for_selector("#game option[value='tacocat']", state="attached")
    page.select_option("#game", "tacocat")
    page.select_option("#seat1", "bot:easy")
    # The short board: a whole game in about 40 steps instead of about 100.
    page.click("summary:has-text('Options')")
    page.fill("#option-board", SHORT_BOARD)
    page.click("#create-button")
    page.wait_for_url("**/table/**", wait_until="commit")
    wait_for_table(page)
    table_id = page.url.split("/table/")[1].split("#")[0]
    assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["options"]["board"] == SHORT_BOARD
    page.wait_for_selector(".tc-board .cat")
    assert page.inner_text(".seat-chip.me").startswith("Ada")
    # Reloading keeps the seat: the token lives in localStorage.
    page.reload()
    wait_for_table(page)
    assert page.query_selector(".seat-chip.me") is not None
    page.screenshot(path=str(screenshots / "tacocat-table.png"), full_page=True)

    messages = play_until_over(page, random.Random(1))
    assert not [m for m in messages if "moved on" not in m], messages
    assert "wins" in page.inner_text("#game-over-body")
    page.screenshot(path=str(screenshots / "tacocat-over.png"), full_page=True)

    # The rules panel shows this preset's rules.
    page.click("#close-over")
    page.click("#rules-box summary")
    assert "preset" in page.inner_text("#rules")
    # With the rules open, nothing overflows sideways at 1280 px.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")

    # Rematch: a new table, same seats, and our seat opens without a new link.
    first = page.url
    page.click("#replay-box summary")
    page.wait_for_selector("#replay-label:text-matches('^0/')")
    page.click("#replay-box summary")
    page.evaluate("document.getElementById('game-over').showModal()")
    page.click("#rematch")
    page.wait_for_url(lambda url: url != first, wait_until="commit")
    wait_for_table(page)
    assert page.query_selector(".seat-chip.me") is not None
    assert errors == []
    page.close()


@pytest.mark.parametrize(
    ("game", "options", "seed"),
    # T.A.C.O. with a pool of 12 points, not the rulebook's 40 for four: the round (and the game) ends
    # when the pool runs dry, so this is still a whole game at four seats, a third as long.
    [("exploding-kittens", {}, 2), ("taco", {"rounds": 1, "pool": 12}, 31)],
    ids=["exploding-kittens", "taco"],
)
def test_a_person_and_three_bots_play_to_the_end(
    server: ServerProcess,
    browser: Browser,
    screenshots: Path,
    game: str,
    options: dict[str, object],
    seed: int,
) -> None:
    # Seeded deals: T.A.C.O.'s 31 ends in about 30 steps (unseeded games took 30 to 60 and more).
    table = private_table(server, game, 4, options, reaction=1, seed=seed)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    assert "#token" not in page.url  # the token is kept, then taken out of the address bar
    page.screenshot(path=str(screenshots / f"{game}-table.png"), full_page=True)
    # A spectator (no token) sees the table but no hand and no choices.
    watcher = browser.new_page()
    watcher.goto(f"{server.url}/table/{table['table_id']}")
    wait_for_table(watcher)
    assert "You are watching" in watcher.inner_text("#actions")
    assert watcher.query_selector("#board .hand") is None
    watcher.close()
    messages = play_until_over(page, random.Random(seed))
    assert not [m for m in messages if "moved on" not in m], messages
    page.screenshot(path=str(screenshots / f"{game}-over.png"), full_page=True)
    assert broken_card_names(page) == []
    assert errors == []
    page.close()


@pytest.mark.parametrize("game", ["tacocat", "exploding-kittens", "taco"])
def test_phone_width_and_keyboard(server: ServerProcess, browser: Browser, screenshots: Path, game: str) -> None:
    table = private_table(server, game, 2, reaction=1) if game != "tacocat" else _tacocat(server)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    # A decision no clock takes away (outside a reaction window, whose 1 s deadline would pass for her
    # and let the bot move on while the layout is measured).
    page.wait_for_function(
        "document.body.dataset.mine === 'true' && document.getElementById('countdown').hidden"
        " && document.querySelector('#actions button.action, #actions button.card-pick') !== null"
    )
    if not page.locator("#actions button.action").count():
        # T.A.C.O.: a card that must be played now; a play is two clicks (the card, then the taco).
        page.locator("#actions button.card-pick").first.click()
        page.wait_for_selector("#actions button.action")
    # Nothing sticks out sideways on a phone (a wide board scrolls inside its own box).
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    # Wherever the page is scrolled, the status line (and countdown) and the choices stay on screen.
    for y in (0, 100_000):
        page.evaluate(f"window.scrollTo(0, {y})")
        for selector in (".top.bar", "#status", "#actions button.action"):
            box = page.locator(selector).first.bounding_box()
            assert box is not None, selector
            assert box["y"] >= -1 and box["y"] + box["height"] <= 844 + 1, (y, selector, box)
    page.screenshot(path=str(screenshots / f"phone-{game}.png"), full_page=True)
    assert broken_card_names(page) == []  # every card name whole, at phone width too
    # Tab reaches a legal action, Enter takes it.
    step = body(page, "step")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('#actions button.action')"):
            break
    page.keyboard.press("Enter")
    wait_for_step_change(page, step)
    page.close()


def _tacocat(server: ServerProcess) -> dict[str, str]:
    response = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "tacocat",
            "seats": [{"kind": "me"}, {"kind": "bot", "bot": "easy"}],
            "turn_seconds": "none",
            "private": True,
        },
    )
    data: dict[str, str] = response.json()
    return data


def test_lobby_sets_options_and_bot_specs(server: ServerProcess, browser: Browser) -> None:
    page = browser.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value='exploding-kittens']", state="attached")
    page.select_option("#game", "exploding-kittens")
    page.click("summary:has-text('Options')")
    page.select_option("#option-attacks", '"stacking"')
    page.select_option("#players", "3")
    page.select_option("#seat1", "invite")
    page.select_option("#seat2", "spec")
    page.fill("#spec2", "random")
    page.click("#create-button")
    link = page.input_value("#invitation-list input")
    table_id = link.split("/table/")[1].split("#")[0]
    summary = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert summary["options"]["attacks"] == "stacking" and summary["options"]["players"] == 3
    assert [s["kind"] for s in summary["seats"]] == ["human", "invite", "bot"]
    assert summary["seats"][2]["bot"] == "random"
    page.close()
