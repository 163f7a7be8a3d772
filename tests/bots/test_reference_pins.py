"""The reference search decides exactly as it did before it was made cheaper.

``reference_pins.json`` was written by the code of commit d902797, before the reference search lost
its JSON views in playouts, its JSON tree keys and its playout event logs. For fixed seeds and
iteration budgets it holds, in Tacocat, two- and four-player Exploding Kittens and four-player
T.A.C.O.: the fair search's and the oracle's choices with their root statistics and tree sizes (the
tree size proves the new keys tell exactly the same information sets apart), with heuristic and random
playouts and both root rules, the views of states ``game.sample`` imagines, and whole games of the search against the heuristic. Any change to a
decision, a statistic or a game fails here.

Regenerate only for a deliberate change of behaviour:  python -m tests.bots.test_reference_pins
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import cardroom
from cardroom.bots.ismcts import ISMCTSBot, SearchSettings
from cardroom.bots.oracle import OracleBot
from cardroom.bots.policy import heuristic_bot
from cardroom.core.game import Game
from tests.bots.positions import positions

PINS = Path(__file__).with_name("reference_pins.json")

SETTINGS: dict[str, tuple[str, dict[str, Any], int]] = {
    # label: (game, options, iterations per search)
    "tacocat": ("tacocat", {}, 60),
    "kittens2": ("exploding-kittens", {"players": 2}, 60),
    "kittens4": ("exploding-kittens", {"players": 4}, 40),
    "taco4": ("taco", {"players": 4}, 16),
}
SPECS = ("", "playout=random", "root=puct")


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def _searches(game: Game, iterations: int) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    searched = 0
    for n, (state, seat) in enumerate(positions(game, 40, seed=5)):
        view = state.view(seat)
        if len(view["legal_actions"]) < 2:
            continue
        searched += 1
        if searched > 3:
            break
        # What game.sample imagines, as every seat sees it (views hold no event log except where the
        # game shows recent events, as T.A.C.O. does).
        worlds = [game.sample(view, random.Random(n * 10 + k)) for k in range(3)]
        found.append({"position": n, "samples": _digest([[w.view(s) for s in range(game.players)] for w in worlds])})
        for extra in SPECS:
            params = {"iterations": str(iterations), **dict(p.split("=") for p in extra.split(",") if p)}
            bot = ISMCTSBot(game, SearchSettings(dict(params), "ismcts", game.name))
            choice = bot.choose(game, view, random.Random(n))
            found.append(
                {
                    "position": n,
                    "spec": extra,
                    "fair": choice,
                    "iterations": bot.last.iterations,
                    "nodes": bot.last.nodes,
                    "root": _digest(bot.last.root),
                }
            )
        oracle = OracleBot(game, SearchSettings({"iterations": str(iterations)}, "oracle", game.name))
        choice = oracle.choose_with_state(game, state, seat, random.Random(n))
        found.append(
            {
                "position": n,
                "spec": "oracle",
                "fair": choice,
                "nodes": oracle.last.nodes,
                "root": _digest(oracle.last.root),
            }
        )
    return found


def _game(game: Game, iterations: int) -> dict[str, Any]:
    """One whole game: the search in seat 0, the heuristic elsewhere; every action and the result."""
    search = ISMCTSBot(game, SearchSettings({"iterations": str(max(4, iterations // 4))}, "ismcts", game.name))
    heuristic = heuristic_bot(game)
    assert heuristic is not None
    state = game.new_game(7)
    rngs = [random.Random(100 + s) for s in range(game.players)]
    actions = []
    while not state.is_over:
        seat = state.to_act[0]
        bot = search if seat == 0 else heuristic
        text = bot.choose(game, state.view(seat), rngs[seat])
        actions.append(f"{seat}:{text}")
        state = state.apply(seat, text)
    assert state.outcome is not None
    return {"actions": len(actions), "digest": _digest(actions), "outcome": state.outcome.to_json()}


def compute(label: str) -> dict[str, Any]:
    name, options, iterations = SETTINGS[label]
    game = cardroom.make(name, **options)
    return {"searches": _searches(game, iterations), "game": _game(game, iterations)}


@pytest.mark.parametrize("label", list(SETTINGS))
def test_reference_search_decides_as_before(label: str) -> None:
    expected = json.loads(PINS.read_text(encoding="utf-8"))[label]
    assert compute(label) == expected


if __name__ == "__main__":
    PINS.write_text(json.dumps({k: compute(k) for k in SETTINGS}, indent=1) + "\n", encoding="utf-8")
