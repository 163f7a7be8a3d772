"""PettingZoo: api_test and seed_test pass for every game and preset."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from cardroom.rl.pettingzoo import env, raw_env
from tests.rl.conftest import variants

VARIANTS = variants()


@pytest.mark.parametrize(("name", "preset", "options"), VARIANTS)
def test_api(name: str, preset: str, options: dict[str, object]) -> None:
    api_test(env(name, preset, **options), num_cycles=100)


@pytest.mark.parametrize(("name", "preset", "options"), VARIANTS)
def test_seed(name: str, preset: str, options: dict[str, object]) -> None:
    seed_test(lambda: env(name, preset, **options), num_cycles=100)


def test_a_full_game_ends_with_the_outcome_as_rewards() -> None:
    aec = raw_env("high-card", "three")
    aec.reset(seed=3)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        obs, reward, term, trunc, _ = aec.last()
        totals[agent] += reward
        if term or trunc:
            aec.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        aec.step(int(legal[0]))
    assert abs(sum(totals.values())) < 1e-9
    assert max(totals.values()) > 0
