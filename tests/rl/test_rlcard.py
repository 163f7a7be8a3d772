"""RLCard: the adapter plays whole games with RLCard's own agents and its own run loop."""

from __future__ import annotations

import numpy as np
import pytest
from rlcard.agents import RandomAgent

from cardroom.rl.rlcard import make


@pytest.mark.parametrize(
    ("name", "options"), [("tacocat", {}), ("exploding-kittens", {"players": 3}), ("taco", {"players": 3})]
)
def test_rlcard_random_agents_play_whole_games(name: str, options: dict[str, int]) -> None:
    env = make(name, config={"seed": 7}, **options)
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    for _ in range(2):
        trajectories, payoffs = env.run(is_training=False)
        assert env.is_over()
        assert len(payoffs) == env.num_players and abs(float(np.sum(payoffs))) < 1e-9
        assert max(payoffs) > 0  # somebody won
        assert sum(len(t) for t in trajectories) > 2 * env.num_players


def test_states_speak_rlcards_dialect_and_match_the_engine() -> None:
    env = make("tacocat", config={"seed": 1})
    state, player = env.reset()
    engine = env.game.state
    assert engine is not None
    assert state["raw_obs"] == engine.view(player)
    assert state["raw_legal_actions"] == [str(a) for a in engine.legal_actions(player)]
    assert [env._decode_action(i) for i in state["legal_actions"]] == state["raw_legal_actions"]
    assert state["obs"].shape == tuple(env.state_shape[player])
    # A raw action (text) steps as well as an index.
    nxt, _ = env.step(state["raw_legal_actions"][0], raw_action=True)
    assert env.game.state is not None and env.game.state.step == engine.step + 1 and "obs" in nxt


def test_the_same_seed_gives_the_same_game() -> None:
    def play() -> list[float]:
        env = make("exploding-kittens", config={"seed": 3}, players=2)
        env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(2)])
        np.random.seed(0)  # RandomAgent draws from numpy's global generator
        return list(env.run()[1])

    assert play() == play()


def test_step_back_when_allowed() -> None:
    env = make("tacocat", config={"seed": 2, "allow_step_back": True})
    state, _ = env.reset()
    before = env.game.state
    env.step(next(iter(state["legal_actions"])))
    back, _ = env.step_back()
    assert env.game.state is before and back["raw_obs"] == state["raw_obs"]
