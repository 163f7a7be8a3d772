"""The PettingZoo parallel environment passes PettingZoo's own parallel checks and serves duels at once."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

from cardroom.core.errors import IllegalAction
from cardroom.rl.parallel import parallel_env


@pytest.mark.parametrize(
    ("name", "options"), [("tacocat", {}), ("exploding-kittens", {"players": 3}), ("taco", {"players": 3})]
)
def test_pettingzoo_parallel_api_test(name: str, options: dict[str, int]) -> None:
    parallel_api_test(parallel_env(name, **options), num_cycles=300)


def test_pettingzoo_parallel_seed_test() -> None:
    parallel_seed_test(lambda: parallel_env("tacocat"), num_cycles=100)


def test_simultaneous_decisions_take_both_seats_in_one_step() -> None:
    env = parallel_env("tacocat")
    obs, infos = env.reset(seed=3)
    rng = np.random.default_rng(0)
    both = 0
    while env.agents:
        acting = [a for a in env.agents if infos[a]["acts"]]
        both += len(acting) == 2
        actions = {
            a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) if infos[a]["acts"] else 0 for a in env.agents
        }
        obs, rewards, terms, _, infos = env.step(actions)
    assert both > 0  # the centre-space replacement and the duels are asked of both seats at once
    assert sorted(rewards.values()) == [-1.0, 1.0] and all(terms.values())


def test_an_action_never_offered_is_refused_or_forfeits() -> None:
    env = parallel_env("tacocat", illegal="raise")
    obs, infos = env.reset(seed=1)
    agent = next(a for a in env.agents if infos[a]["acts"])
    bad = int(np.flatnonzero(obs[agent]["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="action_mask"):
        env.step(dict.fromkeys(env.agents, bad))
    with pytest.raises(ValueError, match="must act this step"):
        env.step({})
    losing = parallel_env("tacocat")
    losing.reset(seed=1)
    _, rewards, terms, _, infos = losing.step(dict.fromkeys(losing.agents, bad))
    assert rewards[agent] == -1.0 and all(terms.values()) and "illegal_action" in infos[agent]
    assert losing.agents == []
