"""Pips' side of the differential check (``games/kernel_diff.py``) and of the randomness proof
(``games/kernel_proof.py``): the whole state compared both ways, the kernel's heuristic against
``HeuristicBot``. Pips draws nothing after the deal, so no action takes a random draw."""

from __future__ import annotations

import numpy as np

from cardroom.core.game import State
from cardroom.core.kernel_face import Counts, KernelMismatch
from cardroom.games.kernel_diff import Differential
from cardroom.games.kernel_proof import Features, Proof
from cardroom.games.pips import kernel_search as ks
from cardroom.games.pips.bot import HeuristicBot
from cardroom.games.pips.game import CARDS, PipsState
from cardroom.games.pips.kernel_api import KERNEL
from cardroom.games.pips.kernel_codec import action_id, decode, encode

__all__ = ["DIFF", "Counts", "KernelMismatch", "play", "proof", "run"]


def _compare(state: PipsState, s: ks.Arr, cfg: ks.Arr, where: str) -> None:
    if not np.array_equal(s, encode(state)):
        raise KernelMismatch(f"{where}: kernel {s.tolist()}, reference encodes to {encode(state).tolist()}")
    back = decode(s, state.game, state.seed).to_json()
    if back != state.to_json():
        raise KernelMismatch(f"{where}: kernel decodes to {back}, reference is {state.to_json()}")


def _step(state: State, s: ks.Arr, cfg: ks.Arr, seat: int, text: str) -> int:
    ks.apply(s, cfg, seat, action_id(state.game, text), np.zeros(ks.RNG_SIZE, np.int64))
    return 0


def _pick(s: ks.Arr, cfg: ks.Arr, seat: int, moves: ks.Arr, n: int) -> int:
    """The kernel's heuristic (it draws nothing: no ties to break)."""
    return int(ks.heuristic(s, cfg, seat, moves, n, np.zeros(ks.RNG_SIZE, np.int64)))


DIFF = Differential(KERNEL, _compare, _step, HeuristicBot(), pick=_pick)
play, run = DIFF.play, DIFF.run


def _features(state: State) -> Features:
    """What a deal or a re-deal decides: where each card is."""
    assert isinstance(state, PipsState)
    return {f"card {c}": 0 if c in state.hands[0] else 1 if c in state.hands[1] else 2 for c in CARDS
            if c == state.set_aside or any(c in h for h in state.hands)}  # fmt: skip


def proof() -> Proof:
    return Proof(KERNEL, lambda s, game: decode(s, game, 0), _features)
