"""A PettingZoo *parallel* environment: every seat that decides now acts in one ``step``.

    from cardroom.rl.parallel import parallel_env
    env = parallel_env("tacocat")
    observations, infos = env.reset(seed=0)
    while env.agents:
        actions = {a: policy(observations[a]) for a in env.agents}   # ignored for seats not to act
        observations, rewards, terminations, truncations, infos = env.step(actions)

The duels, the centre-space replacements and the Nope windows are simultaneous, and here they are:
each step takes an action from every agent whose ``action_mask`` has a 1 (``infos[agent]["acts"]``),
and applies them in seat order. The engine keeps each choice face down until all have chosen, so the
order leaks nothing. Agents with nothing to decide may send anything; it is ignored. An action that
was legal in the agent's observation but that an earlier seat's choice in the same step made illegal
(a Nope that reopens a window) is dropped and the agent is asked again. An action that was never
legal ends the game with -1 for that agent and 0 for the others (``illegal="lose"``, the default, as
PettingZoo's ``TerminateIllegalWrapper`` does for the AEC environment), or raises
:class:`~cardroom.core.errors.IllegalAction` (``illegal="raise"``). Agents stay until the game ends,
when all receive ``outcome.returns`` and ``agents`` empties.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from cardroom.core.errors import IllegalAction
from cardroom.rl.interface import Interface
from cardroom.rl.pettingzoo import Seated, agent_name
from cardroom.rl.render import ansi


class CardroomParallel(Seated, ParallelEnv):  # type: ignore[misc]
    """One cardroom game as a PettingZoo parallel environment."""

    def __init__(
        self,
        name: str,
        preset: str | None = None,
        *,
        render_mode: str | None = None,
        generic_encoder: bool = False,
        illegal: str = "lose",
        **options: Any,
    ) -> None:
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self.interface = Interface.make(name, preset, generic_encoder=generic_encoder, **options)
        game = self.interface.game
        self.metadata = {"name": f"cardroom_{name}_{game.preset}_parallel", "render_modes": ["ansi"]}
        self._seat_agents(render_mode)
        self.agents = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self._new_game(seed)
        return self._observations(), self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        state = self._state()
        if not self.agents:
            raise RuntimeError("the game is over; call reset()")
        acting = list(state.to_act)
        missing = [agent_name(s) for s in acting if agent_name(s) not in actions]
        if missing:
            raise ValueError(f"these agents must act this step: {', '.join(missing)}")
        offered = {s: set(self.interface.legal_indices(state, s)) for s in acting}
        for seat in acting:
            index = int(actions[agent_name(seat)])
            if index not in offered[seat]:
                act = self.interface.actions.action(index) if 0 <= index < len(self.interface.actions) else index
                if self.illegal == "raise":
                    raise IllegalAction(
                        f"{agent_name(seat)} may not take {act!r} now; its action_mask shows what it may"
                    )
                return self._forfeit(seat, str(act))
            if seat not in state.to_act or index not in self.interface.legal_indices(state, seat):
                continue  # an earlier seat's choice this step changed the question: asked again next step
            state = state.apply(seat, self.interface.actions.action(index))
        self.game_state = state
        rewards = dict.fromkeys(self.agents, 0.0)
        over = state.is_over
        if over:
            assert state.outcome is not None
            for s, value in enumerate(state.outcome.returns(state.players)):
                rewards[agent_name(s)] = float(value)
        observations, infos = self._observations(), self._infos()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _forfeit(
        self, seat: int, act: str
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        """An illegal action under ``illegal="lose"``: the game stops, -1 to the agent that took it."""
        rewards = {a: (-1.0 if a == agent_name(seat) else 0.0) for a in self.agents}
        infos = self._infos()
        infos[agent_name(seat)]["illegal_action"] = act
        observations = self._observations()
        done = dict.fromkeys(self.agents, True)
        self.agents = []
        return observations, rewards, done, dict.fromkeys(done, False), infos

    def state(self) -> np.ndarray:
        """Every seat's observation side by side, seat 0 first: for centralised critics only."""
        state = self._state()
        return np.concatenate([self.interface.observation(state, s) for s in range(state.players)])

    def render(self) -> str | None:
        """``ansi``: the view of the lowest seat to act (its hand shown), or a spectator's once over."""
        state = self._state()
        return ansi(state.view(None if state.is_over else state.to_act[0]))

    def close(self) -> None:
        pass

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        state = self._state()
        return {
            agent_name(s): {
                "observation": self.interface.observation(state, s),
                "action_mask": self.interface.mask(state, s),
            }
            for s in range(state.players)
        }

    def _infos(self) -> dict[str, dict[str, Any]]:
        state = self._state()
        acting = set(state.to_act) if not state.is_over else set()
        return {agent_name(s): {"acts": s in acting} for s in range(state.players)}


def parallel_env(name: str, preset: str | None = None, **kwargs: Any) -> CardroomParallel:
    return CardroomParallel(name, preset, **kwargs)
