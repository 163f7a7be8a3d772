"""Every card name of Exploding Kittens and T.A.C.O. (antics included) fits its card whole, in each
place the page draws cards, at desktop and phone width: no word is broken inside itself."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser

import cardroom
from cardroom.games.kittens import cards as kittens_cards
from tests.server.process import ServerProcess
from tests.web.player import broken_card_names, wait_for_table

pytestmark = pytest.mark.browser

# Each game's places for a card: the hand, a small card in a pile or a taco.
DRAW_ALL = """async ([game, names]) => {
  const { card } = await import("/static/js/cards.js");
  const board = document.getElementById("board");
  board.dataset.game = game;
  const places = [["hand", false], ["taco", true], ["kt-piles", true]];
  board.replaceChildren(...places.map(([place, small]) => {
    const box = document.createElement("div");
    box.className = place;
    const row = document.createElement("div");
    row.className = "cards";
    row.replaceChildren(...names.map((title) => card({ title, small, text: small ? "" : "text" })));
    box.append(row);
    return box;
  }));
  return document.querySelectorAll("#board .card .name").length;
}"""


@pytest.mark.parametrize("width", [1280, 390])
def test_every_card_name_fits_whole(server: ServerProcess, browser: Browser, width: int) -> None:
    names = {
        "exploding-kittens": list(kittens_cards.TITLES),
        "taco": sorted({c.name for c in cardroom.make("taco", antics=True).deck.cards}),  # type: ignore[attr-defined]
    }
    table = httpx.post(server.url + "/api/tables", json={"game": "taco", "seats": [{"kind": "me"}, {"kind": "invite"}]})
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{server.url}/table/{table.json()['table_id']}")
    wait_for_table(page)
    for game, titles in names.items():
        drawn = page.evaluate(DRAW_ALL, [game, titles])
        assert drawn == 3 * len(titles)
        assert broken_card_names(page) == [], game
    page.close()
