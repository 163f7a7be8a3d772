"""The differential check, once for every game: the reference engine and the kernel play the same games.

After every action it compares, for every seat to act, the legal actions (the reference's texts, in
order), and through the game's ``compare`` the whole state both ways (the reference state encoded
must equal the kernel's array, the kernel's array decoded must hold every field of the reference's,
secrets included), who is to act and the result. With ``policy="heuristic"`` the game's ``heuristic``
checks the kernel's heuristic against the reference ``HeuristicBot`` and returns the bot's choice.
The game's ``step`` carries the action out in the kernel with the reference's own random draws (its
seed and counter), so the two engines stay in step through whole games.

The reference is the authority: a :class:`KernelMismatch` names the game, the seed, the step and what
differs. The kernels' own randomness is proven separately (``kernel_proof.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardroom.core.bot import Bot
from cardroom.core.game import Game, State
from cardroom.core.kernel_face import Counts, Kernel, KernelMismatch

__all__ = ["Counts", "Differential", "KernelMismatch"]

Arr = Any  # an int64 array


@dataclass(frozen=True)
class Differential:
    """One game's side of the check."""

    kernel: Kernel
    compare: Callable[[Any, Arr, Arr, str], None]  # (reference state, kernel array, options, where)
    step: Callable[[Any, Arr, Arr, int, str], int]  # (state after, array, options, seat, action): draws taken
    bot: Bot  # the game's HeuristicBot: its choice is played in heuristic games
    pick: Callable[[Arr, Arr, int, Arr, int], int] | None = None  # the kernel's heuristic: the same choice
    scores: Callable[[Any, Arr, Arr, int, str], None] | None = None  # or: every action's score the same

    def acting(self, state: State, s: Arr, cfg: Arr, where: str) -> None:
        """Who is to act and the result, kernel against reference."""
        rules = self.kernel.rules
        seats = np.zeros(int(rules.MAXP), np.int64)
        n = rules.to_act(s, cfg, seats)
        if tuple(int(x) for x in seats[:n]) != state.to_act:
            raise KernelMismatch(f"{where}: kernel to_act {seats[:n]}, reference {state.to_act}")
        outcome = state.outcome
        expected = -1 if outcome is None or len(outcome.winners) != 1 else outcome.winners[0]
        if rules.winner(s, cfg) != expected:
            raise KernelMismatch(f"{where}: kernel winner {rules.winner(s, cfg)}, reference {expected}")

    def heuristic(self, state: State, s: Arr, cfg: Arr, seat: int, rng: random.Random, where: str) -> str:
        """The bot's choice, after checking the kernel's heuristic against it."""
        game = state.game if hasattr(state, "game") else None
        if self.scores is not None:
            self.scores(state, s, cfg, seat, where)
        text = str(self.bot.choose(game, state.view(seat), rng))  # type: ignore[arg-type]
        if self.pick is not None:
            moves = np.zeros(int(self.kernel.rules.MAX_ACTIONS), np.int64)
            n = self.kernel.rules.legal(s, cfg, seat, moves)
            mine = self.kernel.codec.action_text(game, int(self.pick(s, cfg, seat, moves, n)))
            if mine != text:
                raise KernelMismatch(f"{where}: seat {seat} kernel heuristic {mine!r}, HeuristicBot {text!r}")
        return text

    def play(self, game: Game, seed: int, policy: str = "random", max_actions: int = 1 << 40) -> Counts:
        """One game from ``seed`` through both engines; ``policy`` is ``random`` or ``heuristic``."""
        counts = Counts(games=1)
        rules, codec = self.kernel.rules, self.kernel.codec
        cfg = codec.config(game)
        chooser = random.Random(seed)
        state: State = game.new_game(seed)
        s = codec.encode(state)
        moves = np.zeros(int(rules.MAX_ACTIONS), np.int64)
        label = f"{game.name} {','.join(f'{k}={v}' for k, v in sorted(game.options.items()))} seed {seed}"
        while counts.actions < max_actions:
            where = f"{label} step {getattr(state, 'step', counts.actions)}"
            self.compare(state, s, cfg, where)
            self.acting(state, s, cfg, where)
            counts.states += 1
            if state.is_over:
                return counts
            for seat in state.to_act:
                n = rules.legal(s, cfg, seat, moves)
                texts = tuple(codec.action_text(game, int(a)) for a in moves[:n])
                reference = tuple(str(a) for a in state.legal_actions(seat))
                if texts != reference:
                    raise KernelMismatch(f"{where}: seat {seat} kernel legal {texts}, reference {reference}")
                counts.legal_sets += 1
            seat = chooser.choice(state.to_act)
            if policy == "heuristic":
                text = self.heuristic(state, s, cfg, seat, chooser, where)
                counts.heuristic_choices += 1
            else:
                text = str(chooser.choice(state.legal_actions(seat)))
            state = state.apply(seat, text)
            counts.random_draws += self.step(state, s, cfg, seat, text)
            counts.actions += 1
        return counts

    def run(self, game: Game, games: int, first_seed: int = 0, policy: str = "random") -> Counts:
        """Games ``first_seed`` to ``first_seed + games - 1``; what was compared, added up."""
        total = Counts()
        for seed in range(first_seed, first_seed + games):
            total.add(self.play(game, seed, policy))
        return total
