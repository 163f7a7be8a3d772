"""Your own cards on a phone, at the fullest tables (Exploding Kittens 10, T.A.C.O. 8) and at
Tacocat: each card of the hand, brought into view the way the browser does it (Tab to a card that
can be clicked, scrollIntoView for the others), ends up clear of the decision bar fixed to the bottom
of the screen and of the sticky header; and again after the bar has grown (a bigger decision), so the
room kept for it follows its height. Screenshots: artifacts/screenshots/phone-hand-*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess
from tests.web.test_bar_many_players import _at_my_decision

pytestmark = pytest.mark.browser

# For each card of the hand: bring it into view as the browser would, then measure it against the
# bar and the header. Returns how many cards were measured and what overlapped.
CLEAR_OF_BAR = """() => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect();
  const overlaps = (a, b) => a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5 && a.left < b.right && b.left < a.right;
  const cards = [...document.querySelectorAll("#board .hand .card")];
  const problems = [];
  cards.forEach((card, i) => {
    if (card.tagName === "BUTTON") card.focus(); else card.scrollIntoView({ block: "nearest" });
    const own = card.getBoundingClientRect();
    const bar = box("#actions"), header = box(".top.bar");
    if (overlaps(own, bar)) problems.push(`card ${i + 1} (${Math.round(own.top)}-${Math.round(own.bottom)}) under the bar from ${Math.round(bar.top)}`);
    if (overlaps(own, header)) problems.push(`card ${i + 1} under the header to ${Math.round(header.bottom)}`);
    if (own.bottom > innerHeight || own.top < 0) problems.push(`card ${i + 1} off screen`);
  });
  return { cards: cards.length, clickable: cards.filter((c) => c.tagName === "BUTTON").length, bar: box("#actions").height, problems };
}"""

# A bigger decision: the bar grows by 200 px; wait for the page to notice (a resize observer runs
# before the next frame is drawn).
GROW_BAR = """async () => {
  const extra = document.createElement("div");
  extra.style.height = "200px";
  document.getElementById("choices").append(extra);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


@pytest.mark.parametrize(("game", "players"), [("exploding-kittens", 10), ("taco", 8), ("tacocat", 2)])
def test_own_cards_scroll_clear_of_the_bar_on_a_phone(
    server: ServerProcess, browser: Browser, screenshots: Path, game: str, players: int
) -> None:
    page, _, errors = _at_my_decision(server, browser, game, players)
    # The seat's own decision, with a 900 s clock and bots waiting on it: nothing redraws the page
    # between bringing a card into view and measuring it.
    found = page.evaluate(CLEAR_OF_BAR)
    assert found["cards"] >= 4, found
    assert found["problems"] == [], found
    page.screenshot(path=str(screenshots / f"phone-hand-{game}-{players}.png"))
    low = found["bar"]
    page.evaluate(GROW_BAR)
    grown = page.evaluate(CLEAR_OF_BAR)
    assert grown["bar"] >= low + 150, (low, grown)
    assert grown["problems"] == [], grown
    page.screenshot(path=str(screenshots / f"phone-hand-{game}-{players}-tall-bar.png"))
    assert errors == []
    page.close()
