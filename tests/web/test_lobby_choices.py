"""The lobby offers, for every game option with a list of values, exactly the list the server's games
catalogue gives (``choices``, or ``offered`` where more is accepted, T.A.C.O.'s deck by version): the
page keeps no copy of its own. A value off the list is refused with a message naming every value
offered, and each value ``offered`` (checked by the game, not by a list) makes a table."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess

pytestmark = pytest.mark.browser


def listed_options(game: dict[str, Any]) -> dict[str, list[Any]]:
    """The game's options with a list, seats apart (the seat count has a control of its own)."""
    found = {}
    for option in game["options"]:
        values = option["choices"] or option.get("offered")
        if values and option["name"] != "players":
            found[option["name"]] = values
    return found


def offered_only(game: dict[str, Any]) -> set[str]:
    return {option["name"] for option in game["options"] if not option["choices"] and option.get("offered")}


def test_the_lobby_offers_exactly_the_values_the_server_takes(server: ServerProcess, browser: Browser) -> None:
    catalogue = httpx.get(f"{server.url}/api/games").json()
    assert any(option.get("offered") for game in catalogue for option in game["options"])  # T.A.C.O.'s deck
    page = browser.new_page()
    page.goto(server.url + "/")
    checked = 0
    for game in catalogue:
        page.wait_for_selector(f"#game option[value='{game['name']}']", state="attached")
        page.select_option("#game", game["name"])
        for name, values in listed_options(game).items():
            control = page.locator(f"select#option-{name}")
            shown = [json.loads(v) for v in control.locator("option").evaluate_all("os => os.map(o => o.value)")]
            assert shown == values, (game["name"], name)
            seats = [{"kind": "me"}] + [{"kind": "bot"}] * (min(game["players"]) - 1)
            for value in values if name in offered_only(game) else ():
                made = httpx.post(
                    f"{server.url}/api/tables",
                    json={"game": game["name"], "seats": seats, "options": {name: value}},
                )
                assert made.status_code == 201, (game["name"], name, value, made.text)
                checked += 1
            refused = httpx.post(
                f"{server.url}/api/tables",
                json={"game": game["name"], "seats": seats, "options": {name: "no-such-value"}},
            )
            assert refused.status_code == 422, (game["name"], name, refused.text)
            assert all(repr(value) in refused.json()["detail"] for value in values), refused.json()["detail"]
    assert checked >= 2  # T.A.C.O.'s decks
    page.close()
