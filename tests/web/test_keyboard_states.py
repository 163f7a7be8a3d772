"""axe-core in the states a keyboard player reaches, for each game (your turn, the help overlay open, a
reaction window open, game over): no serious or critical violations, label-content-name-mismatch
included. Reached by keys alone. Also: a mark beside colour on T.A.C.O.'s cards and Exploding
Kittens' cats, reduced motion respected, and what a screen reader is told during an Exploding Kittens
turn answered with a Nope (written to artifacts/screen-reader-kittens.txt)."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, Page

from tests.server.process import ROOT, ServerProcess
from tests.web.keys import announced, open_by_keyboard, play_by_keys, pointer_presses, private_table
from tests.web.test_accessibility_hands import _serious

pytestmark = pytest.mark.browser

MINE = "document.body.dataset.mine === 'true' && !document.body.classList.contains('busy')"
# A reaction window this seat may still answer, with the key to answer it shown.
WINDOW = MINE + " && document.querySelector('#choices [aria-keyshortcuts^=\"P\"]') !== null"
# Exploding Kittens: a window with a Nope in it: this seat may Nope, or its own card was Noped.
NOPE = (
    WINDOW
    + " && (document.querySelector('#choices [data-action=\"nope\"]') !== null || /Noped/.test(document.getElementById('status').textContent))"
)
TRANSCRIPT = ROOT / "artifacts" / "screen-reader-kittens.txt"


def _help_open(page: Page) -> list[str]:
    page.keyboard.press("?")
    page.wait_for_selector("#keys-dialog[open]")
    found = _serious(page)
    page.keyboard.press("Escape")
    page.wait_for_selector("#keys-dialog:not([open])", state="attached")
    return found


def _concede(page: Page) -> None:
    """Game over by keys: Tab to Concede, Enter, then Y in the dialog."""
    page.wait_for_selector("#concede:enabled")
    page.focus("#concede")
    page.keyboard.press("Enter")
    page.wait_for_selector("#concede-confirm[open]")
    page.keyboard.press("y")
    page.wait_for_selector("#game-over[open]")


def _regions(page: Page, since: int) -> str:
    log = announced(page, "log")[since:]
    return "\n".join([*(f"log: {t}" for t in log), *(f"now: {t}" for t in announced(page, "now"))])


def _nope_transcript(page: Page) -> str:
    """At a window with a Nope in it: what was said, N (Nope) or P (let it happen) pressed, and what
    was said then."""
    since = max(0, len(announced(page, "log")) - 4)
    before = _regions(page, since)
    step = page.get_attribute("body", "data-step")
    key = "n" if page.locator("#choices [data-action='nope']").count() else "p"
    page.keyboard.press(key)
    page.wait_for_selector(f"body:not([data-step='{step}'])", state="attached")
    page.wait_for_function("!document.body.classList.contains('busy')")
    page.keyboard.press("s")
    after = _regions(page, since)
    said = announced(page, "said")[-1]
    assert any("Nope" in t for t in announced(page, "log")[since:]), announced(page, "log")[since:]
    return f"--- the window opens ---\n{before}\n--- {key.upper()} pressed ---\n{after}\nsaid (S): {said}\n"


@pytest.mark.parametrize("game", ["tacocat", "exploding-kittens", "taco"])
def test_keyboard_states_have_no_serious_violations(server: ServerProcess, browser: Browser, game: str) -> None:
    options: dict[str, object] = {"rounds": 1} if game == "taco" else {}
    # A known deal (seed 2): a fresh one could end the game before any reaction window reached Ada.
    page = open_by_keyboard(browser, server, private_table(server, game, 2, options, 60, seed=2))
    rng = random.Random(7)
    page.wait_for_function(MINE)
    found = {"turn": _serious(page), "help": _help_open(page)}
    # The hand is a list named with its count, its items the cards.
    hand = page.eval_on_selector("#board .hand", "h => [h.tagName, h.getAttribute('aria-label'), h.children.length]")
    assert hand[0] == "UL" and re.fullmatch(rf"Your hand, {hand[2]} cards?", hand[1]), hand
    if game == "tacocat":
        # Reduced motion: the card being decided is not raised (it is without the setting).
        assert page.eval_on_selector(".card.chosen", "c => getComputedStyle(c).transform") != "none"
        page.emulate_media(reduced_motion="reduce")
        assert page.eval_on_selector(".card.chosen", "c => getComputedStyle(c).transform") == "none"
    else:
        play_by_keys(page, rng, 40, until=WINDOW)
        assert page.evaluate(WINDOW), "no reaction window came"
        found["window"] = _serious(page)
        page.focus("#actions")  # Space passes where it presses no control
        step = page.get_attribute("body", "data-step")
        page.keyboard.press("Space")
        page.wait_for_selector(f"body:not([data-step='{step}'])", state="attached")
    # Colour is never the only cue: cards that colour tells apart carry a mark.
    marks = page.eval_on_selector_all("#board .card .mark", "ms => ms.map((m) => m.textContent)")
    if game == "taco":
        assert len(marks) == page.locator("#board .card:not(.back):not(.empty)").count() and all(marks)
    if game == "exploding-kittens":  # each cat its own letter
        cats = page.eval_on_selector_all(
            "#board .card",
            "cs => cs.filter((c) => /A cat card/.test(c.textContent)).map((c) => c.querySelector('.mark')?.textContent)",
        )
        assert all(mark and mark in "TMHBR" for mark in cats), cats
    _concede(page)
    found["over"] = _serious(page)
    assert pointer_presses(page) == 0
    assert found == {key: [] for key in found}, found
    page.close()


def test_what_is_heard_in_a_kittens_turn_with_a_nope(server: ServerProcess, browser: Browser) -> None:
    """Played by keys until a Nope window (Ada may Nope, or her card was Noped): the log and the
    assertive region before and after her answer, and what S says then, are written out. Deals are
    not chosen by the test, so a game without a Nope for Ada is followed by another (at most three)."""
    for attempt in range(3):
        page = open_by_keyboard(browser, server, private_table(server, "exploding-kittens", 2, {"deal": 8}, 60))
        play_by_keys(page, random.Random(20 + attempt), 40, until=NOPE)
        if page.evaluate(NOPE):
            break
        page.close()
    else:
        raise AssertionError("no Nope window in three games")
    heard = _nope_transcript(page)
    TRANSCRIPT.parent.mkdir(parents=True, exist_ok=True)
    TRANSCRIPT.write_text(heard)
    assert "Nope" in heard.split("---")[2], heard  # the window's announcement names the Nope
    assert pointer_presses(page) == 0
    page.close()
