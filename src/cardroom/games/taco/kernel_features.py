"""What one seat's chance in T.A.C.O. depends on, as numbers the learned value weighs.

The match goes to the highest total after the last round, and a round ends when the pool of taco
points runs dry, so a seat's chance is mostly its standing (totals so far, plus the points sitting in
its taco now, plus the gimme trophy's bonus) against the best of the others, and how much can still
change: the pool left in this round and the rounds to come. The value (``core/compiled_learn.py``)
shares the win among the seats by their scores, so each feature is about one seat, and facts equal for
all (the pool left) enter only multiplied with the seat's own standing. Points are in units of one
round's pool, so tables of every size read alike.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit
from cardroom.games.taco import kernel as k
from cardroom.games.taco.kernel import over as over
from cardroom.games.taco.kernel import winner as winner

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

MAXP = k.MAXP

FEATURES = (
    "totals", "taco_points", "standing", "lead_over_best_other", "leading", "taco_points_x_pool_left",
    "lead_x_pool_spent", "lead_in_last_round", "lead_x_pool_spent_in_last_round", "hand_size", "taco_size",
    "to_move", "gimme_trophy", "hand_size_x_pool_left",
)  # fmt: skip


@njit
def players(cfg: Arr) -> int:
    return int(cfg[k.C_N])


@njit
def standing(s: Arr, seat: int) -> int:
    """Totals so far, the taco's points now and the gimme trophy's bonus (as the round's end counts)."""
    return int(s[k.TOTALS + seat] + k.taco_points(s, seat) + (k.GIMME_BONUS if s[k.GIMME] == seat else 0))


@njit
def features(s: Arr, cfg: Arr, seat: int, out: Floats) -> None:
    """Write ``seat``'s features (``FEATURES`` order) into ``out[:len(FEATURES)]``."""
    unit = max(s[k.POOL_START], 1)
    mine = standing(s, seat)
    best = -(1 << 40)
    for other in range(cfg[k.C_N]):
        if other != seat:
            best = max(best, standing(s, other))
    lead = (mine - best) / unit
    left = min(max(s[k.POOL], 0), unit) / unit
    last = 1.0 if s[k.ROUND] >= cfg[k.C_ROUNDS] else 0.0
    out[0] = s[k.TOTALS + seat] / unit
    out[1] = k.taco_points(s, seat) / unit
    out[2] = mine / unit
    out[3] = lead
    out[4] = 1.0 if lead > 0 else 0.0
    out[5] = out[1] * left
    out[6] = lead * (1.0 - left)
    out[7] = lead * last
    out[8] = lead * (1.0 - left) * last
    out[9] = s[k.HAND_LEN + seat]
    out[10] = s[k.TACO_LEN + seat]
    out[11] = 1.0 if s[k.TURN] == seat else 0.0
    out[12] = 1.0 if s[k.GIMME] == seat else 0.0
    out[13] = s[k.HAND_LEN + seat] * left
