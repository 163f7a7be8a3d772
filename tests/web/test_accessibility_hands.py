"""axe-core with cards in the hand that can be clicked, on a table of each game at 1280x800 and
390x844 (the same page resized): no serious or critical violations, including
label-content-name-mismatch (a clickable card's spoken name must contain the words it shows; axe counts
the rule as experimental, so it is switched on here).

Tacocat is played to its duel by the page's own buttons (every card in the hand is then a button).
Real deals do not always give Exploding Kittens or T.A.C.O. a playable card at the first decision, so
for those the board and the bar are drawn again by the page's own modules, with the seat's real
view, and a legal list in which every card of the hand can be played. Screenshots:
artifacts/screenshots/axe-hand-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]  # the package ships no types
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess
from tests.web.player import wait_for_step_change, wait_for_table
from tests.web.test_layout import _my_decision, _table
from tests.web.widths import LAPTOP_AND_PHONE, resized

pytestmark = pytest.mark.browser

RENDERER = {"exploding-kittens": "kittens", "taco": "taco"}

# The board and the bar drawn by the page's own modules for the seat's real view and ``legal``.
DRAW = """async ({ snap, legal, game, cards }) => {
  const bar = await import("/static/js/bar.js");
  const renderer = await import(`/static/js/games/${game}.js`);
  const view = snap.view;
  const seatName = (s) => snap.table.seats[s].shown || snap.table.seats[s].name;
  const context = { legal, can: (t) => legal.includes(t), act: () => {}, seatName, mySeat: snap.seat, live: true,
    table: snap.table, cards, rerender: () => {}, named: (t) => t, conceded: new Set() };
  context.label = (t) => renderer.label(t, view, context);
  renderer.render(document.getElementById("board"), view, context);
  bar.renderChoices(document.getElementById("choices"), { view, live: true, snap, replaying: null, renderer, context,
    legal, conceded: new Set(), hint: null, rematch: () => {}, toChat: () => {} });
}"""


def _serious(page: Page) -> list[str]:
    options = {"resultTypes": ["violations"], "rules": {"label-content-name-mismatch": {"enabled": True}}}
    results = Axe().run(page, options=options)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:8]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def _every_card_playable(server: ServerProcess, page: Page, table: dict[str, str], game: str) -> None:
    """Draw the board and the bar again with every card of the hand playable."""
    where = f"{server.url}/api/tables/{table['table_id']}"
    snap: dict[str, Any] = httpx.get(f"{where}/view", headers={"Authorization": f"Bearer {table['token']}"}).json()
    cards = httpx.get(f"{where}/cards").json()
    slugs = sorted({c["card"] if isinstance(c, dict) else c for c in snap["view"]["hand"]})
    seat = snap["seat"]
    legal = (
        [f"play {slug}" for slug in slugs] if game == "exploding-kittens" else [f"play {slug} {seat}" for slug in slugs]
    )
    page.evaluate(DRAW, {"snap": snap, "legal": legal, "game": RENDERER[game], "cards": cards})


def _to_the_duel(page: Page) -> None:
    """Tacocat: keep every card of the centre's replacement; the duel follows."""
    while page.locator("#choices button[data-action^='keep']").count():
        step = page.get_attribute("body", "data-step")
        page.locator("#choices button[data-action^='keep']").first.click()
        wait_for_step_change(page, step)
        assert _my_decision(page, 20)


@pytest.mark.parametrize("game", ["tacocat", "exploding-kittens", "taco"])
def test_clickable_hand_cards_have_no_serious_violations(
    server: ServerProcess, browser: Browser, screenshots: Path, game: str
) -> None:
    table = _table(server, game, 3 if game != "tacocat" else 2)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    assert _my_decision(page, 30)
    if game == "tacocat":
        _to_the_duel(page)
    else:
        _every_card_playable(server, page, table, game)
    hand = page.locator("#board .hand button.card")
    assert hand.count() >= 4
    hand.first.focus()
    found: dict[int, list[str]] = {}
    for width, _ in resized(page):
        page.screenshot(path=str(screenshots / f"axe-hand-{game}-{width}.png"))
        found[width] = _serious(page)
    assert found == {width: [] for width in LAPTOP_AND_PHONE}, found
    assert errors == []
    page.close()
