"""Pips' compiled kernel: its side of the kernel protocol (``cardroom/core/compiled_protocol.py``) and the
search core builds on it (:data:`SEARCH`).

A state is 12 integers: where each card is (slot ``c - 1`` for card ``c``: a seat's hand, set aside,
or played), the leader, the card led in the trick under way (0: none yet) and each seat's tricks, and
the step. An action is a card's slot (``c - 1``). Nothing in the options changes the rules, so the
options array is one unused slot.
"""

from __future__ import annotations

import sys

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import MIX60_START, mix60, njit
from cardroom.core.compiled_protocol import single_winner_share, uninformed
from cardroom.core.compiled_random import shuffle
from cardroom.core.compiled_search import build

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

CARDS = 7
ASIDE, PLAYED = 2, 3  # a card's place besides the seats' hands (0 and 1)
LEADER, LED, TRICKS, STEP = 7, 8, 9, 11  # TRICKS: seat 0's, then seat 1's
STATE_SIZE = 12
TRICKS_IN_GAME = 3

MAX_ACTIONS = NODE_ACTIONS = 3  # a hand holds three cards at most
MAXP = 2
MAX_STEPS = 6
MAX_DEPTH = 8
RNG_SIZE = 1
POLICY_RANDOM, POLICY_HEURISTIC = 0, 1

likelihood = uninformed  # Pips reads no evidence: every re-dealt world is as likely as any


@njit
def new_game(s: Arr, cfg: Arr, rng: Arr) -> None:
    deck = np.arange(CARDS, dtype=np.int64)
    shuffle(deck, 0, CARDS, rng)
    s[:] = 0
    for i in range(CARDS):
        s[deck[i]] = 0 if i < 3 else (1 if i < 6 else ASIDE)


@njit
def over(s: Arr, cfg: Arr) -> bool:
    return bool(s[TRICKS] + s[TRICKS + 1] == TRICKS_IN_GAME)


@njit
def to_act(s: Arr, cfg: Arr, seats: Arr) -> int:
    if over(s, cfg):
        return 0
    seats[0] = s[LEADER] if s[LED] == 0 else 1 - s[LEADER]
    return 1


@njit
def legal(s: Arr, cfg: Arr, seat: int, moves: Arr) -> int:
    """The seat's cards, lowest first (the reference's order)."""
    n = 0
    if over(s, cfg):
        return 0
    acting = s[LEADER] if s[LED] == 0 else 1 - s[LEADER]
    if seat != acting:
        return 0
    for c in range(CARDS):
        if s[c] == seat:
            moves[n] = c
            n += 1
    return n


@njit
def apply(s: Arr, cfg: Arr, seat: int, a: int, rng: Arr) -> None:
    card = a + 1
    s[a] = PLAYED
    s[STEP] += 1
    if s[LED] == 0:
        s[LED] = card
        return
    taker = seat if card > s[LED] else s[LEADER]
    s[TRICKS + taker] += 1
    s[LEADER] = taker
    s[LED] = 0


@njit
def winner(s: Arr, cfg: Arr) -> int:
    if not over(s, cfg):
        return -1
    return 0 if s[TRICKS] > s[TRICKS + 1] else 1


@njit
def reward(s: Arr, cfg: Arr, seat: int) -> float:
    return single_winner_share(winner(s, cfg), seat, 2)


@njit
def heuristic(s: Arr, cfg: Arr, seat: int, moves: Arr, n: int, rng: Arr) -> int:
    """As ``bot.HeuristicBot``: lead the highest; follow with the lowest that takes, else the lowest."""
    if s[LED] == 0:
        return int(moves[n - 1])
    for i in range(n):
        if moves[i] + 1 > s[LED]:
            return int(moves[i])
    return int(moves[0])


@njit
def determinize(s: Arr, cfg: Arr, seat: int, rng: Arr) -> None:
    """The other hand and the set-aside card dealt again from the cards among them."""
    unseen = np.zeros(CARDS, np.int64)
    places = np.zeros(CARDS, np.int64)
    k = 0
    for c in range(CARDS):
        if s[c] == 1 - seat or s[c] == ASIDE:
            unseen[k], places[k] = c, s[c]
            k += 1
    shuffle(unseen, 0, k, rng)
    for i in range(k):
        s[unseen[i]] = places[i]


@njit
def info_key(s: Arr, cfg: Arr, seat: int) -> int:
    """Everything ``seat`` sees: its own cards, the played ones, the leader, the card led, the tricks
    (the other hand and the set-aside card read alike: unseen)."""
    h = mix60(MIX60_START, seat + 1)
    for c in range(CARDS):
        h = mix60(h, s[c] if s[c] == seat or s[c] == PLAYED else 9)
    for i in range(LEADER, STEP):
        h = mix60(h, s[i])
    return h if h != 0 else 1


@njit
def value(s: Arr, cfg: Arr, seat: int, weights: Floats) -> float:
    """No learned model: a trick ahead is worth a quarter of the game."""
    return 0.5 + 0.25 * float(s[TRICKS + seat] - s[TRICKS + 1 - seat])


SEARCH = build("pips", sys.modules[__name__])
