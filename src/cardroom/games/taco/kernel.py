"""T.A.C.O.'s compiled fast path: the table on one integer array (see docs/kernels.md).

The reference engine (``engine.py``, ``effects.py``, ``decisions.py``) is the authority; this is the same
game written for speed. A state is one ``int64`` array (layout below) and the options another
(``cfg``, built by ``kernel_codec.config`` from the deck file, so every deck version runs: a card's
type, points, food, effect and parameters are numbers in ``cfg``). Actions are small integers: an
action's id is its rank in ``game.action_space()``, so a legal list sorted by id is in the reference's
order. This file holds the layout, the randomness and moving cards; ``kernel_rules.py`` the flow and
the effects, ``kernel_legal.py`` who acts and what they may do, ``kernel_seat.py`` the policies.

Randomness: every random event of the reference (a shuffle, a random choice) takes a fresh generator
(``derive(seed, counter)``) and bumps the counter. The kernel bumps the same counter at the same
events (:func:`rand_begin`) and draws from its own xorshift32 generator, so a kernel game is a pure
function of its seed. For the differential test the generator can be *scripted* (``rng[R_MODE]``):
each draw is taken from a list the checker fills from the reference's own generators, and a draw past
the list's end is recorded (its generator and range) so the checker can supply it and replay.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit
from cardroom.core.compiled_random import mix as mix
from cardroom.core.compiled_random import rand_below as _own_generator

Arr = npt.NDArray[np.int64]

MAXP = 8  # seats
MAXC = 160  # physical cards (both shipped decks have 150); larger decks use the reference engine
MAXS = 64  # kinds of card
MAX_CHAIN = 64  # a played card and the Instants stacked on it
MAX_STACK = 64  # tasks
REC = 13  # one task: kind, four fields, then one "decided" slot per seat (windows and hails)
MAX_ACTIONS = 256  # legal actions of one decision (a hand of every kind, played in every taco)
MAX_SPACE = 1024  # ids in the action space
MAX_STEPS = 100_000  # a game this long is cut off (no winner), as a playout limit
HAND_LIMIT = 7
GIMME_BONUS = 3

# -- the state array ----------------------------------------------------------------------------------
ROUND, FIRST, TURN, TURNS, POOL, POOL_START, TROPHY, GIMME, OVER, COUNTER, STEP = range(11)
DECK_LEN, DISCARD_LEN, BOX_LEN, CHAIN_LEN, STACK_LEN, RS_LEN, STUCK = range(11, 18)
# The seats that left the match (a bit each; concede.py): skipped in turns, dealt and handed nothing,
# nothing played into their tacos, answering what they are still asked with what changes nothing,
# never the winner. The kernel never concedes itself: it plays on from a state where seats have left.
GONE = 18
TOTALS = 32
HAND_LEN = TOTALS + MAXP
TACO_LEN = HAND_LEN + MAXP
ROUND_SCORES = 64  # ten rounds of MAXP scores
POINTS = ROUND_SCORES + 10 * MAXP  # per card: taco points sitting on it
KNOWN = POINTS + MAXC  # per card in a hand: bit mask of the seats that know where it is (0: none)
AGES = KNOWN + MAXC  # per poison that wears off: times it has acted (0: absent)
DECK = AGES + MAXC  # top of the deck is the end
DISCARD = DECK + MAXC  # top of the pile is the end
BOX = DISCARD + MAXC
CHAIN = BOX + MAXC  # the open window's chain: (card, taco, player) per entry; one window at a time
STACK = CHAIN + 3 * MAX_CHAIN
HANDS = STACK + REC * MAX_STACK  # MAXC slots per seat, each hand sorted by card id
TACOS = HANDS + MAXC * MAXP  # MAXC slots per seat: the shell first, then in order of arrival
STATE_SIZE = TACOS + MAXC * MAXP

# Tasks (``stack``): kind, then fields F1..F4 as the reference's task lists hold them.
T_TURN, T_END_TURN, T_DRAW_STEP, T_POISON, T_NEXT, T_RESOLVE, T_ENTER = range(7)
T_MAIN, T_BONUS, T_WINDOW, T_TARGET, T_CHOOSE, T_DISCARD, T_HAIL, T_ACCENT = range(7, 15)
FIRST_DECISION = T_MAIN
# bonus modes, discard reasons, target verbs
B_ANY, B_KIND, B_POINTS = 0, 1, 2
WHY_LIMIT, WHY_POISON, WHY_MADE, WHY_OPENING = 0, 1, 2, 3
V_DESTROY, V_STEAL, V_SWAP, V_RETURN = 0, 1, 2, 3

# -- the options array ----------------------------------------------------------------------------------
C_N, C_NCARDS, C_NSPECS, C_ROUNDS, C_ANTICS, C_GIMME, C_POOL, C_NDECK = range(8)
C_PASS, C_END, C_HAIL, C_ACCENT, C_NSPACE = range(8, 13)
C_SECOND_PICK = 13  # our second_pick rule on (1) or off (0)
C_CARD_SPEC = 16
C_STARTING = C_CARD_SPEC + MAXC  # the starting shells' ids, MAXP of them
C_DECK_IDS = C_STARTING + MAXP  # the round's deck before shuffling
C_SPEC = C_DECK_IDS + MAXC  # spec attributes: C_SPEC + attribute * MAXS + spec
S_TYPE, S_POINTS, S_FOOD, S_EFFECT, S_COUNT, S_PPOINTS, S_KIND, S_WHAT, S_TYPES, S_DRAW, S_TURNS = range(11)
S_IMMEDIATE, S_ANTICS, S_STARTING, S_HAS_COUNT = range(11, 15)
N_ATTR = 16
C_A_PLAY = C_SPEC + N_ATTR * MAXS  # action ids: play spec seat, target spec seat (MAXS * MAXP each)
C_A_TARGET = C_A_PLAY + MAXS * MAXP
C_A_USE = C_A_TARGET + MAXS * MAXP
C_A_INSTANT = C_A_USE + MAXS
C_A_DISCARD = C_A_INSTANT + MAXS
C_A_CHOOSE = C_A_DISCARD + MAXS
C_ACT_VERB = C_A_CHOOSE + MAXP  # per action id: verb, spec (-1), seat (-1)
C_ACT_SPEC = C_ACT_VERB + MAX_SPACE
C_ACT_SEAT = C_ACT_SPEC + MAX_SPACE
CFG_SIZE = C_ACT_SEAT + MAX_SPACE

SHELL, BASIC, SUPERSTAR, INSTANT, POISON, ACTION = range(6)
MEAT, VEGETABLE = 0, 1
WHAT_INGREDIENT, WHAT_POISON, WHAT_ANY = 0, 1, 2
(E_NONE, E_PLAY_ANOTHER, E_PLACE_INGREDIENT, E_DRAW, E_DESTROY, E_STEAL, E_SWAP, E_RETURN, E_TAKE_RANDOM,
 E_MAKE_DISCARD, E_REVIVE, E_TACO_MASTER, E_DISCARD_EACH, E_DESTROY_EACH, E_DISCARD_RANDOM_EACH, E_ACCENT,
 E_CANCEL) = range(17)  # fmt: skip
VERB_PLAY, VERB_USE, VERB_INSTANT, VERB_PASS, VERB_END, VERB_TARGET, VERB_CHOOSE, VERB_DISCARD = range(8)
VERB_HAIL, VERB_ACCENT = 8, 9

POLICY_RANDOM, POLICY_HEURISTIC = 0, 1

# -- the generator array ------------------------------------------------------------------------------
R_STATE, R_MODE, R_LEN, R_POS, R_GEN, R_MISSING = range(6)  # R_STATE first: core's generator reads rng[0]
R_REQUESTS = 8  # scripted mode: (generator, range) of each draw asked for, in order
MAX_DRAWS = 2048
R_VALUES = R_REQUESTS + 2 * MAX_DRAWS
RNG_SIZE = R_VALUES + MAX_DRAWS

#: A draw from the kernel's own generator (core's, in ``rng[R_STATE]``), whatever the mode.
xorshift = _own_generator


@njit
def new_rng(seed: int) -> Arr:
    rng = np.zeros(RNG_SIZE, np.int64)
    rng[R_STATE] = mix(seed, 0)
    return rng


@njit
def rand_begin(s: Arr, rng: Arr) -> None:
    """One random event of the reference (one ``Engine.rng()`` call) starts: bump the counter."""
    s[COUNTER] += 1
    rng[R_GEN] += 1


@njit
def rand_below(rng: Arr, n: int) -> int:
    """A number in 0..n-1 for the current random event (scripted or the kernel's own generator)."""
    if rng[R_MODE] == 0:
        return xorshift(rng, n)
    i = rng[R_POS]
    rng[R_POS] += 1
    if i < MAX_DRAWS:
        rng[R_REQUESTS + 2 * i] = rng[R_GEN] - 1
        rng[R_REQUESTS + 2 * i + 1] = n
    if i < rng[R_LEN]:
        return int(rng[R_VALUES + i])
    if rng[R_MISSING] < 0:
        rng[R_MISSING] = i
    return 0


@njit
def shuffle(s: Arr, rng: Arr, at: int, n: int) -> None:
    """``random.shuffle`` of ``s[at:at+n]``: the same swaps for the same draws."""
    rand_begin(s, rng)
    for i in range(n - 1, 0, -1):
        j = rand_below(rng, i + 1)
        s[at + i], s[at + j] = s[at + j], s[at + i]


@njit
def random_index(s: Arr, rng: Arr, n: int) -> int:
    """``rng().randrange(n)``, as ``Engine.random_choice`` uses it."""
    rand_begin(s, rng)
    return rand_below(rng, n)


# -- cards --------------------------------------------------------------------------------------------


@njit
def attr(cfg: Arr, card: int, a: int) -> int:
    return int(cfg[C_SPEC + a * MAXS + cfg[C_CARD_SPEC + card]])


@njit
def is_ingredient(cfg: Arr, card: int) -> bool:
    t = attr(cfg, card, S_TYPE)
    return t in (BASIC, SUPERSTAR)


@njit
def everyone(cfg: Arr) -> int:
    return int((1 << cfg[C_N]) - 1)


@njit
def hand_at(seat: int) -> int:
    return HANDS + MAXC * seat


@njit
def taco_at(seat: int) -> int:
    return TACOS + MAXC * seat


@njit
def gone(s: Arr, seat: int) -> bool:
    """Whether ``seat`` left the match (see ``GONE``)."""
    return bool((s[GONE] >> seat) & 1)


@njit
def to_hand(s: Arr, seat: int, card: int) -> None:
    """``bisect.insort``: hands stay sorted by card id. A card handed to a seat that left is discarded."""
    if s[GONE] and gone(s, seat):
        to_discard(s, card)
        return
    at = hand_at(seat)
    n = s[HAND_LEN + seat]
    i = n
    while i > 0 and s[at + i - 1] > card:
        s[at + i] = s[at + i - 1]
        i -= 1
    s[at + i] = card
    s[HAND_LEN + seat] = n + 1


@njit
def from_hand(s: Arr, seat: int, card: int) -> None:
    remove_at(s, hand_at(seat), HAND_LEN + seat, card)
    s[KNOWN + card] = 0


@njit
def random_from_hand(s: Arr, rng: Arr, seat: int) -> int:
    """A card of ``seat``'s hand chosen at random and taken out of it; -1 if the hand is empty."""
    n = s[HAND_LEN + seat]
    if n == 0:
        return -1
    card = int(s[hand_at(seat) + random_index(s, rng, n)])
    from_hand(s, seat, card)
    return card


@njit
def remove_at(s: Arr, at: int, length_slot: int, card: int) -> None:
    """Remove the first ``card`` from the list ``s[at : at + s[length_slot]]``."""
    n = s[length_slot]
    i = 0
    while s[at + i] != card:
        i += 1
    for j in range(i, n - 1):
        s[at + j] = s[at + j + 1]
    s[at + n - 1] = 0
    s[length_slot] = n - 1


@njit
def append(s: Arr, at: int, length_slot: int, card: int) -> None:
    s[at + s[length_slot]] = card
    s[length_slot] += 1


@njit
def to_discard(s: Arr, card: int) -> None:
    append(s, DISCARD, DISCARD_LEN, card)


@njit
def in_taco(s: Arr, seat: int, card: int) -> bool:
    at = taco_at(seat)
    i, n = 0, s[TACO_LEN + seat]
    while i < n and s[at + i] != card:
        i += 1
    return bool(i < n)


@njit
def owner_of(s: Arr, cfg: Arr, card: int) -> int:
    for seat in range(cfg[C_N]):
        if in_taco(s, seat, card):
            return seat
    return -1


@njit
def pick_from_hand(s: Arr, cfg: Arr, seat: int, spec: int) -> int:
    """The copy of a kind a seat gives up: one others know about first, then the lowest id."""
    at = hand_at(seat)
    first = -1
    for i in range(s[HAND_LEN + seat]):
        c = s[at + i]
        if cfg[C_CARD_SPEC + c] == spec:
            if s[KNOWN + c] != 0:
                return int(c)
            if first < 0:
                first = int(c)
    return first


@njit
def draw(s: Arr, cfg: Arr, seat: int, rng: Arr) -> int:
    """The top card into the seat's hand (the discard pile shuffled in first if the deck is empty);
    -1 when both are empty, or the seat left the match (it draws nothing)."""
    if s[GONE] and gone(s, seat):
        return -1
    if s[DECK_LEN] == 0:
        if s[DISCARD_LEN] == 0:
            return -1
        n = s[DISCARD_LEN]
        for i in range(n):
            s[DECK + i] = s[DISCARD + i]
            s[DISCARD + i] = 0
        s[DECK_LEN], s[DISCARD_LEN] = n, 0
        shuffle(s, rng, DECK, n)
    s[DECK_LEN] -= 1
    card = int(s[DECK + s[DECK_LEN]])
    s[DECK + s[DECK_LEN]] = 0
    to_hand(s, seat, card)
    return card


@njit
def push(s: Arr, kind: int, f1: int, f2: int, f3: int, f4: int) -> int:
    """Push a task; returns its offset (for the decided slots of windows and hails)."""
    at = STACK + REC * s[STACK_LEN]
    s[at], s[at + 1], s[at + 2], s[at + 3], s[at + 4] = kind, f1, f2, f3, f4
    for i in range(MAXP):
        s[at + 5 + i] = 0
    s[STACK_LEN] += 1
    return int(at)


@njit
def top(s: Arr) -> int:
    """The offset of the top task (the stack is never empty while the game runs)."""
    return int(STACK + REC * (s[STACK_LEN] - 1))


@njit
def pop(s: Arr) -> None:
    s[STACK_LEN] -= 1
    at = STACK + REC * s[STACK_LEN]
    for i in range(REC):
        s[at + i] = 0


@njit
def taco_points(s: Arr, seat: int) -> int:
    at = taco_at(seat)
    total = 0
    for i in range(s[TACO_LEN + seat]):
        total += s[POINTS + s[at + i]]
    return total


@njit
def over(s: Arr, cfg: Arr) -> bool:
    """Whether the match is over (the search's and the learned value's one test of it)."""
    return bool(s[OVER] != 0)


@njit
def winner(s: Arr, cfg: Arr) -> int:
    """The one seat with the highest total once the match is over; -1 for a shared first place, a game
    not over, or one cut off."""
    if s[OVER] != 1:
        return -1
    best, who = -(1 << 40), -1
    for seat in range(cfg[C_N]):
        if gone(s, seat):  # a seat that left ranks below every seat that stayed
            continue
        t = s[TOTALS + seat]
        if t > best:
            best, who = t, seat
        elif t == best:
            who = -1
    return who
