"""Tacocat's side of the kernel protocol (``cardroom/core/compiled_protocol.py``), and the search built on it.

The protocol's names are Tacocat's rules (``kernel.py``), its seat's side (``kernel_seat.py``), the
likelihood of the other's choices (``kernel_evidence.py``) and the information-set key below; :data:`SEARCH` is core's batch self-play, ISMCTS and rollouts compiled with
them. A node holds at most ``NODE_ACTIONS`` actions (a Tacocat hand of nine offers at most 36).
"""

from __future__ import annotations

import sys

from cardroom.core.compiled import MIX60_START, mix60, njit
from cardroom.core.compiled_protocol import single_winner_share
from cardroom.core.compiled_search import build
from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat import kernel_model as km
from cardroom.games.tacocat import kernel_seat as ksp
from cardroom.games.tacocat.kernel import MAX_ACTIONS as MAX_ACTIONS
from cardroom.games.tacocat.kernel import MAX_STEPS as MAX_STEPS
from cardroom.games.tacocat.kernel import POLICY_HEURISTIC as POLICY_HEURISTIC
from cardroom.games.tacocat.kernel import POLICY_RANDOM as POLICY_RANDOM
from cardroom.games.tacocat.kernel import legal as legal
from cardroom.games.tacocat.kernel_apply import apply as apply
from cardroom.games.tacocat.kernel_apply import over as over
from cardroom.games.tacocat.kernel_apply import winner as winner
from cardroom.games.tacocat.kernel_evidence import likelihood as likelihood
from cardroom.games.tacocat.kernel_value import value as value

MAXP = 2
MODEL_SLOT = km.C_MODEL  # the options array's slot a bot sets for the model of the search's duels
NODE_ACTIONS = 40
MAX_DEPTH = 64
RNG_SIZE = 1

STATE_SIZE = k.STATE_SIZE
Arr = k.Arr


@njit
def new_game(s: Arr, cfg: Arr, rng: Arr) -> None:
    k.reset(s, cfg)
    k.shuffle_deal(s, cfg, rng)


@njit
def to_act(s: Arr, cfg: Arr, seats: Arr) -> int:
    return k.to_act(s, seats)


@njit
def reward(s: Arr, cfg: Arr, seat: int) -> float:
    return single_winner_share(winner(s, cfg), seat, 2)


@njit
def heuristic(s: Arr, cfg: Arr, seat: int, moves: Arr, n: int, rng: Arr) -> int:
    if cfg[km.C_MODEL] and n > 1 and s[k.PHASE] == k.DUEL:
        return k.A_DUEL + km.duel_card(s, k.HAND + 12 * seat, rng) - 1
    return int(ksp.heuristic(s, cfg, seat, moves, n))  # the bot draws nothing: no ties to break


@njit
def determinize(s: Arr, cfg: Arr, seat: int, rng: Arr) -> None:
    ksp.determinize(s, cfg, seat, rng)
    km.redeal_pick(s, cfg, 1 - seat, rng)


# -- information sets -------------------------------------------------------------------------------


@njit
def info_key(s: Arr, cfg: Arr, seat: int) -> int:
    """A hash of everything ``seat`` knows: the public state, its own cards and choices, and only the
    size of the other hand (never 0)."""
    other = 1 - seat
    h = mix60(MIX60_START, seat + 1)
    for i in range(k.LAST_ROUND + 3):
        if i == k.FLOOR or i == k.FLOOR + 1:
            h = mix60(h, max(s[i], 1))  # no floor yet (0) and a floor of 1 read the same: nothing is below 1
        elif i == k.PICK + other:
            h = mix60(h, 1 if s[i] != 0 else 0)  # whether the other laid a duel card, not which
        elif i != k.COUNTER and i != k.DRAW_AT:
            h = mix60(h, s[i])
    h = mix60(h, cfg[k.C_DECK] - s[k.DRAW_AT])  # the draw pile's size
    h = mix60(h, k.hand_size(s, other) + k.marks_size(s, other))
    for i in range(12):
        h = mix60(h, s[k.HAND + 12 * seat + i])
        h = mix60(h, s[k.MARKS + 12 * seat + i])
        h = mix60(h, s[k.DISCARD + i])
    for i in range(8):
        h = mix60(h, s[k.ATTACK_CARDS + i] if i < s[k.ATTACK_LEN] else 0)
        h = mix60(h, s[k.ANSWERS + i] if i < s[k.ANSWER_LEN] else 0)
        on = s[k.LAST_PLAY_WHO] >= 0 and i < s[k.LAST_PLAY_LEN]
        h = mix60(h, s[k.LAST_ATTACK + i] if on else 0)
        h = mix60(h, s[k.LAST_ANSWERS + i] if on else 0)
    return h if h != 0 else 1


SEARCH = build("tacocat", sys.modules[__name__])
