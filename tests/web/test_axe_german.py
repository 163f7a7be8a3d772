"""The table page in German, by keyboard: axe-core in every state a keyboard player reaches in each
game (your turn, the help overlay, a reaction window, game over with the dialog open) with no serious
or critical violation (label-content-name-mismatch included: German names must match German text),
and one whole game of Tacocat played by keys alone in German, every decision said in German."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess
from tests.web.keys import COUNT_POINTERS, WATCH_LOG, announced, play_by_keys, pointer_presses, private_table
from tests.web.player import SHORT_BOARD, wait_for_table
from tests.web.test_accessibility_hands import _serious
from tests.web.test_keyboard_states import WINDOW, _concede, _help_open

pytestmark = pytest.mark.browser

# A person addressed in German: du, dein(e/en/…), dich, dir.
ADDRESSED = re.compile(r"\b(du|dein\w*|dich|dir)\b", re.IGNORECASE)


def _open_in_german(browser: Browser, server: ServerProcess, table: dict[str, str]) -> Page:
    """Ada's seat in a browser whose language is German, counting pointer presses from the start."""
    page = browser.new_page(locale="de-DE", viewport={"width": 1280, "height": 800})
    page.add_init_script(COUNT_POINTERS)
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    page.evaluate(WATCH_LOG)
    assert page.evaluate("document.documentElement.lang") == "de"
    return page


@pytest.mark.parametrize("game", ["tacocat", "exploding-kittens", "taco"])
def test_every_keyboard_state_in_german_has_no_serious_violation(
    server: ServerProcess, browser: Browser, game: str
) -> None:
    options: dict[str, object] = {"rounds": 1, "pool": 10} if game == "taco" else {}
    # A known deal: on a fresh one, a Kittens game could end before any reaction window came to Ada.
    page = _open_in_german(browser, server, private_table(server, game, 2, options, 60, seed=2))
    page.wait_for_function("document.body.dataset.mine === 'true' && !document.body.classList.contains('busy')")
    found = {"turn": _serious(page), "help": _help_open(page)}
    assert ADDRESSED.search(page.inner_text("#status")), page.inner_text("#status")
    if game != "tacocat":  # Tacocat has no reaction window
        play_by_keys(page, random.Random(7), 40, until=WINDOW)
        assert page.evaluate(WINDOW), "no reaction window came"
        found["window"] = _serious(page)
    _concede(page)
    found["over"] = _serious(page)
    assert pointer_presses(page) == 0
    assert found == {key: [] for key in found}, found
    page.close()


def test_a_whole_tacocat_game_by_keyboard_in_german(server: ServerProcess, browser: Browser) -> None:
    # The short board: a whole game (duels, the centre's replacement, a goal reached) in about 40 steps.
    page = _open_in_german(browser, server, private_table(server, "tacocat", 2, {"board": SHORT_BOARD}))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    played = play_by_keys(page, random.Random(11))
    assert pointer_presses(page) == 0
    assert played.decisions, "no decision came to Ada"
    for status, said in played.decisions:
        assert said.startswith(status), (status, said)  # said at once, in the assertive region
        assert ADDRESSED.search(status), status
        assert not re.search(r"\b(you|your)\b", status, re.IGNORECASE), status
    log = announced(page, "log")
    assert log and not [e for e in log if re.search(r"\b(plays|draws|wins|you)\b", e)], log
    assert page.locator("#game-over[open]").count() == 1
    assert errors == []
    page.close()
