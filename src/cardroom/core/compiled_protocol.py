"""The kernel protocol: what a game's compiled kernel must provide for the search written once.

A game's ``kernel_search.py`` defines every name below, compiled with ``njit``: these functions with
these signatures, and these constants. The bodies here are stubs that say what each must do;
``compiled_search.build`` puts the game's own in their place when it makes the game's copy of the
search. :func:`uninformed` is a real default: the ``likelihood`` of a game that reads no evidence.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

# -- the protocol: a game's kernel_search module defines every name below ---------------------------------

#: Constants: actions one decision offers at most, seats at most, steps before a game is cut off,
#: actions a tree node holds at most (a bigger decision is played by the default policy), tree
#: decisions in one playout at most, slots of the generator array (core's generator reads slot 0),
#: and the policy numbers ``choose`` takes.
MAX_ACTIONS = MAXP = MAX_STEPS = NODE_ACTIONS = MAX_DEPTH = RNG_SIZE = 1
POLICY_RANDOM, POLICY_HEURISTIC = 0, 1

PROTOCOL = ("state_size", "new_game", "to_act", "legal", "apply", "over", "winner", "reward", "heuristic",
            "determinize", "info_key", "likelihood", "value")  # fmt: skip
CONSTANTS = ("MAX_ACTIONS", "MAXP", "MAX_STEPS", "NODE_ACTIONS", "MAX_DEPTH", "RNG_SIZE", "POLICY_RANDOM",
             "POLICY_HEURISTIC")  # fmt: skip


def state_size(cfg: Arr) -> int:
    """Slots of a state array for the options ``cfg`` (a game whose states have one size may give the
    constant ``STATE_SIZE`` instead: :func:`fixed_state_size`)."""
    raise NotImplementedError


STATE_SIZE = 0


def new_game(s: Arr, cfg: Arr, rng: Arr) -> None:
    """Deal a new game into ``s`` with the kernel's generator ``rng``."""
    raise NotImplementedError


def to_act(s: Arr, cfg: Arr, seats: Arr) -> int:
    """Write the seats to act into ``seats``; returns how many (0: nobody can act)."""
    raise NotImplementedError


def legal(s: Arr, cfg: Arr, seat: int, moves: Arr) -> int:
    """Write ``seat``'s legal actions into ``moves`` in the reference's order; returns how many."""
    raise NotImplementedError


def apply(s: Arr, cfg: Arr, seat: int, a: int, rng: Arr) -> None:
    """Carry out a legal action in place, finishing any random step (shuffle, steal, deal) with ``rng``."""
    raise NotImplementedError


def over(s: Arr, cfg: Arr) -> bool:
    """Whether the game is over."""
    raise NotImplementedError


def winner(s: Arr, cfg: Arr) -> int:
    """The single winning seat of a finished game; -1 for none (not over, cut off, or a shared win)."""
    raise NotImplementedError


def reward(s: Arr, cfg: Arr, seat: int) -> float:
    """``seat``'s share of the win, as ``bots.search.rewards``: 1/players each for a game not over."""
    raise NotImplementedError


def heuristic(s: Arr, cfg: Arr, seat: int, moves: Arr, n: int, rng: Arr) -> int:
    """The game's heuristic bot's action among ``moves[:n]``, from what ``seat`` knows (``rng`` breaks
    ties where the bot draws)."""
    raise NotImplementedError


def determinize(s: Arr, cfg: Arr, seat: int, rng: Arr) -> None:
    """Re-deal in place every card ``seat`` cannot know, by the rules of the game's ``hidden.py``."""
    raise NotImplementedError


def info_key(s: Arr, cfg: Arr, seat: int) -> int:
    """A 60-bit hash (never 0) of what ``seat`` knows: equal exactly when the seat's views are equal
    (up to the exceptions the game's tests state)."""
    raise NotImplementedError


def likelihood(world: Arr, cfg: Arr, seat: int, evidence: Floats) -> float:
    """How likely ``world`` makes the other seats' observed choices (``evidence``, the game's own
    layout, ``evidence[0] > 0`` when there is any), relative to the most likely world: a number in
    [0, 1], the chance a sampled world is kept. A game without evidence returns 1.0."""
    raise NotImplementedError


def value(s: Arr, cfg: Arr, seat: int, weights: Floats) -> float:
    """``seat``'s chance to win ``s`` by the learned model ``weights`` (a playout cut short scores this)."""
    raise NotImplementedError


@njit
def uninformed(world: Arr, cfg: Arr, seat: int, evidence: Floats) -> float:
    """The ``likelihood`` of a game that reads no evidence: every world as likely as any."""
    return 1.0


@njit
def single_winner_share(w: int, seat: int, players: int) -> float:
    """``reward`` for a game with one winner at most: all of it to the winner ``w``, or 1/players each where
    there is none (-1: a draw, or a game cut off), as ``bots.search.rewards``."""
    return 1.0 / players if w < 0 else (1.0 if w == seat else 0.0)


# -- the kernel as Python callers see it -------------------------------------------------------------------
# A game's kernel module (its kit's ``kernel``) offers one ``KERNEL`` object with these names
# (``core/kernel_face.Kernel`` builds it from the njit functions above); bots, the analysis, the lab,
# the learner and ``cardroom.fast`` reach a game's kernel only through them (``compiled_registry.kernel_of``).


class KernelSearcher(Protocol):
    """One game's search from one seat's view, or from the true state (the oracle), on the kernel."""

    cfg: Arr

    def search(self, view: Mapping[str, Any], rng: random.Random, settings: Any, stop: Any = None) -> Any: ...

    def search_state(self, state: Any, seat: int, rng: random.Random, settings: Any) -> Any: ...

    def paired_root(self, view: Mapping[str, Any], rng: random.Random, settings: Any, actions: Sequence[str],
                    worlds: int) -> Any: ...  # fmt: skip

    def answer(self, found: Any, settings: Any) -> Any: ...


class CompiledKernel(Protocol):
    """A game's compiled kernel: what its module's ``KERNEL`` offers."""

    name: str
    rules: ModuleType  # the game's kernel_search module: the protocol's functions above and its SEARCH
    module: str  # the kernel's module path: what ``compiled_registry.ready`` and ``warm`` are keyed by
    COMPILED: bool  # whether its code is compiled (Numba installed and not switched off)
    policies: dict[str, int]  # the default policies' numbers by name

    @property
    def Settings(self) -> Callable[..., Any]: ...

    def Searcher(self, game: Any) -> KernelSearcher: ...

    def searcher(self, game: Any, model: int = 0) -> KernelSearcher:
        """A searcher whose playouts model the other seats by the game's opponent model ``model`` (its
        kit's ``opponent_models`` index; 0: the heuristic)."""
        ...

    def unsupported(self, game: Any) -> str | None: ...

    def config(self, game: Any) -> Arr: ...

    def simulate(self, game: Any, games: int, policy: str, seed: int, first: int = 0) -> tuple[Arr, int]: ...

    def rollouts(self, game: Any, view: Mapping[str, Any], actions: Sequence[str], seed: int, first: int,
                 worlds: int) -> Floats: ...  # fmt: skip

    def warm(self) -> float: ...
