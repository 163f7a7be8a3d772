"""Exploding Kittens' side of the differential check (``games/kernel_diff.py``) and of the randomness proof.

The whole state is compared both ways (the reference state encoded must equal the kernel's array, the
kernel's array decoded must hold every field the reference's position line writes: every card, every
secret and what each seat knows), with who is to act and the result; the kernel's heuristic must pick
what ``HeuristicBot`` picks from the seat's view; the two random rules (a Shuffle, the steal of a
pair) are finished with the reference's own generator.
"""

from __future__ import annotations

import numpy as np

from cardroom.core.game import State
from cardroom.core.kernel_face import Counts, KernelMismatch
from cardroom.core.rng import derive
from cardroom.games.kernel_diff import Differential
from cardroom.games.kernel_proof import Features, Proof
from cardroom.games.kittens import kernel as k
from cardroom.games.kittens import kernel_apply as ka
from cardroom.games.kittens import kernel_seat as ksp
from cardroom.games.kittens.bot import HeuristicBot
from cardroom.games.kittens.kernel_api import KERNEL
from cardroom.games.kittens.kernel_codec import action_id, canonical, decode, encode
from cardroom.games.kittens.state import KittensState

__all__ = ["DIFF", "Counts", "KernelMismatch", "play", "proof", "run"]


def _fields(state: KittensState) -> tuple[object, ...]:
    """Everything the position line writes (every card, secret and piece of knowledge), unformatted."""
    return (state.seed, state.counter, state.step, state.current, state.owed, state.attacked, state.phase,
            state.out, state.undecided, state.hands, state.pile, state.discard, state.removed, state.pending,
            state.pile_known, state.hand_known)  # fmt: skip


def _compare(state: KittensState, s: k.Arr, cfg: k.Arr, where: str) -> None:
    mine, theirs = canonical(s), canonical(encode(state))
    if not np.array_equal(mine, theirs):
        diff = [i for i in range(len(mine)) if mine[i] != theirs[i]]
        raise KernelMismatch(f"{where}: arrays differ at slots {diff[:10]}: {state.position()}")
    decoded = decode(s, state.game, state.seed)
    if _fields(decoded) != _fields(state):
        raise KernelMismatch(f"{where}: kernel decodes to {decoded.position()!r}, reference is {state.position()!r}")


def _finish_like_reference(state: KittensState, s: k.Arr, cfg: k.Arr) -> None:
    """Finish a Shuffle or a steal with the generator the reference used (its seed, counter - 1)."""
    rng = derive(state.seed, int(s[k.COUNTER]) - 1)
    if s[k.NEED] == k.NEED_SHUFFLE:
        size = int(s[k.PILE_LEN])
        pile = s[k.PILE : k.PILE + size][::-1].tolist()  # top first, as the reference holds it
        rng.shuffle(pile)
        s[k.PILE : k.PILE + size] = pile[::-1]
        s[k.NEED] = k.NEED_NONE
    elif s[k.NEED] == k.NEED_STEAL:
        at = k.HAND + k.NK * int(s[k.STEAL_FROM])
        hand = [kind for kind in range(k.NK) for _ in range(int(s[at + kind]))]
        ka.steal(s, cfg, hand[rng.randrange(len(hand))])


def _step(state: KittensState, s: k.Arr, cfg: k.Arr, seat: int, text: str) -> int:
    """The action in the kernel, a Shuffle or a steal finished with the reference's generator."""
    ka.apply_rules(s, cfg, seat, action_id(text))
    _finish_like_reference(state, s, cfg)
    return 0


DIFF = Differential(KERNEL, _compare, _step, HeuristicBot(), pick=ksp.heuristic)
play, run = DIFF.play, DIFF.run


# -- the randomness and information-set proof (games/kernel_proof.py) -------------------------------------


def _features(state: State) -> Features:
    """What a deal, a Shuffle, a steal or a re-deal decides: each hand kind by kind, the top three cards
    of the pile, and where the Kittens are counted from the top."""
    assert isinstance(state, KittensState)
    found: Features = {}
    for p, hand in enumerate(state.hands):
        found.update({f"hand{p}:{kind}": hand.count(kind) for kind in range(k.NK)})
    for depth in range(1, 4):
        found[f"pile top {depth}"] = state.pile[-depth] if len(state.pile) >= depth else None
    found["kittens from the top"] = tuple(i for i, c in enumerate(reversed(state.pile)) if c == k.KITTEN)
    return found


def proof() -> Proof:
    """Exploding Kittens' side of the randomness and ``info_key`` proof: no view field is left out."""
    return Proof(KERNEL, lambda s, game: decode(s, game, 0), _features, step_kind=_step_kind)


def _step_kind(state: State, act: str) -> str:
    """A pass decides nothing itself: the play it lets stand (a Shuffle, a pair's steal) does."""
    assert isinstance(state, KittensState)
    return f"{act} on {state.pending.kind}" if state.pending is not None else act.split()[0]
