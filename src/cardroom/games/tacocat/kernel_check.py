"""Tacocat's side of the differential check (``games/kernel_diff.py``) and of the randomness proof.

The whole state is compared both ways (the reference state encoded must equal the kernel's array, and
the kernel's array decoded must write the reference's position line, secrets included), with who is to
act and the result; the kernel's heuristic must pick what ``HeuristicBot`` picks from the seat's
view; new rounds are dealt in the reference's order (its seed and shuffle counter).
"""

from __future__ import annotations

import numpy as np

from cardroom.core.game import State
from cardroom.core.kernel_face import Counts, KernelMismatch
from cardroom.core.rng import derive
from cardroom.games.kernel_diff import Differential
from cardroom.games.kernel_proof import Features, Proof
from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat import kernel_apply as ka
from cardroom.games.tacocat import kernel_seat as ksp
from cardroom.games.tacocat.bot import HeuristicBot
from cardroom.games.tacocat.kernel_api import KERNEL
from cardroom.games.tacocat.kernel_codec import action_id, canonical, decode, encode
from cardroom.games.tacocat.state import TacocatState

__all__ = ["DIFF", "Counts", "KernelMismatch", "play", "proof", "run"]


def _compare(state: TacocatState, s: k.Arr, cfg: k.Arr, where: str) -> None:
    mine, theirs = canonical(s), canonical(encode(state))
    if not np.array_equal(mine, theirs):
        diff = [i for i in range(k.STATE_SIZE) if mine[i] != theirs[i]]
        raise KernelMismatch(f"{where}: arrays differ at slots {diff[:10]}: {state.notation()}")
    line = decode(s, state.game, state.seed).notation()
    if line != state.notation():
        raise KernelMismatch(f"{where}: kernel decodes to {line!r}, reference is {state.notation()!r}")


def _deal_like_reference(state: TacocatState, s: k.Arr, cfg: k.Arr) -> None:
    cards = list(state.game.deck_cards)
    derive(state.seed, int(s[k.COUNTER]) - 1).shuffle(cards)
    s[k.ORDER : k.ORDER + len(cards)] = cards
    k.deal(s, cfg)


def _step(state: TacocatState, s: k.Arr, cfg: k.Arr, seat: int, text: str) -> int:
    """The action in the kernel; a new round is dealt in the order the reference dealt it."""
    ka.apply_rules(s, cfg, seat, action_id(text))
    if s[k.NEED_DEAL]:
        _deal_like_reference(state, s, cfg)
    return 0


DIFF = Differential(KERNEL, _compare, _step, HeuristicBot(), pick=ksp.heuristic)
play, run = DIFF.play, DIFF.run


# -- the randomness and information-set proof (games/kernel_proof.py) -------------------------------------


def _features(state: State) -> Features:
    """What a deal or a re-deal decides: each seat's hand value by value, set-aside and duel cards, the
    top of the draw pile."""
    assert isinstance(state, TacocatState)
    found: Features = {}
    for p in (0, 1):
        found.update({f"hand{p}:{v}": state.hands[p].count(v) for v in range(1, 13)})
        found[f"marks{p}"], found[f"pick{p}"] = tuple(sorted(state.marks[p])), state.picks[p]
    found["draw top"], found["draw 2nd"] = tuple(state.draw[:1]), tuple(state.draw[1:2])
    return found


def proof() -> Proof:
    """Tacocat's side of the randomness and ``info_key`` proof: no view field is left out of the key."""
    return Proof(KERNEL, lambda s, game: decode(s, game, 0), _features)
