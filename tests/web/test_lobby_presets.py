"""The lobby chooses the preset a player count is best served by, where the games' catalogue says so
(`default_presets` beside `default_preset`), until the person picks a preset themselves."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess

pytestmark = pytest.mark.browser


def test_the_preset_follows_the_seat_count_until_one_is_picked(server: ServerProcess, browser: Browser) -> None:
    catalogue = {g["name"]: g for g in httpx.get(f"{server.url}/api/games").json()}
    game = next(g for g in catalogue.values() if g["default_presets"])  # a game that has one (T.A.C.O.)
    count, preset = next(iter(game["default_presets"].items()))
    other = next(str(n) for n in game["players"] if str(n) not in game["default_presets"])
    page = browser.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(f"#game option[value='{game['name']}']", state="attached")
    page.select_option("#game", game["name"])
    page.select_option("#players", count)
    assert page.input_value("#preset") == preset
    page.select_option("#players", other)
    assert page.input_value("#preset") == game["default_preset"]
    page.select_option("#players", count)
    assert page.input_value("#preset") == preset
    # A preset picked by hand stays, whatever the count.
    page.select_option("#preset", game["default_preset"])
    page.select_option("#players", other)
    page.select_option("#players", count)
    assert page.input_value("#preset") == game["default_preset"]
    page.close()
