"""What one seat's chance in Exploding Kittens depends on, as numbers the learned value weighs.

The learned value (``core/compiled_learn.py``) scores every living seat with the same weights and shares
the win among them by those scores (a softmax), so a feature here says something about one seat: its
cards, its place in the turn order and the danger of the pile *for it*. A quantity equal for every
seat (the pile's size alone) changes no share; it enters only multiplied with the seat's own facts.
Everything read is on the table or in the seat's own hand, except the other hands, which the search's
worlds have dealt anyway; the top card counts only where the seat knows it.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit
from cardroom.games.kittens import kernel as k

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

MAXP = k.MAXP

FEATURES = (
    "defuses", "no_defuse", "nopes", "attacks", "skips", "favors", "shuffles", "see_the_futures",
    "cat_pairs", "hand_size", "danger_without_defuse", "danger_with_defuse", "to_move",
    "turns_owed_if_to_move", "next_to_move", "seats_before_me", "knows_kitten_on_top",
    "escapes_if_to_move", "danger_if_to_move_without_defuse", "placing_kitten",
)  # fmt: skip
NF = len(FEATURES)


@njit
def players(cfg: Arr) -> int:
    return int(cfg[k.C_PLAYERS])


@njit
def alive(s: Arr, cfg: Arr, seat: int) -> bool:
    return not k.is_out(s, seat)


@njit
def finished(s: Arr, cfg: Arr) -> bool:
    return bool(s[k.PHASE] == k.OVER)


@njit
def victor(s: Arr, cfg: Arr) -> int:
    return int(k.winner(s, cfg))


@njit
def _seats_before(s: Arr, cfg: Arr, seat: int) -> int:
    """Living seats that take a turn before ``seat`` does (0: it is the seat to move)."""
    at, n = s[k.CURRENT], 0
    while at != seat and n < cfg[k.C_PLAYERS]:
        at = k.next_living(s, cfg, at)
        n += 1
    return n


@njit
def features(s: Arr, cfg: Arr, seat: int, out: Floats) -> None:
    """Write ``seat``'s features (``FEATURES`` order) into ``out[:NF]``."""
    hand = k.HAND + k.NK * seat
    defuses = s[hand + k.DEFUSE]
    pile = s[k.PILE_LEN]
    danger = k.pile_kittens(s) / pile if pile > 0 else 0.0
    pairs = 0
    for kind in range(k.FIRST_CAT, k.NK):
        pairs += s[hand + kind] // 2
    before = _seats_before(s, cfg, seat)
    moving = 1.0 if before == 0 else 0.0
    top_known = pile > 0 and (s[k.PKNOWN + pile - 1] >> seat) & 1 == 1
    escapes = s[hand + k.ATTACK] + s[hand + k.SKIP]
    out[0] = defuses
    out[1] = 1.0 if defuses == 0 else 0.0
    out[2] = s[hand + k.NOPE]
    out[3] = s[hand + k.ATTACK]
    out[4] = s[hand + k.SKIP]
    out[5] = s[hand + k.FAVOR]
    out[6] = s[hand + k.SHUFFLE]
    out[7] = s[hand + k.SEE]
    out[8] = pairs
    out[9] = k.hand_size(s, seat)
    out[10] = danger if defuses == 0 else 0.0
    out[11] = danger if defuses > 0 else 0.0
    out[12] = moving
    out[13] = moving * s[k.OWED]
    out[14] = 1.0 if before == 1 else 0.0
    out[15] = before / cfg[k.C_PLAYERS]
    out[16] = 1.0 if top_known and s[k.PILE + pile - 1] == k.KITTEN else 0.0
    out[17] = moving * min(escapes, 3)
    out[18] = moving * danger if defuses == 0 else 0.0
    out[19] = 1.0 if s[k.PHASE] == k.PLACE and s[k.CURRENT] == seat else 0.0
