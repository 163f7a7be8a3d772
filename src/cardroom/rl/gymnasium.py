"""Gymnasium single-agent environments: one learning seat, every other seat played by a bot.

    env = cardroom.rl.gymnasium.CardroomEnv("tacocat", opponents=["heuristic"])

The opponents are bot specs (``"random"``, ``"heuristic"``, any registered spec), one per other seat
or a single spec for all of them. They see only their own views, like every bot. Between two of the
learner's decisions the opponents play on; simultaneous decisions are served lowest seat first, and
the engine keeps a choice made face down out of everyone else's view.

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``, encoded from the
learner's view alone; ``info["action_mask"]`` and ``action_masks()`` repeat the mask for libraries
that look there. The reward is 0 until the end, then the learner's ``outcome.returns``.

An illegal action (Gymnasium's own checker samples actions blindly) ends the episode with reward -1
and ``info["illegal_action"]``; pass ``illegal="raise"`` to get the engine's ``IllegalAction`` instead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from cardroom.bots import make_bot
from cardroom.core import rng as rngmod
from cardroom.core.bot import Bot, ask
from cardroom.core.game import State
from cardroom.core.registry import game_names
from cardroom.rl.interface import Interface
from cardroom.rl.render import ansi

Observation = dict[str, Any]  # "observation": float32 vector, "action_mask": int8 vector


class CardroomEnv(gymnasium.Env[Observation, np.int64]):
    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's convention

    def __init__(
        self,
        name: str,
        preset: str | None = None,
        *,
        opponents: Sequence[str] | str = ("heuristic",),
        seat: int = 0,
        illegal: str = "lose",
        generic_encoder: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.interface = Interface.make(name, preset, generic_encoder=generic_encoder, **options)
        game = self.interface.game
        if not 0 <= seat < game.players:
            raise ValueError(f"seat {seat} is not a seat of {game!r}")
        specs = [opponents] if isinstance(opponents, str) else list(opponents)
        others = [s for s in range(game.players) if s != seat]
        if len(specs) == 1:
            specs = specs * len(others)
        if len(specs) != len(others):
            raise ValueError(f"{len(others)} opponents needed (or one spec for all), got {len(specs)}")
        self.seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.opponent_specs = dict(zip(others, specs))
        self.opponents: dict[int, Bot] = {s: make_bot(spec, game) for s, spec in self.opponent_specs.items()}
        enc = self.interface.encoder
        n = len(self.interface.actions)
        self.observation_space: spaces.Space[Observation] = spaces.Dict(
            {
                "observation": spaces.Box(enc.low, enc.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(n)
        self.game_state: State | None = None
        self._rng = random.Random()
        self._bot_rngs: dict[int, random.Random] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        self.game_state = self.interface.game.new_game(rngmod.seed_from(self._rng))
        self._bot_rngs = {s: random.Random(self._rng.getrandbits(64)) for s in self.opponents}
        self._play_opponents()
        return self._observe(), self._info()

    def step(self, action: int | np.integer[Any]) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self._state()
        if state.is_over:
            raise RuntimeError("the episode is over; call reset()")
        act = self.interface.actions.action(int(action))
        if act not in state.legal_actions(self.seat):
            if self.illegal == "raise":
                state.apply(self.seat, act)  # raises the engine's IllegalAction, naming the rule
            return self._observe(), -1.0, True, False, {**self._info(), "illegal_action": str(act)}
        self.game_state = state.apply(self.seat, act)
        self._play_opponents()
        state = self._state()
        reward = 0.0
        if state.is_over:
            assert state.outcome is not None
            reward = float(state.outcome.returns(state.players)[self.seat])
        return self._observe(), reward, state.is_over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal-action mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self.interface.mask(self._state(), self.seat)

    def named_observation(self) -> dict[str, np.ndarray]:
        """The current observation split into its named pieces, for debugging."""
        return self.interface.named(self._state(), self.seat)

    def render(self) -> str | None:
        """``ansi``: the learner's view as readable lines, its own hand first (see ``cardroom.rl.render``)."""
        return ansi(self._state().view(self.seat))

    # -- helpers --------------------------------------------------------------------------------

    def _play_opponents(self) -> None:
        """Let the bots play until the learner must decide or the game ends."""
        state = self._state()
        while not state.is_over:
            seat = state.to_act[0]
            if seat == self.seat:
                break
            text = ask(self.opponents[seat], state, seat, self._bot_rngs[seat])
            state = state.apply(seat, text)
        self.game_state = state

    def _observe(self) -> Observation:
        state = self._state()
        return {
            "observation": self.interface.observation(state, self.seat),
            "action_mask": self.interface.mask(state, self.seat),
        }

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.interface.mask(self._state(), self.seat)}

    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() first")
        return self.game_state


def env_id(name: str) -> str:
    return f"cardroom/{name}-v0"


def register_envs() -> list[str]:
    """Register ``cardroom/<name>-v0`` with Gymnasium for every game that can be made now.

    ``gymnasium.make("cardroom/tacocat-v0", opponents="random")`` then works; keyword arguments go to
    :class:`CardroomEnv`. A game registered later joins by calling this again.
    """
    ids = []
    for name in game_names():
        ident = env_id(name)
        if ident not in gymnasium.registry:
            gymnasium.register(id=ident, entry_point="cardroom.rl.gymnasium:CardroomEnv", kwargs={"name": name})
        ids.append(ident)
    return ids


register_envs()
