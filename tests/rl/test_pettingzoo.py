"""PettingZoo: api_test and seed_test pass for every game and preset."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from cardroom.rl.pettingzoo import env, raw_env
from tests.rl.conftest import TOY, variants

VARIANTS = variants()


@pytest.mark.parametrize(("name", "preset", "options"), VARIANTS)
def test_api(name: str, preset: str, options: dict[str, object]) -> None:
    api_test(env(name, preset, **options), num_cycles=100)


@pytest.mark.parametrize(("name", "preset", "options"), VARIANTS)
def test_seed(name: str, preset: str, options: dict[str, object]) -> None:
    seed_test(lambda: env(name, preset, **options), num_cycles=100)


def test_a_full_game_ends_with_the_outcome_as_rewards() -> None:
    aec = raw_env(TOY, "sneaky-four")
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
    assert set(aec.named_observation("player_0")) == {"to_act", "is_over", "features"}


def _first_simultaneous(aec: raw_env, seeds: range, phase: str | None) -> bool:  # type: ignore[valid-type]
    """Step randomly until two seats must decide at once (in ``phase``) and the first has two choices."""
    rng = np.random.default_rng(0)
    for seed in seeds:
        aec.reset(seed=seed)
        while not aec.game_state.is_over:
            state = aec.game_state
            if (
                len(state.to_act) >= 2
                and len(state.legal_actions(state.to_act[0])) >= 2
                and (phase is None or state.view(None).get("phase") == phase)
            ):
                return True
            obs = aec.observe(aec.agent_selection)
            aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return False


@pytest.mark.parametrize(
    ("name", "preset", "phase"), [(TOY, "sneaky", None), ("tacocat", None, "replace"), ("tacocat", None, "duel")]
)
def test_a_choice_made_face_down_does_not_show_in_the_next_agents_observation(
    name: str, preset: str | None, phase: str | None
) -> None:
    """Duels are served one agent at a time; the second must not see what the first chose.

    Whether the first is still deciding is public (it is ``to_act``), so choices are compared within
    groups that leave the same seats to act.
    """
    aec = raw_env(name, preset)
    assert _first_simultaneous(aec, range(20), phase)
    state = aec.game_state
    first, second = state.to_act[0], state.to_act[1]
    seen: dict[tuple[int, ...], set[bytes]] = {}
    for act in state.legal_actions(first):
        after = state.apply(first, act)
        seen.setdefault(after.to_act, set()).add(aec.interface.observation(after, second).tobytes())
    assert max(len(group) for group in seen.values()) == 1
    assert any(len(group) for group in seen.values())
