"""Gymnasium: check_env passes for every game and preset; bots play the other seats."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from cardroom.core.errors import IllegalAction
from cardroom.rl.gymnasium import CardroomEnv
from tests.rl.conftest import TOY, variants

VARIANTS = variants()


def opponents(name: str) -> str:
    return "random" if name == TOY else "heuristic"


@pytest.mark.parametrize(("name", "preset", "options"), VARIANTS)
def test_check_env(name: str, preset: str, options: dict[str, object]) -> None:
    check_env(CardroomEnv(name, preset, opponents=opponents(name), **options), skip_render_check=True)


@pytest.mark.parametrize(("name", "preset", "options"), VARIANTS)
def test_masked_random_episodes_end_with_the_outcome(name: str, preset: str, options: dict[str, object]) -> None:
    env = CardroomEnv(name, preset, opponents=opponents(name), **options)
    rng = np.random.default_rng(0)
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        done, reward = False, 0.0
        while not done:
            assert env.observation_space.contains(obs)
            assert (obs["action_mask"] == info["action_mask"]).all()
            action = rng.choice(np.flatnonzero(obs["action_mask"]))
            obs, reward, done, truncated, info = env.step(action)
            assert not truncated
        assert -1.0 <= reward <= 1.0


def test_illegal_actions_lose_or_raise() -> None:
    env = CardroomEnv(TOY, "sneaky", opponents="random")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done) == (-1.0, True) and "illegal_action" in info
    strict = CardroomEnv(TOY, "sneaky", opponents="random", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def test_games_are_registered_with_gymnasium() -> None:
    import gymnasium

    from cardroom.rl.gymnasium import env_id, register_envs

    assert env_id(TOY) in register_envs()
    env = gymnasium.make(env_id(TOY), preset="sneaky-four", opponents="random")
    obs, _ = env.reset(seed=2)
    assert obs["action_mask"].sum() >= 1 and env.unwrapped.interface.players == 4
