"""What one seat's chance in Tacocat depends on, as numbers the learned value weighs.

The value (``core/compiled_learn.py``) shares the win between the two seats by their scores, so each
feature is about one seat: how many round wins it still needs (Tacocat's distance to its goal, covered
spaces skipped), and the cards it holds in this round, where low cards win (the last card, the lower
wins) and equal cards make jumbo attacks. Its own hand is known to the seat; the other's is the world's.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit
from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat.kernel_apply import over as over
from cardroom.games.tacocat.kernel_apply import winner as winner

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

MAXP = 2

FEATURES = (
    "wins_needed", "one_win_from_goal", "inverse_wins_needed", "hand_size", "lowest", "second_lowest",
    "cards_1_to_3", "cards_4_to_6", "cards_10_to_12", "mean_card", "pairs", "attacking", "arrow_mine",
    "lowest_at_one_win", "last_card", "last_card_value",
)  # fmt: skip


@njit
def players(cfg: Arr) -> int:
    return 2


@njit
def wins_needed(s: Arr, cfg: Arr, seat: int) -> int:
    """Round wins ``seat`` still needs: its goal and the open spaces before it (seat 0's goal is space 0)."""
    pos, goal = s[k.POS], cfg[k.C_NPOS] - 1
    lo, hi = (1, pos) if seat == 0 else (pos + 1, goal)
    n = 1
    for p in range(lo, hi):
        if not (s[k.COVERED] >> p) & 1:
            n += 1
    return n


@njit
def features(s: Arr, cfg: Arr, seat: int, out: Floats) -> None:
    """Write ``seat``'s features (``FEATURES`` order) into ``out[:len(FEATURES)]``."""
    hand = k.HAND + 12 * seat
    need = wins_needed(s, cfg, seat)
    size = 0
    total = 0
    lowest = 13
    second = 13
    low = mid = high = pairs = 0
    for v in range(1, 13):
        c = s[hand + v - 1]
        if c == 0:
            continue
        size += c
        total += c * v
        pairs += c // 2
        if v <= 3:
            low += c
        elif v <= 6:
            mid += c
        elif v >= 10:
            high += c
        if lowest == 13:
            lowest = v
            second = v if c > 1 else 13
        elif second == 13:
            second = v
    phase = s[k.PHASE]
    out[0] = need
    out[1] = 1.0 if need == 1 else 0.0
    out[2] = 1.0 / need
    out[3] = size
    out[4] = lowest / 12.0
    out[5] = second / 12.0
    out[6] = low
    out[7] = mid
    out[8] = high
    out[9] = total / (12.0 * size) if size else 0.0
    out[10] = pairs
    out[11] = 1.0 if (phase == k.ATTACK or phase == k.DEFEND) and s[k.ACTOR] == seat else 0.0
    out[12] = 1.0 if cfg[k.C_ARROWS + s[k.POS]] == seat else 0.0
    out[13] = lowest / 12.0 if need == 1 else 0.0
    out[14] = 1.0 if size == 1 else 0.0
    out[15] = lowest / 12.0 if size == 1 else 0.0
