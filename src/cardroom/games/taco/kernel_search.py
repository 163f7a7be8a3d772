"""T.A.C.O.'s side of the kernel protocol (``cardroom/core/compiled_protocol.py``), and the search built on it.

The protocol's names are the rules (``kernel_rules.py``, ``kernel_legal.py``), the seat's side
(``kernel_seat.py``), the information-set key and the rewards below; :data:`SEARCH` is core's batch
self-play, ISMCTS and rollouts compiled with them. A seat's reward is its share of the win (ties share
it; 1/players each for a game cut off). A node holds up to ``NODE_ACTIONS`` actions; a decision with
more (many kinds of card, each playable into eight tacos) is played by the default policy.
"""

from __future__ import annotations

import sys

from cardroom.core.compiled import MIX60_START, mix60, njit
from cardroom.core.compiled_protocol import uninformed as likelihood  # noqa: F401 (protocol name)
from cardroom.core.compiled_search import build
from cardroom.games.taco import kernel as k
from cardroom.games.taco import kernel_rules as kr
from cardroom.games.taco.kernel import MAX_ACTIONS as MAX_ACTIONS
from cardroom.games.taco.kernel import MAX_STEPS as MAX_STEPS
from cardroom.games.taco.kernel import MAXP as MAXP
from cardroom.games.taco.kernel import POLICY_HEURISTIC as POLICY_HEURISTIC
from cardroom.games.taco.kernel import POLICY_RANDOM as POLICY_RANDOM
from cardroom.games.taco.kernel import RNG_SIZE as RNG_SIZE
from cardroom.games.taco.kernel import over as over
from cardroom.games.taco.kernel import winner as winner
from cardroom.games.taco.kernel_legal import apply as apply
from cardroom.games.taco.kernel_legal import legal as legal
from cardroom.games.taco.kernel_legal import to_act as to_act
from cardroom.games.taco.kernel_seat import heuristic as heuristic
from cardroom.games.taco.kernel_unseen import determinize as determinize
from cardroom.games.taco.kernel_value import value as value

NODE_ACTIONS = 64
MAX_DEPTH = 128  # tree decisions in one playout

STATE_SIZE = k.STATE_SIZE
Arr = k.Arr


@njit
def new_game(s: Arr, cfg: Arr, rng: Arr) -> None:
    kr.new_game(s, cfg, int(cfg[k.C_POOL]), rng)


@njit
def info_key(s: Arr, cfg: Arr, seat: int) -> int:
    """A hash of what ``seat`` knows, the fields of its view (the recent event texts aside): the public
    table, its own hand, where the cards it has seen in other hands are, only the sizes of the other
    hands and the deck, and its own secret choice in an open window (not the others')."""
    n = cfg[k.C_N]
    bit = 1 << seat
    every = (1 << n) - 1
    h = mix60(MIX60_START, seat + 1)
    for i in range(k.STUCK):  # the scalars, without the game's random-draw counter
        if i != k.COUNTER:
            h = mix60(h, s[i])
    for i in range(k.TOTALS, k.POINTS):  # totals, hand and taco sizes, round scores
        h = mix60(h, s[i])
    for p in range(n):
        at = k.taco_at(p)
        for i in range(s[k.TACO_LEN + p]):
            c = s[at + i]
            h = mix60(mix60(mix60(h, c), s[k.POINTS + c]), s[k.AGES + c])
        at = k.hand_at(p)
        for i in range(s[k.HAND_LEN + p]):
            c = s[at + i]
            if p == seat or (s[k.KNOWN + c] & bit) or s[k.KNOWN + c] == every:
                h = mix60(mix60(h, c), p)
    for i in range(s[k.DISCARD_LEN]):
        h = mix60(h, s[k.DISCARD + i])
    for i in range(3 * s[k.CHAIN_LEN]):
        h = mix60(h, s[k.CHAIN + i])
    for r in range(s[k.STACK_LEN]):
        rec = k.STACK + k.REC * r
        for i in range(5):
            h = mix60(h, s[rec + i])
        for p in range(n):
            d = s[rec + 5 + p]
            h = mix60(h, d if d <= 0 or p == seat or s[rec] != k.T_WINDOW else 0)
    return h if h != 0 else 1


@njit
def reward(s: Arr, cfg: Arr, seat: int) -> float:
    """``search.rewards``: a share of the win among the seats with the top total; 1/players each for a
    game cut off."""
    n = int(cfg[k.C_N])
    if not s[k.OVER]:
        return 1.0 / n
    best = s[k.TOTALS]
    for p in range(n):
        best = max(best, s[k.TOTALS + p])
    winners = 0
    for p in range(n):
        winners += 1 if s[k.TOTALS + p] == best else 0
    return 1.0 / winners if s[k.TOTALS + seat] == best else 0.0


SEARCH = build("taco", sys.modules[__name__])
