"""In Chromium: a hint at a table with a bot, then the finished game's analysis on the game-over
screen, with its graph and marked decisions; screenshots of both."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.analysis.tables import finish_by_api
from tests.server.process import ServerProcess, free_port, seeded
from tests.web.conftest import SCREENSHOTS
from tests.web.player import body, wait_for_table

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    # A quick analysis (8 worlds a decision): this test checks the page, not the estimates.
    quick = {"CARDROOM_ANALYSIS_MAX_WORLDS": "8", "CARDROOM_ANALYSIS_PRECISION": "50"}
    database = f"sqlite:///{tmp_path_factory.mktemp('analysis-web') / 'cardroom.sqlite3'}"
    process = ServerProcess(free_port(), database, bot_delay=0.0, env=quick).start()
    yield process
    process.stop()


def test_hint_then_analysis_on_the_game_over_screen(server: ServerProcess, browser: Browser) -> None:
    """A hint at a Tacocat table with a bot, then the finished game's analysis: the oracle's line, the
    marked decisions, the replay's button; and Tacocat's analysis at 1280 and 390 pixels (the checks
    of the test below, made on this game's page instead of a second game's)."""
    created = httpx.post(
        server.url + "/api/tables",
        json={"game": "tacocat", "seats": [{"kind": "me", "name": "Ada"}, {"kind": "bot", "bot": "easy"}]},
        headers=seeded(16),  # a deal of few decisions (see SHORT_DEALS)
    ).json()
    tid, token = created["table_id"], created["token"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/table/{tid}#token={token}")
    wait_for_table(page)
    page.wait_for_function("document.body.dataset.mine === 'true'", timeout=20_000)
    page.click("#hint")
    page.wait_for_selector(".hint-list li", timeout=30_000)
    assert "Best by win chance, from your view:" in page.inner_text(".hint-box")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "analysis-hint.png"), full_page=True)

    finish_by_api(server.url, tid, token)
    page.wait_for_selector("#game-over[open]", timeout=20_000)
    assert body(page, "over") == "true"
    page.click("#analyse-game")
    page.wait_for_selector("#game-over .win-graph", timeout=90_000)
    assert "accuracy" in page.inner_text(".headline") and "of the luck went your way" in page.inner_text(".headline")
    assert "fair share (50%)" in (page.text_content(".win-graph .fair-label") or "")
    assert page.locator(".win-graph path.line").count() == 1
    # Against a bot the oracle line is drawn too: dashed, labelled, apart from the verdicts.
    assert page.locator(".win-graph path.oracle").count() == 1
    assert "knows the hidden cards" in page.inner_text(".oracle-note")
    assert "never used for verdicts" in (page.text_content(".win-graph .oracle-label") or "")
    page.locator(".analysis").screenshot(path=str(SCREENSHOTS / "analysis-oracle.png"))
    page.click(".all-decisions summary")
    rows = page.locator(".all-decisions tbody tr")
    assert rows.count() > 5
    verdicts = set(page.locator(".all-decisions .verdict").all_inner_texts())
    assert verdicts <= {"best", "inaccuracy", "mistake", "blunder"} and verdicts
    # Every decision that is not best has its mark on the graph.
    assert page.locator(".win-graph circle.mark").count() == sum(
        1 for v in page.locator(".all-decisions .verdict").all_inner_texts() if v != "best"
    )
    page.screenshot(path=str(SCREENSHOTS / "analysis-graph.png"), full_page=True)
    _wide_then_phone(page, "tacocat", 2)
    # The replay panel has the button too: it brings the analysis back.
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("#close-over")
    page.click("#replay-box summary")
    page.click("#analyse-replay")
    page.wait_for_selector("#game-over[open] .win-graph", timeout=10_000)
    assert errors == []
    page.close()


def test_hints_for_everyone_chosen_in_the_lobby_and_shown_to_all(server: ServerProcess, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value=tacocat]", state="attached")
    page.select_option("#game", "tacocat")
    page.select_option("#seat1", "invite")
    page.click("details:has(#hints) summary")
    page.check("#hints")
    page.click("#create-button")
    page.wait_for_selector("#invitations:not([hidden])")
    guest_url = page.input_value("#invitation-list input")
    tid = guest_url.split("/table/")[1].split("#")[0]
    # The lobby's list says so.
    page.goto(server.url + "/")
    page.wait_for_selector(f"#tables a[href='/table/{tid}']")
    assert page.locator(f"#tables li:has(a[href='/table/{tid}']) .hints-badge").inner_text() == "hints on"
    # The creator (whose token the lobby saved), the invited guest and a spectator all see the notice.
    page.goto(f"{server.url}/table/{tid}")
    guest = browser.new_page(viewport={"width": 1100, "height": 900})
    guest.on("pageerror", lambda e: errors.append(str(e)))
    guest.goto(guest_url)
    watcher = browser.new_page(viewport={"width": 1100, "height": 900})
    watcher.on("pageerror", lambda e: errors.append(str(e)))
    watcher.goto(f"{server.url}/table/{tid}")
    for p in (page, guest, watcher):
        wait_for_table(p)
        p.wait_for_selector("#hints-note:not([hidden])")
        assert "Hints are on for everyone" in p.inner_text("#hints-note")
    assert watcher.locator("#hint").count() == 0  # a spectator has no seat to ask for
    # Both people decide their replacements at once; each may ask, from their own view.
    for p in (page, guest):
        p.wait_for_function("document.body.dataset.mine === 'true'", timeout=20_000)
        p.click("#hint")
        p.wait_for_selector(".hint-list li", timeout=30_000)
        assert "Best by win chance, from your view:" in p.inner_text(".hint-box")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    guest.screenshot(path=str(SCREENSHOTS / "analysis-hints-for-everyone.png"), full_page=True)
    assert errors == []
    for p in (page, guest, watcher):
        p.close()


ENGINE_WORDS = re.compile(r"\bP\d\b|\bseat \d|\b(discard|keep|duel|attack|defend|play|pair|place) [a-z0-9-]+ ?\d*$")


# The screenshots of the analysis a reviewer looks at (docs/analysis.md, "Screenshots").
SCREENS = SCREENSHOTS.parent / "analysis-screens"


# Deals with few decisions for our seat's way of playing (its last legal action each time): about 23,
# 6 and 14 where typical deals give 32, 20 and 42; the analysis's time goes with decisions. Tacocat's
# (seed 16) is analysed in the hint's test above, on the same page as its hint.
SHORT_DEALS = [("tacocat", 2, 16), ("exploding-kittens", 2, 89), ("taco", 4, 24)]


@pytest.mark.parametrize(("game", "seats", "seed"), SHORT_DEALS[1:])
def test_the_analysis_at_game_over_on_a_wide_and_a_phone_screen(server: ServerProcess, browser: Browser,
                                                                 game: str, seats: int, seed: int) -> None:  # fmt: skip
    """Each game's analysis at the game-over screen, at 1280 and at 390 pixels: the headline's two
    figures, the labelled fair-share line, people by name and moves in words; nothing wider than
    the phone's screen, the graph's words still readable there. Screenshots of both."""
    created = httpx.post(
        server.url + "/api/tables",
        json={"game": game, "seats": [{"kind": "me", "name": "Ada"}] + [{"kind": "bot", "bot": "easy"}] * (seats - 1)},
        headers=seeded(seed),
    ).json()
    tid, token = created["table_id"], created["token"]
    finish_by_api(server.url, tid, token)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/table/{tid}#token={token}")
    page.wait_for_selector("#game-over[open]", timeout=20_000)
    page.click("#analyse-game")
    page.wait_for_selector("#game-over .win-graph", timeout=90_000)
    _wide_then_phone(page, game, seats)
    assert errors == []
    page.close()


def _wide_then_phone(page: Page, game: str, seats: int) -> None:
    """The shown analysis, at 1280 pixels then at 390: the headline's two figures, the labelled
    fair-share line, people by name and moves in words; nothing wider than the phone's screen, the
    graph's words still readable there. Screenshots of both."""
    headline = page.inner_text(".headline")
    assert "accuracy" in headline and "of the luck went your way" in headline and "50% is even" in headline
    assert re.search(r"\d+%\s+accuracy", headline) and re.search(r"\d+%\s+of the luck", headline)
    assert page.text_content(".win-graph .fair-label") == f"fair share ({100 // seats}%)"
    if page.get_attribute(".all-decisions", "open") is None:
        page.click(".all-decisions summary")
    text = page.inner_text(".analysis")
    played = page.locator(".all-decisions tbody tr td:nth-child(2)").all_inner_texts()
    assert played and not any(ENGINE_WORDS.search(p) for p in played), played
    assert not re.search(r"\bP\d\b|\bseat \d", text)
    SCREENS.mkdir(parents=True, exist_ok=True)
    # What a player sees first: the dialog scrolled to the analysis's headline.
    page.evaluate("document.querySelector('.headline').scrollIntoView()")
    page.screenshot(path=str(SCREENS / f"{game}-1280.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("document.querySelector('.analysis').getBoundingClientRect().width <= 390")
    # Nothing reaches past the screen's edge (the table of every decision scrolls inside its own box).
    wide = page.evaluate(
        "[...document.querySelectorAll('.analysis *')].filter((e) => !e.closest('.scroll table'))"
        ".map((e) => [e.tagName + '.' + e.getAttribute('class'), e.getBoundingClientRect().right])"
        ".filter(([, right]) => right > 390)"
    )
    assert wide == [], wide
    # The graph is redrawn for the phone: its words are as tall on the screen as on the wide one's.
    page.wait_for_function("document.querySelector('.win-graph').viewBox.baseVal.width < 600")
    assert page.evaluate("document.querySelector('.win-graph .fair-label').getBoundingClientRect().height") >= 9
    page.evaluate("document.querySelector('.headline').scrollIntoView()")
    page.screenshot(path=str(SCREENS / f"{game}-390.png"))
