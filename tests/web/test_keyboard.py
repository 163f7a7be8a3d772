"""Whole games played with the keyboard alone, in Chromium against the real server: each game at two
seats and at its most (bots in the other seats), pressing only the keys the page shows on its
choices. No pointer press at all; at every decision the assertive region said what to do; each log
entry was added once and none was taken away."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess
from tests.web.keys import announced, open_by_keyboard, play_by_keys, pointer_presses, private_table
from tests.web.player import SHORT_BOARD

pytestmark = pytest.mark.browser

GAMES = [
    # Tacocat's short board: every kind of step (duels, the centre's replacement, a goal reached) in
    # about 40 steps where the rulebook's board takes about 100.
    ("tacocat", 2, {"board": SHORT_BOARD}, 11),
    ("exploding-kittens", 2, {}, 12),
    ("exploding-kittens", 10, {}, 13),
    # A small pool of points ends a round of T.A.C.O. in a few turns.
    ("taco", 2, {"rounds": 1, "pool": 10}, 14),
    ("taco", 8, {"rounds": 1, "pool": 8}, 15),
]


@pytest.mark.parametrize(("game", "players", "options", "seed"), GAMES, ids=[f"{g}-{n}" for g, n, _, _ in GAMES])
def test_a_whole_game_by_keyboard_alone(
    server: ServerProcess, browser: Browser, game: str, players: int, options: dict[str, object], seed: int
) -> None:
    page = open_by_keyboard(browser, server, private_table(server, game, players, options))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    history = len(announced(page, "log"))
    played = play_by_keys(page, random.Random(seed))
    assert pointer_presses(page) == 0
    assert played.decisions, "no decision came to Ada"
    for status, said in played.decisions:
        # Said at once, in the assertive region: the status line itself, which says what to do.
        assert said.startswith(status), (status, said)
        assert re.search(r"\byou(r)?\b", status, re.IGNORECASE), status
    # Each event was put in the log region once, as a new node, and none was replaced.
    added = page.evaluate("window.__logAdded")
    assert page.evaluate("window.__logRemoved") == 0
    assert history + len(added) == len(announced(page, "log"))
    assert not [m for m in played.messages if "moved on" not in m], played.messages
    assert errors == []
    page.close()
