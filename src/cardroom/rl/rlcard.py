"""RLCard environments for every cardroom game: ``make("tacocat", config={"seed": 0})``.

An RLCard environment is a subclass of ``rlcard.envs.Env`` over a "game" object with RLCard's
methods (``init_game``, ``step``, ``get_state``, ``get_payoffs``...). Here the game object is a thin
shell over a cardroom engine state, and the environment speaks RLCard's dialect:

- ``state["obs"]``: the seat's observation vector (the same encoder as every adapter);
- ``state["legal_actions"]``: an ``OrderedDict`` of legal action indices (values ``None``);
- ``state["raw_obs"]``: the seat's view, ``state["raw_legal_actions"]``: the legal action texts;
- ``run()``, ``set_agents()``, ``get_payoffs()`` (``outcome.returns``), ``get_perfect_information()``
  (the whole state, secrets included: for analysis, never for an agent).

Decisions taken at once are served lowest seat first, as in the other adapters. RLCard's own agents
(``RandomAgent``, and ``DQNAgent`` with torch installed) play it unchanged.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import numpy as np
from rlcard.envs.env import Env

from cardroom.core.game import State
from cardroom.rl.interface import Interface

DEFAULT_CONFIG: dict[str, Any] = {"allow_step_back": False, "seed": None}


class CardroomRLCardGame:
    """RLCard's game protocol over a cardroom engine (immutable states, so stepping back is a stack)."""

    def __init__(self, interface: Interface) -> None:
        self.interface = interface
        self.allow_step_back = False
        self.np_random: Any = np.random.RandomState()
        self.history: list[State] = []
        self.state: State | None = None

    def configure(self, config: dict[str, Any]) -> None:  # RLCard calls this for some games only
        pass

    def init_game(self) -> tuple[dict[str, Any], int]:
        seed = int(self.np_random.randint(0, 2**31 - 1)) * 2**31 + int(self.np_random.randint(0, 2**31 - 1))
        self.state = self.interface.game.new_game(seed)
        self.history = []
        player = self.get_player_id()
        return self.get_state(player), player

    def step(self, action: str) -> tuple[dict[str, Any], int]:
        state = self._state()
        if self.allow_step_back:
            self.history.append(state)
        self.state = state.apply(state.to_act[0], action)
        player = self.get_player_id()
        return self.get_state(player), player

    def step_back(self) -> bool:
        if not self.history:
            return False
        self.state = self.history.pop()
        return True

    def get_num_players(self) -> int:
        return self.interface.players

    def get_num_actions(self) -> int:
        return len(self.interface.actions)

    def get_player_id(self) -> int:
        state = self._state()
        return state.to_act[0] if state.to_act else 0

    def is_over(self) -> bool:
        return self._state().is_over

    def get_state(self, player: int) -> dict[str, Any]:
        """The raw state RLCard's ``_extract_state`` reads: the seat's view and its legal actions."""
        state = self._state()
        view = state.view(player)
        legal = [str(a) for a in state.legal_actions(player)] if not state.is_over else []
        return {"view": view, "legal": legal, "player": player}

    def get_payoffs(self) -> np.ndarray:
        state = self._state()
        if state.outcome is None:
            return np.zeros(self.interface.players)
        return np.array(state.outcome.returns(state.players), dtype=np.float64)

    def _state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() first")
        return self.state


class CardroomRLCardEnv(Env):  # type: ignore[misc]
    """One cardroom game as an RLCard environment."""

    def __init__(
        self, name: str, preset: str | None = None, config: dict[str, Any] | None = None, **options: Any
    ) -> None:
        self.interface = Interface.make(name, preset, **options)
        self.name = f"cardroom-{name}"
        self.game = CardroomRLCardGame(self.interface)
        super().__init__({**DEFAULT_CONFIG, **(config or {})})
        size = self.interface.encoder.size
        self.state_shape = [[size] for _ in range(self.num_players)]
        self.action_shape = [None for _ in range(self.num_players)]

    def _extract_state(self, state: dict[str, Any]) -> dict[str, Any]:
        indices = [self.interface.actions.index(text) for text in state["legal"]]
        return {
            "obs": self.interface.encode_view(state["view"]),
            "legal_actions": OrderedDict((i, None) for i in indices),
            "raw_obs": state["view"],
            "raw_legal_actions": list(state["legal"]),
            "action_record": self.action_recorder,
        }

    def _decode_action(self, action_id: int) -> str:
        return str(self.interface.actions.action(int(action_id)))

    def _get_legal_actions(self) -> list[int]:
        player = self.game.get_player_id()
        return [self.interface.actions.index(t) for t in self.game.get_state(player)["legal"]]

    def get_payoffs(self) -> np.ndarray:
        return self.game.get_payoffs()

    def get_perfect_information(self) -> dict[str, Any]:
        """The whole engine state, every hand included: for analysis and debugging, never for an agent."""
        data: dict[str, Any] = self.game._state().to_json()
        return data


def make(
    name: str, config: dict[str, Any] | None = None, preset: str | None = None, **options: Any
) -> CardroomRLCardEnv:
    """``rlcard.make``'s counterpart: ``config`` takes RLCard's keys (``seed``, ``allow_step_back``)."""
    return CardroomRLCardEnv(name, preset, config, **options)
