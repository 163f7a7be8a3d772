"""Each game's table is drawn by the renderer its kit declares: the page reads which one from the games
list (``GET /api/games``, each game's ``renderer``) and knows no game's name itself; a game whose kit
declares none, or one the list leaves out (Pips, the toy, is both), gets the generic renderer, which
lists the view's fields."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser

from cardroom.core.registry import kit
from cardroom.server.edge.catalogue import renderer_of
from tests.server.process import ServerProcess
from tests.web.keys import private_table
from tests.web.player import wait_for_table

pytestmark = pytest.mark.browser

# What only that renderer draws on the board.
DRAWN_BY = {
    "kittens": "#board .kt-players",
    "taco": "#board .taco-head",
    "tacocat": "#board .tc-board",
    "generic": "#board dl.generic",
}
TABLES = [("tacocat", 2), ("exploding-kittens", 3), ("taco", 3), ("pips", 2)]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_a_table_is_drawn_by_its_kits_renderer(
    server: ServerProcess, browser: Browser, game: str, players: int
) -> None:
    declared = kit(game).renderer or "generic"
    table = private_table(server, game, players)
    page = browser.new_page()
    loaded: list[str] = []
    page.on("response", lambda r: loaded.append(r.url.rsplit("/", 1)[1]) if "/js/games/" in r.url else None)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    page.wait_for_selector(DRAWN_BY[declared], state="attached")
    assert loaded == [f"{declared}.js"] and errors == []
    page.close()


def test_the_games_list_names_each_listed_games_renderer(server: ServerProcess) -> None:
    listed = {info["name"]: info["renderer"] for info in httpx.get(f"{server.url}/api/games").json()}
    assert {name: listed[name] for name in ("tacocat", "exploding-kittens", "taco")} == {
        "tacocat": "tacocat",
        "exploding-kittens": "kittens",
        "taco": "taco",
    }
    assert "pips" not in listed  # unlisted: its table page finds no entry and draws with the generic one
    assert renderer_of("pips") == renderer_of("no-such-game") == "generic"
