"""Between the reference engine and the kernel: options, states and actions, both ways.

``encode`` turns a reference state into the kernel's array and ``decode`` turns an array back into a
reference state (secrets included), so the differential test can compare whole states in both
directions; ``action_text``/``action_id`` translate actions.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from cardroom.core.action import Action
from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat.phases import ATTACK, DEFEND, DUEL, OVER, PHASES, REPLACE
from cardroom.games.tacocat.state import Draft, TacocatState, freeze

if TYPE_CHECKING:
    from cardroom.games.tacocat.game import TacocatGame

PHASE_IDS = {REPLACE: k.REPLACE, DUEL: k.DUEL, ATTACK: k.ATTACK, DEFEND: k.DEFEND, OVER: k.OVER}
JUMBO_IDS = {"none": k.JUMBO_NONE, "sets": k.JUMBO_SETS, "sets-and-sequences": k.JUMBO_RUNS}
TIES_IDS = {"arrow": k.TIES_ARROW, "duel-winner": k.TIES_DUEL, "redeal": k.TIES_REDEAL}


def unsupported(game: TacocatGame) -> str | None:
    """Why the kernel cannot play this game's options (``None``: it can)."""
    if len(game.deck_cards) > k.MAX_DECK:
        return f"the kernel holds decks of at most {k.MAX_DECK} cards; this one has {len(game.deck_cards)}"
    if len(game.board.deals) > k.MAX_POS:
        return f"the kernel holds boards of at most {k.MAX_POS - 2} spaces"
    return None


def config(game: TacocatGame) -> k.Arr:
    """The options array of a game whose options the kernel holds (``Kernel.config`` checks
    :func:`unsupported` first)."""
    cfg = np.zeros(k.CFG_SIZE, np.int64)
    cfg[k.C_DECK] = len(game.deck_cards)
    cfg[k.C_JUMBO] = JUMBO_IDS[game.jumbo]
    cfg[k.C_TIES] = TIES_IDS[game.ties]
    cfg[k.C_NPOS] = len(game.board.deals)
    cfg[k.C_CENTRE] = game.board.centre
    for p, (deal, arrow) in enumerate(zip(game.board.deals, game.board.arrows)):
        cfg[k.C_DEALS + p] = deal
        cfg[k.C_ARROWS + p] = arrow
    for i, n in enumerate(game.deck):
        cfg[k.C_COUNTS + i] = n
    for i, v in enumerate(game.deck_cards):
        cfg[k.C_CARDS + i] = v
    return cfg


def _counts(s: list[int], at: int, cards: tuple[int, ...]) -> None:
    for v in cards:
        s[at + v - 1] += 1


def encode(state: TacocatState) -> k.Arr:
    """The kernel array of a reference state. The draw pile sits at the end of ``ORDER``; the slots
    before it (cards already dealt) are 0, as :func:`canonical` makes them in a kernel array."""
    size = len(state.game.deck_cards)
    s = [0] * k.STATE_SIZE  # filled as a list: item by item, numpy scalars are slow
    s[k.POS], s[k.COVERED], s[k.ROUND] = state.pos, state.covered, state.round
    s[k.PHASE], s[k.ACTOR] = PHASE_IDS[state.phase], state.actor
    s[k.LIMIT], s[k.SWAPPED] = state.limit, state.swapped
    for seat in (0, 1):
        s[k.DECIDED + seat] = state.decided[seat]
        s[k.PICK + seat] = state.picks[seat]
        s[k.FLOOR + seat] = state.floors[seat]
        _counts(s, k.HAND + 12 * seat, state.hands[seat])
        _counts(s, k.MARKS + 12 * seat, state.marks[seat])
    s[k.DUEL_WIN] = state.duel_winner
    s[k.STEP], s[k.COUNTER] = state.step, state.counter
    at = size - len(state.draw)
    s[k.DRAW_AT] = at
    s[k.ORDER + at : k.ORDER + size] = state.draw
    s[k.DISCARD : k.DISCARD + 12] = state.discard
    s[k.ATTACK_LEN], s[k.ANSWER_LEN] = len(state.attack), len(state.answers)
    s[k.ATTACK_CARDS : k.ATTACK_CARDS + len(state.attack)] = state.attack
    s[k.ANSWERS : k.ANSWERS + len(state.answers)] = state.answers
    if state.last_duel is not None:
        s[k.LAST_DUEL], s[k.LAST_DUEL + 1] = state.last_duel
    s[k.LAST_PLAY_WHO] = -1
    if state.last_play is not None:
        who, cards, answers = state.last_play
        s[k.LAST_PLAY_WHO], s[k.LAST_PLAY_LEN] = who, len(cards)
        s[k.LAST_ATTACK : k.LAST_ATTACK + len(cards)] = cards
        s[k.LAST_ANSWERS : k.LAST_ANSWERS + len(answers)] = answers
    s[k.LAST_ROUND + 2] = -1
    if state.last_round is not None:
        s[k.LAST_ROUND], s[k.LAST_ROUND + 1], s[k.LAST_ROUND + 2] = state.last_round
    return np.array(s, np.int64)


def canonical(s: k.Arr) -> k.Arr:
    """A copy without what the reference does not keep: the cards dealt before the draw pile, and the
    slots past the attack's, the answers' and the last play's lengths."""
    out = s.copy()
    out[k.ORDER : k.ORDER + int(s[k.DRAW_AT])] = 0
    out[k.ATTACK_CARDS + int(s[k.ATTACK_LEN]) : k.ATTACK_CARDS + 8] = 0
    out[k.ANSWERS + int(s[k.ANSWER_LEN]) : k.ANSWERS + 8] = 0
    size = int(s[k.LAST_PLAY_LEN]) if s[k.LAST_PLAY_WHO] >= 0 else 0
    out[k.LAST_ATTACK + size : k.LAST_ATTACK + 8] = 0
    out[k.LAST_ANSWERS + size : k.LAST_ANSWERS + 8] = 0
    return out


def _cards(s: list[int], at: int) -> tuple[int, ...]:
    return tuple(v for v in range(1, 13) for _ in range(s[at + v - 1]))


def decode(array: k.Arr, game: TacocatGame, seed: int = 0) -> TacocatState:
    """The reference state of a kernel array (with ``seed``; the event history is empty)."""
    s: list[int] = array.tolist()
    d = object.__new__(Draft)
    d.game, d.seed, d.counter, d.step, d.history = game, seed, s[k.COUNTER], s[k.STEP], None
    d.round, d.pos, d.covered = s[k.ROUND], s[k.POS], s[k.COVERED]
    d.hands = (_cards(s, k.HAND), _cards(s, k.HAND + 12))
    d.marks = (_cards(s, k.MARKS), _cards(s, k.MARKS + 12))
    d.draw = tuple(s[k.ORDER + s[k.DRAW_AT] : k.ORDER + len(game.deck_cards)])
    d.discard = tuple(s[k.DISCARD : k.DISCARD + 12])
    d.phase, d.actor = PHASES[s[k.PHASE]], s[k.ACTOR]
    d.limit, d.swapped = s[k.LIMIT], s[k.SWAPPED]
    d.decided = (s[k.DECIDED], s[k.DECIDED + 1])
    d.picks = (s[k.PICK], s[k.PICK + 1])
    d.floors = (s[k.FLOOR], s[k.FLOOR + 1])
    d.attack = tuple(s[k.ATTACK_CARDS : k.ATTACK_CARDS + s[k.ATTACK_LEN]])
    d.answers = tuple(s[k.ANSWERS : k.ANSWERS + s[k.ANSWER_LEN]])
    d.duel_winner = s[k.DUEL_WIN]
    d.last_duel = None if s[k.LAST_DUEL] == 0 else (s[k.LAST_DUEL], s[k.LAST_DUEL + 1])
    d.last_play = None
    if s[k.LAST_PLAY_WHO] >= 0:
        n = s[k.LAST_PLAY_LEN]
        d.last_play = (
            s[k.LAST_PLAY_WHO],
            tuple(s[k.LAST_ATTACK : k.LAST_ATTACK + n]),
            tuple(s[k.LAST_ANSWERS : k.LAST_ANSWERS + n]),
        )
    d.last_round = None
    if s[k.LAST_ROUND] != 0:
        d.last_round = (s[k.LAST_ROUND], s[k.LAST_ROUND + 1], s[k.LAST_ROUND + 2])
    return freeze(d)


#: The actions naming one card value: (first action, end, verb); the action is ``first + value - 1``.
_ONE_CARD = ((k.A_DISCARD, k.A_KEEP, "discard"), (k.A_KEEP, k.A_DONE, "keep"), (k.A_DUEL, k.A_DEFEND, "duel"),
             (k.A_DEFEND, k.A_SACRIFICE, "defend"))  # fmt: skip


@cache
def action_text(a: int) -> str:
    """The reference's text of kernel action ``a``."""
    for first, end, verb in _ONE_CARD:
        if first <= a < end:
            return f"{verb} {a - first + 1}"
    if a in (k.A_DONE, k.A_SACRIFICE):
        return "done" if a == k.A_DONE else "sacrifice"
    cards = np.zeros(8, np.int64)
    n = k.attack_cards(a, cards)
    return "attack " + " ".join(str(int(v)) for v in cards[:n])


@cache
def _ids() -> dict[str, int]:
    return {action_text(a): a for a in range(k.N_ACTIONS) if _valid(a)}


def _valid(a: int) -> bool:
    if a < k.A_SET:
        return True
    if a < k.A_RUN:
        return True
    start, size = (a - k.A_RUN) // 8 + 1, (a - k.A_RUN) % 8 + 1
    return size >= 3 and start + size - 1 <= 12


def action_id(act: Action | str) -> int:
    """The kernel action of a reference action (or its canonical text)."""
    return _ids()[str(act)]


def action_space_texts() -> dict[int, str]:
    """Every kernel action id and its text."""
    return {a: action_text(a) for a in _ids().values()}
