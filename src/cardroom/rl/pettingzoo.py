"""PettingZoo AEC environments for every cardroom game: ``env("tacocat", preset="official")``.

Agents are ``player_0``, ``player_1``, ... (seat numbers). Each observation is
``{"observation": float32 vector, "action_mask": int8 vector}``, encoded from that seat's view alone.

Simultaneous decisions (a Tacocat duel, a replacement, a Nope window) are served one agent at a time,
lowest seat first. That is safe because the engine keeps a choice made face down out of every other
seat's view until all have chosen: the second agent learns only that the first has decided, never what.
Seats knocked out of a game stay agents until the end (they are simply never selected) and every agent
receives its reward from ``outcome.returns`` when the game ends.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from cardroom.core import rng as rngmod
from cardroom.core.errors import IllegalAction
from cardroom.core.game import State
from cardroom.rl.interface import Interface
from cardroom.rl.render import ansi


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def agent_spaces(interface: Interface) -> tuple[dict[str, spaces.Space[Any]], dict[str, spaces.Space[Any]], spaces.Box]:
    """Per agent: the observation and action spaces; and the global state space for critics.

    One space object per agent, returned every time (PettingZoo's API test checks identity). The
    state is every seat's observation side by side (seat 0 first): together the seats' views hold
    every hand, so it is the table as a centralised critic needs it; never give it to a policy.
    """
    enc = interface.encoder
    n = len(interface.actions)
    agents = [agent_name(s) for s in range(interface.players)]
    observation_spaces: dict[str, spaces.Space[Any]] = {
        a: spaces.Dict(
            {
                "observation": spaces.Box(enc.low, enc.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
            }
        )
        for a in agents
    }
    action_spaces: dict[str, spaces.Space[Any]] = {a: spaces.Discrete(n) for a in agents}
    players = interface.players
    state_space = spaces.Box(np.tile(enc.low, players), np.tile(enc.high, players), dtype=np.float32)
    return observation_spaces, action_spaces, state_space


class Seated:
    """What both PettingZoo environments (AEC here, parallel in ``parallel.py``) keep alike: the game's
    interface, one agent per seat with its spaces, and the game in play. A seed given to a reset fixes
    that game and every later reset, as in Gymnasium."""

    interface: Interface
    agents: list[str]

    def _seat_agents(self, render_mode: str | None) -> None:
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.interface.game.players)]
        self._observation_spaces, self._action_spaces, self.state_space = agent_spaces(self.interface)
        self._rng = random.Random()
        self.game_state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def _new_game(self, seed: int | None) -> State:
        if seed is not None:
            self._rng = random.Random(seed)
        self.game_state = self.interface.game.new_game(rngmod.seed_from(self._rng))
        self.agents = self.possible_agents[:]
        return self.game_state

    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() first")
        return self.game_state


class CardroomAEC(Seated, AECEnv):  # type: ignore[misc]
    """One cardroom game as a PettingZoo AEC environment (raw: an illegal action raises)."""

    RENDER_MODES = ("ansi", "human")

    def __init__(
        self,
        name: str,
        preset: str | None = None,
        *,
        render_mode: str | None = None,
        generic_encoder: bool = False,
        **options: Any,
    ) -> None:
        super().__init__()
        self.interface = Interface.make(name, preset, generic_encoder=generic_encoder, **options)
        game = self.interface.game
        self.metadata = {
            "name": f"cardroom_{name}_{game.preset}",
            "render_modes": list(self.RENDER_MODES),
            "is_parallelizable": False,
        }
        self._seat_agents(render_mode)
        self._seats = {a: s for s, a in enumerate(self.possible_agents)}

    # -- the AEC cycle -----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        first = self._new_game(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(first.to_act[0])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._state()
        seat = self._seats[agent]
        return {
            "observation": self.interface.observation(state, seat),
            "action_mask": self.interface.mask(state, seat),
        }

    def state(self) -> np.ndarray:
        """The global state for a centralised critic: each seat's observation vector, in seat order."""
        state = self._state()
        return np.concatenate([self.interface.observation(state, s) for s in range(state.players)])

    def named_observation(self, agent: str) -> dict[str, np.ndarray]:
        """``observe(agent)["observation"]`` split into its named pieces, for debugging."""
        return self.interface.named(self._state(), self._seats[agent])

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        seat = self._seats[agent]
        if action is None:
            raise IllegalAction(f"{agent} must choose an action; None is only for finished agents")
        act = self.interface.actions.action(int(action))
        state = state.apply(seat, act)  # IllegalAction if the rules forbid it: the engine decides
        self.game_state = state
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.is_over:
            assert state.outcome is not None
            for s, value in enumerate(state.outcome.returns(state.players)):
                self.rewards[agent_name(s)] = float(value)
            for a in self.agents:
                self.terminations[a] = True
            # Every agent now steps None once; start with the next seat round the table.
            self.agent_selection = self.possible_agents[(seat + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = agent_name(state.to_act[0])
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The view of the agent to act (its own hand shown), as readable lines; a spectator's once over."""
        state = self._state()
        seat = None if state.is_over or not self.agents else self._seats[self.agent_selection]
        text = ansi(state.view(seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(name: str, preset: str | None = None, **kwargs: Any) -> CardroomAEC:
    """The bare environment: an illegal action raises :class:`~cardroom.core.errors.IllegalAction`."""
    return CardroomAEC(name, preset, **kwargs)


def env(name: str, preset: str | None = None, **kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers for classic games.

    An illegal action ends the game with -1 for the agent that took it (``TerminateIllegalWrapper``),
    and calls out of order are refused (``OrderEnforcingWrapper``).
    """
    wrapped: AECEnv = raw_env(name, preset, **kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
