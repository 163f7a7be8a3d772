"""States imagined by ``game.sample`` keep no event log, and nothing else about them changes."""

from __future__ import annotations

import random

import pytest

import cardroom
from cardroom.core import events as ev


def test_an_off_chain_stays_off_and_reads_empty() -> None:
    event = ev.Event("k", "t", {})
    assert ev.append(ev.OFF, event) is ev.OFF
    assert ev.extend(ev.OFF, [event, event]) is ev.OFF
    assert ev.length(ev.OFF) == 0 and list(ev.iterate(ev.OFF)) == []
    assert not ev.OFF[0].visible_to(None) and not ev.OFF[0].visible_to(0)  # type: ignore[index]


@pytest.mark.parametrize(("name", "options"), [("tacocat", {}), ("exploding-kittens", {"players": 3})])
def test_sampled_states_play_on_without_a_log(name: str, options: dict[str, int]) -> None:
    game = cardroom.make(name, **options)
    rng = random.Random(4)
    state = game.new_game(11)
    for _ in range(12):
        seat = state.to_act[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.events(), "a real game keeps its log"
    seat = state.to_act[0]
    world = game.sample(state.view(seat), random.Random(1))
    assert world.view(seat) == state.view(seat)
    for _ in range(30):
        if world.is_over:
            break
        actor = world.to_act[0]
        world = world.apply(actor, rng.choice(world.legal_actions(actor)))
        assert world.events() == [] and world.log(actor) == [] and world.log(None) == []
        assert game.load(world.to_json()) == world  # it saves and loads like any state
