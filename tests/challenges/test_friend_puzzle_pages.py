"""The friend's challenge and the puzzles in Chromium, against a real server process:

- a person's seeded game against a bot, played to its end, analysed from the game-over dialog; then
  /puzzles lists a puzzle from it, which shows no answer before the pick and explains it after; the
  account page links the puzzles, for a guest and once signed up (under "My games");
- the game-over dialog's "Challenge a friend" link, opened in a second browser (a context of its own):
  the friend plays it to the end and sees both games side by side, and so does the challenger.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser

from cardroom.server.store import Store
from tests.challenges.friends import bot_game, play_last, seeded_kittens
from tests.challenges.play import play, seat_in_page
from tests.people.pages import serious
from tests.server.process import ServerProcess, free_port

pytestmark = pytest.mark.browser

SEED = 8  # as in test_puzzle_api: played by the last legal action, it has a decision worth a puzzle
QUICK_ANALYSIS = {"CARDROOM_ANALYSIS_PRECISION": "50", "CARDROOM_ANALYSIS_MAX_WORLDS": "16"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = f"sqlite:///{tmp_path_factory.mktemp('friends') / 'room.sqlite3'}"
    process = ServerProcess(free_port(), database, bot_delay=0.0, env=QUICK_ANALYSIS).start()
    yield process
    process.stop()


def test_a_puzzle_from_your_last_game(server: ServerProcess, browser: Browser) -> None:
    store = Store.open(server.database)
    try:
        seat = seeded_kittens(store, SEED)
    finally:
        store.close()
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{server.url}/table/{seat['table_id']}#token={seat['token']}")  # the page keeps the seat
    page.wait_for_selector("#choices button")
    with httpx.Client(base_url=server.url) as client:
        play_last(client, seat)  # the person's choices, made as test_puzzle_api makes them
    page.wait_for_selector("#game-over[open] #analyse-game")
    page.click("#analyse-game")
    page.wait_for_selector("#analyse-game", state="detached", timeout=60_000)  # the analysis is shown
    page.click("#game-over #puzzles-link")
    page.wait_for_selector(".puzzle-link")
    assert "Exploding Kittens" in page.inner_text("#puzzle-list")
    page.click(".puzzle-link")
    page.wait_for_selector("#choices button")
    assert page.inner_text("#told") == "" and "%" not in page.inner_text("#puzzle-panel")  # no hint before
    problems = serious(page)
    page.click("#choices button >> nth=0")
    page.wait_for_selector("#told p")
    told = page.inner_text("#told")
    assert ("Right" in told or "Not the best move" in told) and "The best move:" in told and "In your game you" in told
    assert all(button.is_disabled() for button in page.locator("#choices button").all())
    assert problems == [], problems
    # The person's own page links the puzzles too: as a guest (this browser's games), then signed up.
    page.goto(f"{server.url}/account")
    page.click("#guest-puzzles")
    page.wait_for_selector(".puzzle-link")
    page.goto(f"{server.url}/account")
    page.fill("#signup-name", "Puzzler")
    page.fill("#signup-password", "a long enough password")
    page.click("#signup button[type=submit]")
    page.wait_for_selector("#my-games li")  # signed in, the browser's game kept in "My games"
    assert serious(page) == []
    page.click("#my-puzzles")
    page.wait_for_selector(".puzzle-link")
    assert "Exploding Kittens" in page.inner_text("#puzzle-list")
    page.context.close()


def test_a_friend_plays_the_challenge_and_both_see_both_games(server: ServerProcess, browser: Browser) -> None:
    with httpx.Client(base_url=server.url) as client:
        mine = bot_game(client)
        play(client, mine["table_id"], mine["token"])
    challenger = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    challenger.goto(f"{server.url}/table/{mine['table_id']}#token={mine['token']}")
    challenger.click("#game-over[open] #challenge-friend")
    link = challenger.input_value("#friend-link")
    assert link.startswith(server.url + "/friend#") and mine["table_id"] not in link
    friend = browser.new_context(viewport={"width": 390, "height": 844}).new_page()  # another browser
    friend.goto(link)
    friend.wait_for_selector("body[data-ready='true']")
    assert "Ann challenges you" in friend.inner_text("#offer")
    assert friend.locator("#games-panel").is_hidden()
    friend.fill("#friend-name", "Bo")
    friend.click("#play")
    table_id, token = seat_in_page(friend)
    friend.goto("about:blank")  # the friend's moves are made through the API: no table page to redraw at each
    with httpx.Client(base_url=server.url) as client:
        play(client, table_id, token)  # the challenger's rule of choice: the same game
    friend.goto(link)
    friend.wait_for_selector("#games tr.result")
    assert friend.inner_text("#games-head").strip() == "Decision\tAnn\tBo (you)"
    assert friend.locator("#games tr.differs").count() == 0  # the same choices, turn by turn
    assert friend.evaluate("document.documentElement.scrollWidth") <= 390
    assert serious(friend) == []
    challenger.goto(link)
    challenger.wait_for_selector("#games tr.result")
    assert challenger.inner_text("#games-head").strip() == "Decision\tAnn (you)\tBo"
    friend.context.close()
    challenger.context.close()
