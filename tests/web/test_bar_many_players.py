"""A heavy hand at a table of ten, on a phone: the decision bar drawn by the page's own code for a
hand that could aim a Favor, three pairs and a three at any of nine players (45 choices aimed at a
player) plus every plain card, and every control it draws is on screen; the same for a T.A.C.O. card
that may target any of six cards in each of eight tacos.

The layout test plays real deals, which rarely give such a hand; this one draws the bar for it on
a real table page, with the seat's real view from the server and only the list of choices made
heavy, then picks a player from the list and checks that each card's button sends its own action
for that player."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess
from tests.web.player import wait_for_table
from tests.web.test_layout import MEASURE, _my_decision, _table

pytestmark = pytest.mark.browser

CARDS_AIMED = ["favor {t}", "pair tacocat {t}", "pair cattermelon {t}", "pair beard-cat {t}", "triple cattermelon {t}"]
PLAIN = ["draw", "play attack", "play see-the-future", "play shuffle", "play skip", "five tacocat", "five cattermelon"]

# Draw the bar for ``legal`` with the page's own modules (the bar and the game's renderer), keeping
# every action the bar sends.
DRAW = """async ({ snap, legal, game, cards }) => {
  const bar = await import("/static/js/bar.js");
  const renderer = await import(`/static/js/games/${game}.js`);
  window.sent = [];
  const view = snap.view;
  const seatName = (s) => snap.table.seats[s].shown || snap.table.seats[s].name;
  const context = { legal, can: (t) => legal.includes(t), act: (t) => window.sent.push(t), seatName, mySeat: snap.seat,
    live: true, table: snap.table, cards: cards || {}, rerender: () => {}, named: (t) => t, conceded: new Set() };
  context.label = (t) => renderer.label(t, view, context);
  const hint = document.createElement("button");
  hint.textContent = "What would the bot do?";
  window.redraw = () => bar.renderChoices(document.getElementById("choices"), { view, live: true, snap, replaying: null,
    renderer, context, legal, conceded: new Set(), hint, rematch: () => {}, toChat: () => {} });
  window.redraw();
}"""


def _at_my_decision(
    server: ServerProcess, browser: Browser, game: str = "exploding-kittens", players: int = 10
) -> tuple[Page, dict[str, Any], list[str]]:
    """A phone at a full table, at this seat's first decision; the seat's snapshot from the server,
    and the page's errors from then on."""
    table = _table(server, game, players)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    assert _my_decision(page, 30)
    snap: dict[str, Any] = httpx.get(
        f"{server.url}/api/tables/{table['table_id']}/view", headers={"Authorization": f"Bearer {table['token']}"}
    ).json()
    snap["cards"] = httpx.get(f"{server.url}/api/tables/{table['table_id']}/cards").json()
    return page, snap, errors


def _on_screen(page: Page) -> None:
    for scroll in (0, 100_000):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        assert page.evaluate(MEASURE) == [], scroll


def test_a_heavy_hand_at_a_table_of_ten_fits_on_a_phone(
    server: ServerProcess, browser: Browser, screenshots: Path
) -> None:
    page, snap, errors = _at_my_decision(server, browser)
    others = [s["seat"] for s in snap["table"]["seats"] if s["seat"] != snap["seat"]]
    assert len(others) == 9
    aimed = [card.format(t=t) for card in CARDS_AIMED for t in others]
    # The page redraws the bar with each update from the server: draw, measure and click in one go
    # each, with no update in between (the seat's own turn, a 900 s clock, bots waiting on it).
    page.evaluate(DRAW, {"snap": snap, "legal": sorted(PLAIN + aimed), "game": "kittens"})
    _on_screen(page)
    page.screenshot(path=str(screenshots / "layout-exploding-kittens-10-phone-heavy-hand.png"))
    # One list of players, one button a card: 45 choices in five buttons.
    assert page.locator("#choices select#target-pick option").count() == 9
    buttons = page.locator("#choices button[data-actions]")
    assert buttons.count() == len(CARDS_AIMED)
    target = others[-1]
    page.select_option("#target-pick", str(target))
    page.evaluate("window.redraw()")  # the picked player survives a redraw of the same decision
    assert page.input_value("#target-pick") == str(target)
    for index in range(buttons.count()):
        buttons.nth(index).click()
    sent = page.evaluate("window.sent")
    assert sorted(sent) == sorted(card.format(t=target) for card in CARDS_AIMED)
    assert errors == []
    page.close()


def test_putting_a_kitten_back_into_a_full_pile_fits_on_a_phone(
    server: ServerProcess, browser: Browser, screenshots: Path
) -> None:
    """A Defuse early at a table of ten: 63 cards in the pile, so 64 places to put the Kitten back,
    offered as one list and one button."""
    page, snap, errors = _at_my_decision(server, browser)
    snap["view"].update(phase="place", draw_pile=63)
    page.evaluate(DRAW, {"snap": snap, "legal": [f"place {n}" for n in range(64)], "game": "kittens"})
    _on_screen(page)
    page.screenshot(path=str(screenshots / "layout-exploding-kittens-10-phone-place.png"))
    # One list of places and one button; the place picked survives a redraw of the same decision.
    assert page.locator("#choices select.pick option").count() == 64
    page.select_option("#choices select.pick", "place 63")
    page.evaluate("window.redraw()")
    page.get_by_role("button", name="Put it there").click()
    assert page.evaluate("window.sent") == ["place 63"]
    assert errors == []
    page.close()


def test_a_target_in_any_of_eight_tacos_fits_on_a_phone(
    server: ServerProcess, browser: Browser, screenshots: Path
) -> None:
    """A T.A.C.O. card that may target a card in any taco, late in a game of eight: six cards in
    each taco, other cards in each (48 choices), offered as one list of tacos and one button for
    each card in the taco picked."""
    page, snap, errors = _at_my_decision(server, browser, "taco", 8)
    slugs = sorted(snap["cards"])
    assert len(slugs) >= 20
    seats = [s["seat"] for s in snap["table"]["seats"]]
    assert len(seats) == 8
    tacos = {seat: [slugs[(3 * seat + k) % len(slugs)] for k in range(6)] for seat in seats}
    targets = [f"target {slug} {seat}" for seat, held in tacos.items() for slug in held]
    page.evaluate(DRAW, {"snap": snap, "legal": targets, "game": "taco", "cards": snap["cards"]})
    _on_screen(page)
    page.screenshot(path=str(screenshots / "layout-taco-8-phone-targets.png"))
    assert page.locator("#choices select#target-pick option").count() == 8
    # Only the cards of the taco picked are offered; picking another taco offers its own.
    for seat in (seats[0], seats[-1]):
        page.select_option("#target-pick", str(seat))
        page.evaluate("window.redraw()")
        assert page.input_value("#target-pick") == str(seat)
        shown = page.locator("#choices button[data-actions]:visible")
        assert shown.count() == 6
        page.evaluate("window.sent = []")
        for index in range(shown.count()):
            shown.nth(index).click()
        assert sorted(page.evaluate("window.sent")) == sorted(f"target {slug} {seat}" for slug in tacos[seat])
    assert errors == []
    page.close()
