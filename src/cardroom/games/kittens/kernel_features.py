"""What one seat's chance in Exploding Kittens depends on, as numbers the learned value weighs.

The learned value (``core/compiled_learn.py``) scores every living seat with the same weights and shares
the win among them by those scores (a softmax), so a feature here says something about one seat: its
cards, its place in the turn order and the danger of the pile *for it*. A quantity equal for every
seat (the pile's size alone) changes no share; it enters only multiplied with the seat's own facts.
Most of what is read is on the table or in the seat's own hand. Two kinds of feature read what the
seat cannot know: the other hands, and the order of the draw pile (who draws the next Kitten if every
turn ends in a plain draw). The search calls the value only on its sampled worlds, where both were dealt
from the seat's knowledge, exactly as a playout would meet them; and the pile's order is what decides a
heuristic playout (the heuristic draws no random numbers), so a value blind to it could not match one.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit
from cardroom.games.kittens import kernel as k
from cardroom.games.kittens.kernel import over as over
from cardroom.games.kittens.kernel import winner as winner

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

MAXP = k.MAXP

FEATURES = (
    "defuses", "no_defuse", "nopes", "attacks", "skips", "favors", "shuffles", "see_the_futures",
    "cat_pairs", "hand_size", "danger_without_defuse", "danger_with_defuse", "to_move",
    "turns_owed_if_to_move", "next_to_move", "seats_before_me", "knows_kitten_on_top",
    "escapes_if_to_move", "danger_if_to_move_without_defuse", "placing_kitten",
    "first_kitten_mine_without_defuse", "first_kitten_mine_with_defuse", "kittens_in_my_next_draws",
    "kittens_in_my_next_draws_beyond_defuses",
)  # fmt: skip


@njit
def players(cfg: Arr) -> int:
    return int(cfg[k.C_PLAYERS])


@njit
def alive(s: Arr, cfg: Arr, seat: int) -> bool:
    return not k.is_out(s, seat)


@njit
def _seats_before(s: Arr, cfg: Arr, seat: int) -> int:
    """Living seats that take a turn before ``seat`` does (0: it is the seat to move)."""
    at, n = s[k.CURRENT], 0
    while at != seat and n < cfg[k.C_PLAYERS]:
        at = k.next_living(s, cfg, at)
        n += 1
    return n


@njit
def living(s: Arr, cfg: Arr) -> int:
    n = 0
    for seat in range(cfg[k.C_PLAYERS]):
        if not k.is_out(s, seat):
            n += 1
    return n


@njit
def drawer(s: Arr, cfg: Arr, i: int) -> int:
    """Who draws the card ``i`` from the top if every turn ends in a plain draw and nobody leaves: the
    seat to move for the turns it owes, then each living seat in turn."""
    owed = max(s[k.OWED], 1)
    at = s[k.CURRENT]
    if i < owed:
        return int(at)
    for _ in range((i - owed) % living(s, cfg) + 1):
        at = k.next_living(s, cfg, at)
    return int(at)


@njit
def features(s: Arr, cfg: Arr, seat: int, out: Floats) -> None:
    """Write ``seat``'s features (``FEATURES`` order) into ``out[:len(FEATURES)]``."""
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
    first_mine = False
    seen = soon = 0
    horizon = min(pile, max(s[k.OWED], 1) + 2 * living(s, cfg))
    for i in range(horizon):
        if s[k.PILE + pile - 1 - i] == k.KITTEN:
            mine = drawer(s, cfg, i) == seat
            if seen == 0:
                first_mine = mine
            seen += 1
            if mine:
                soon += 1
    out[20] = 1.0 if first_mine and defuses == 0 else 0.0
    out[21] = 1.0 if first_mine and defuses > 0 else 0.0
    out[22] = soon
    out[23] = max(soon - defuses, 0)
