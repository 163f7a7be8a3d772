"""Exploding Kittens' side of the kernel protocol (``cardroom/core/compiled_protocol.py``), and the search built
on it.

The protocol's names are the rules (``kernel.py``, ``kernel_apply.py``), the seat's side
(``kernel_seat.py``) and the information-set key below; :data:`SEARCH` is core's batch self-play,
ISMCTS and rollouts compiled with them. A node holds at most ``NODE_ACTIONS`` actions (placing a Kitten
in a two-player game offers at most 41, a turn far fewer); a decision with more (a Kitten placed early
in a game of six or more) is played by the default policy instead of growing a node.
"""

from __future__ import annotations

import sys

from cardroom.core.compiled import MIX60_START, mix60, njit
from cardroom.core.compiled_protocol import single_winner_share
from cardroom.core.compiled_search import build
from cardroom.games.kittens import kernel as k
from cardroom.games.kittens import kernel_seat as ksp
from cardroom.games.kittens.kernel import MAX_ACTIONS as MAX_ACTIONS
from cardroom.games.kittens.kernel import MAX_STEPS as MAX_STEPS
from cardroom.games.kittens.kernel import MAXP as MAXP
from cardroom.games.kittens.kernel import POLICY_HEURISTIC as POLICY_HEURISTIC
from cardroom.games.kittens.kernel import POLICY_RANDOM as POLICY_RANDOM
from cardroom.games.kittens.kernel import legal as legal
from cardroom.games.kittens.kernel import over as over
from cardroom.games.kittens.kernel import to_act as to_act
from cardroom.games.kittens.kernel import winner as winner
from cardroom.games.kittens.kernel_apply import apply as apply
from cardroom.games.kittens.kernel_evidence import likelihood as likelihood
from cardroom.games.kittens.kernel_seat import determinize as determinize
from cardroom.games.kittens.kernel_value import value as value

NODE_ACTIONS = 48
MAX_DEPTH = 128  # tree decisions in one playout (the reference has no limit; none comes near)
RNG_SIZE = 1

Arr = k.Arr


@njit
def state_size(cfg: Arr) -> int:
    return int(k.HK + cfg[k.C_PLAYERS] * cfg[k.C_PLAYERS] * k.NK)


@njit
def new_game(s: Arr, cfg: Arr, rng: Arr) -> None:
    k.setup(s, cfg, rng)


@njit
def reward(s: Arr, cfg: Arr, seat: int) -> float:
    return single_winner_share(k.winner(s, cfg), seat, int(cfg[k.C_PLAYERS]))


@njit
def heuristic(s: Arr, cfg: Arr, seat: int, moves: Arr, n: int, rng: Arr) -> int:
    return int(ksp.heuristic(s, cfg, seat, moves, n))  # the bot draws nothing: no ties to break


# -- information sets -------------------------------------------------------------------------------


@njit
def info_key(s: Arr, cfg: Arr, seat: int) -> int:
    """A hash of everything ``seat`` knows (its view): the public table, its own hand, the pile
    positions and the cards of others it knows, and only the sizes of the other hands (never 0)."""
    players = cfg[k.C_PLAYERS]
    h = mix60(MIX60_START, seat + 1)
    for i in range(k.P_CARDS):  # scalars: step, turn, phase, the pending play, who is undecided, ...
        if i != k.COUNTER and i != k.NEED and i != k.STEAL_FROM and i != k.STEAL_TO:
            h = mix60(h, s[i])
    for i in range(5):
        h = mix60(h, s[k.P_CARDS + i] if i < s[k.P_NCARDS] else 0)
    for i in range(s[k.P_NNOPES]):
        h = mix60(h, s[k.P_NOPES + i])
    for i in range(s[k.OUT_LEN]):
        h = mix60(h, s[k.OUT + i])
    for i in range(k.NK):
        h = mix60(h, s[k.REMOVED + i])
        h = mix60(h, s[k.HAND + k.NK * seat + i])
    for other in range(players):
        h = mix60(h, k.hand_size(s, other))
        at = k.hk(cfg, seat, other)
        for i in range(k.NK):
            h = mix60(h, s[at + i])
    h = mix60(h, k.pile_kittens(s))
    bit = 1 << seat
    for i in range(s[k.PILE_LEN]):
        if s[k.PKNOWN + i] & bit:
            h = mix60(h, i * 16 + s[k.PILE + i] + 1)
    for i in range(s[k.DISC_LEN]):
        h = mix60(h, s[k.DISC + i])
    return h if h != 0 else 1


SEARCH = build("exploding_kittens", sys.modules[__name__])
