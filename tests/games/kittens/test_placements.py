"""Where another seat put a defused Kitten back (placements.py), read from a seat's log and weighed in a
kernel world (kernel_evidence.placement), checked against the reference engine's own piles."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import cardroom
from cardroom.bots.specs import make_bot
from cardroom.core.bot import ask
from cardroom.games.kittens import cards as C
from cardroom.games.kittens import kernel as k
from cardroom.games.kittens.evidence import evidence
from cardroom.games.kittens.kernel_codec import config, encode
from cardroom.games.kittens.kernel_evidence import likelihood
from cardroom.games.kittens.placements import MIXED, Placement, chances, placements, shares


def _states(seed: int, players: int = 2) -> list[Any]:
    """Every state of a heuristic game, in order."""
    game = cardroom.make("exploding-kittens", players=players)
    bots = [make_bot("heuristic", game) for _ in range(players)]
    rng = random.Random(seed)
    state = game.new_game(seed)
    states = [state]
    while not state.is_over:
        seat = state.to_act[0]
        state = state.apply(seat, ask(bots[seat], state, seat, rng))
        states.append(state)
    return states


def _view(state: Any, seat: int) -> dict[str, Any]:
    return dict(state.view(seat), log=state.log(seat))


@pytest.mark.parametrize("players", [2, 3])
def test_the_heuristic_kitten_is_where_the_log_says_it_went(players: int) -> None:
    """The heuristic puts a Kitten where the next player draws it first, after its own owed draws: so the
    place the log gives (its pile, the placer's owed turns, the draws since) must hold the Kitten now."""
    checked = 0
    for seed in range(12):
        for state in _states(seed, players):
            for me in range(players):
                for p in placements(_view(state, me)):
                    assert p.seat != me
                    assert p.pile_before == len(state.pile) + p.drawn_since - 1
                    now = p.first - p.drawn_since
                    if now >= 0:
                        assert state.pile[now] == C.KITTEN, (seed, me, p)
                        checked += 1
    assert checked > 100


def test_a_shuffle_or_a_drawn_kitten_forgets_the_place() -> None:
    log: list[dict[str, Any]] = [
        {"kind": "turn", "seat": 1, "owed": 2},
        {"kind": "kitten", "seat": 1, "card": "exploding-kitten"},
        {"kind": "defuse", "seat": 1, "card": "defuse"},
        {"kind": "place", "seat": 1},
        {"kind": "turn", "seat": 1, "owed": 1},
        {"kind": "draw", "seat": 1},
    ]
    view = {"seat": 0, "draw_pile": 20, "log": log}
    assert placements(view) == [Placement(1, 20, 2, 1)]  # it owed two turns: first is place 1
    assert placements({**view, "seat": 1}) == []  # the placer knows; nothing to infer
    assert placements({**view, "log": [*log, {"kind": "shuffle"}]}) == []
    assert placements({**view, "log": [*log, {"kind": "kitten", "seat": 0}]}) == []


def test_the_chances_are_a_distribution_over_the_pile() -> None:
    for model in ("heuristic", "ismcts"):
        assert sum(shares(model)) == pytest.approx(1.0)
        for pile, owed in ((0, 1), (1, 1), (5, 1), (5, 3), (30, 1), (3, 5)):
            p = Placement(1, pile, owed)
            first, bottom, other = chances(p, model)
            named = 1 + (p.first != pile)
            total = first + (bottom if p.first != pile else 0.0) + other * (pile + 1 - named)
            assert total == pytest.approx(1.0), (model, pile, owed)
            assert min(first, other if pile + 1 > named else 1.0) >= MIXED / (pile + 1) - 1e-12


def test_a_world_is_weighed_by_where_its_kitten_is() -> None:
    """Under the heuristic model the true world (the Kitten on top for the next player) is kept for sure;
    the same world with the Kitten lower is kept only as often as the mixed-in uniform choice allows."""
    for state in _states(3):
        view = _view(state, 0)
        if not placements(view) or state.pile.index(C.KITTEN) != 0 or len(state.pile) < 6:
            continue
        game = state.game
        world, cfg = encode(state), config(game)
        array = evidence(view, "heuristic")
        nopes = int(array[1])
        array = np.concatenate([[array[0] - nopes, 0.0], array[2 + 8 * nopes :]])  # placements only
        assert likelihood(world, cfg, 0, array) == pytest.approx(1.0)
        size = int(world[k.PILE_LEN])
        top, low = k.PILE + size - 1, k.PILE + size - 4  # the Kitten moved three cards down
        world[top], world[low] = world[low], world[top]
        p = placements(view)[0]
        first, _, other = chances(p, "heuristic")
        assert likelihood(world, cfg, 0, array) == pytest.approx(other / first)
        assert other / first < 0.01
        return
    raise AssertionError("no position with the Kitten placed on top in this game")
