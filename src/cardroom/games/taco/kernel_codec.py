"""Between the reference engine and the kernel: options, states and actions, both ways.

``config`` turns a game's options and deck file into the kernel's options array (every card's type,
points, food, effect and parameters as numbers, and the action ids); ``encode`` turns a reference
state into the kernel's array and ``decode`` an array back into a reference state, secrets included,
so the differential test compares whole states in both directions.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from typing import Any

import numpy as np

from cardroom.core import events as ev
from cardroom.core.action import Action
from cardroom.games.taco import kernel as k
from cardroom.games.taco.engine import rounds_played
from cardroom.games.taco.game import TacoGame
from cardroom.games.taco.state import TacoState
from cardroom.games.taco.table import Table

TYPES = {"shell": k.SHELL, "basic": k.BASIC, "superstar": k.SUPERSTAR, "instant": k.INSTANT,
         "poison": k.POISON, "action": k.ACTION}  # fmt: skip
FOODS = {"meat": k.MEAT, "vegetable": k.VEGETABLE}
EFFECTS = ("none", "play_another", "place_ingredient", "draw", "destroy", "steal", "swap", "return_card",
           "take_random", "make_discard", "revive", "taco_master", "discard_each_turn", "destroy_each_turn",
           "discard_random_each_turn", "accent", "cancel")  # fmt: skip
WHAT = {"ingredient": k.WHAT_INGREDIENT, "poison": k.WHAT_POISON, "any": k.WHAT_ANY}
VERBS = {"play": k.VERB_PLAY, "use": k.VERB_USE, "instant": k.VERB_INSTANT, "pass": k.VERB_PASS,
         "end": k.VERB_END, "target": k.VERB_TARGET, "choose": k.VERB_CHOOSE, "discard": k.VERB_DISCARD,
         "hail": k.VERB_HAIL, "accent": k.VERB_ACCENT}  # fmt: skip
TARGET_VERBS = {"destroy": k.V_DESTROY, "steal": k.V_STEAL, "swap": k.V_SWAP, "return_card": k.V_RETURN}
WHY = {"limit": k.WHY_LIMIT, "poison": k.WHY_POISON, "made": k.WHY_MADE, "opening": k.WHY_OPENING}
TASKS = {"turn": k.T_TURN, "end_turn": k.T_END_TURN, "draw_step": k.T_DRAW_STEP, "poison": k.T_POISON,
         "next": k.T_NEXT, "resolve": k.T_RESOLVE, "enter": k.T_ENTER, "main": k.T_MAIN, "bonus": k.T_BONUS,
         "window": k.T_WINDOW, "target": k.T_TARGET, "choose": k.T_CHOOSE, "discard": k.T_DISCARD,
         "hail": k.T_HAIL, "accent": k.T_ACCENT}  # fmt: skip
TASK_NAMES = {v: n for n, v in TASKS.items()}
Arr = k.Arr


def unsupported(game: TacoGame) -> str | None:
    """Why the kernel cannot play this game's options (``None``: it can)."""
    deck = game.deck
    if len(deck.cards) > k.MAXC:
        return f"the kernel holds decks of at most {k.MAXC} cards; this one has {len(deck.cards)}"
    if len(deck.specs) > k.MAXS:
        return f"the kernel holds at most {k.MAXS} kinds of card; this deck has {len(deck.specs)}"
    if len(game.action_space()) > k.MAX_SPACE:
        return f"the kernel holds at most {k.MAX_SPACE} actions; this game has {len(game.action_space())}"
    instants = sum(1 for c in deck.cards if c.type == "instant")
    if instants >= k.MAX_CHAIN:
        return f"the kernel holds at most {k.MAX_CHAIN - 1} Instants; this deck has {instants}"
    poisons = sum(1 for c in deck.cards if c.type == "poison")
    if poisons > k.MAX_STACK - 16:
        return f"the kernel holds at most {k.MAX_STACK - 16} poisons; this deck has {poisons}"
    return None


def _spec_row(spec: Any) -> dict[int, int]:
    params = spec.params
    types = params.get("types")
    return {
        k.S_TYPE: TYPES[spec.type],
        k.S_POINTS: spec.points,
        k.S_FOOD: FOODS[spec.food] if spec.food else -1,
        k.S_EFFECT: EFFECTS.index(spec.effect),
        k.S_COUNT: int(params.get("count", 1)),
        k.S_PPOINTS: int(params.get("points", -1)),
        k.S_KIND: FOODS[params["kind"]] if "kind" in params else -1,
        k.S_WHAT: WHAT[params.get("what", "ingredient")],
        k.S_TYPES: -1 if types is None else sum(1 << TYPES[t] for t in types),
        k.S_DRAW: int(params.get("draw", 0)),
        k.S_TURNS: int(params.get("turns", 0)),
        k.S_IMMEDIATE: int(spec.play_immediately),
        k.S_ANTICS: int(spec.antics),
        k.S_STARTING: int(spec.starting),
    }


@lru_cache(maxsize=32)  # bounded: a server makes a game object per table
def _config(game: TacoGame) -> Arr:
    deck = game.deck
    spec_index = {spec.slug: i for i, spec in enumerate(deck.specs)}
    cfg = np.zeros(k.CFG_SIZE, np.int64)
    cfg[k.C_N], cfg[k.C_NCARDS], cfg[k.C_NSPECS] = game.players, len(deck.cards), len(deck.specs)
    cfg[k.C_ROUNDS], cfg[k.C_ANTICS], cfg[k.C_GIMME] = game.rounds, int(game.antics), int(game.gimme_trophy)
    cfg[k.C_POOL] = game.pool_start
    cfg[k.C_SECOND_PICK] = int(game.second_pick)
    ids = deck.deck_ids(game.antics)
    cfg[k.C_NDECK] = len(ids)
    cfg[k.C_DECK_IDS : k.C_DECK_IDS + len(ids)] = ids
    starting = deck.starting_ids[: k.MAXP]
    cfg[k.C_STARTING : k.C_STARTING + len(starting)] = starting
    for c, spec in enumerate(deck.cards):
        cfg[k.C_CARD_SPEC + c] = spec_index[spec.slug]
    for i, spec in enumerate(deck.specs):
        for a, value in _spec_row(spec).items():
            cfg[k.C_SPEC + a * k.MAXS + i] = value
    space = game.action_space()
    cfg[k.C_NSPACE] = len(space)
    cfg[k.C_ACT_SPEC : k.C_ACT_SPEC + k.MAX_SPACE] = -1
    cfg[k.C_ACT_SEAT : k.C_ACT_SEAT + k.MAX_SPACE] = -1
    for a, act in enumerate(space):
        cfg[k.C_ACT_VERB + a] = VERBS[act.verb]
        sp = spec_index[str(act.args[0])] if act.verb in ("play", "use", "instant", "target", "discard") else -1
        seat = int(act.args[-1]) if act.verb in ("play", "target", "choose") else -1
        cfg[k.C_ACT_SPEC + a], cfg[k.C_ACT_SEAT + a] = sp, seat
        slot = {"play": k.C_A_PLAY + sp * k.MAXP + seat, "target": k.C_A_TARGET + sp * k.MAXP + seat,
                "use": k.C_A_USE + sp, "instant": k.C_A_INSTANT + sp, "discard": k.C_A_DISCARD + sp,
                "choose": k.C_A_CHOOSE + seat, "pass": k.C_PASS, "end": k.C_END, "hail": k.C_HAIL,
                "accent": k.C_ACCENT}[act.verb]  # fmt: skip
        cfg[slot] = a
    return cfg


def config(game: TacoGame) -> Arr:
    """The options array of a game (check :func:`unsupported` first); one shared array per game, which
    nothing writes to."""
    problem = unsupported(game)
    if problem is not None:
        raise ValueError(problem)
    return _config(game)


def action_texts(game: TacoGame) -> list[str]:
    return [str(a) for a in game.action_space()]


def action_text(game: TacoGame, a: int) -> str:
    return str(game.action_space()[a])


def action_id(game: TacoGame, act: str | Action) -> int:
    return _ids(game)[str(act)]


@lru_cache(maxsize=32)  # bounded: a server makes a game object per table
def _ids(game: TacoGame) -> dict[str, int]:
    return {t: i for i, t in enumerate(action_texts(game))}


# -- states ---------------------------------------------------------------------------------------------


def _task_row(task: list[Any], s: list[int], game: TacoGame) -> list[int]:
    """One reference task as the kernel's record (windows also fill the chain in ``s``)."""
    kind = str(task[0])
    row = [TASKS[kind], 0, 0, 0, 0] + [0] * k.MAXP
    if kind in ("turn", "end_turn", "draw_step", "next", "accent"):
        row[1] = int(task[1])
    elif kind in ("poison", "enter", "main"):
        row[1], row[2] = int(task[1]), int(task[2])
    elif kind == "bonus":
        mode, arg = task[2], task[3]
        row[1] = int(task[1])
        if mode == "any":
            row[2] = k.B_ANY
        elif mode == "kind":
            row[2], row[3] = k.B_KIND, FOODS[arg]
        else:
            row[2], row[3] = k.B_POINTS, int(arg)
    elif kind in ("window", "resolve"):
        for i, (card, dest, who) in enumerate(task[1]):
            s[k.CHAIN + 3 * i : k.CHAIN + 3 * i + 3] = [int(card), int(dest), int(who)]
        s[k.CHAIN_LEN] = len(task[1])
        if kind == "window":
            row[5 : 5 + len(task[2])] = [int(d) for d in task[2]]
    elif kind == "target":
        row[1:5] = [int(task[1]), TARGET_VERBS[task[2]], int(task[3]), int(task[5])]
    elif kind == "choose":
        row[1:4] = [int(task[1]), EFFECTS.index(task[2]), int(task[3])]
    elif kind == "discard":
        row[1:4] = [int(task[1]), int(task[2]), WHY[task[3]]]
    elif kind == "hail":
        row[1] = int(task[1])
        row[5 : 5 + len(task[2])] = [int(d) for d in task[2]]
    return row


def _put(s: list[int], at: int, length_slot: int, items: list[int]) -> None:
    s[at : at + len(items)] = items
    s[length_slot] = len(items)


def encode(state: TacoState) -> Arr:
    """The kernel array of a reference state."""
    tb = state.tb
    game = state.game
    s = [0] * k.STATE_SIZE
    for slot, value in ((k.ROUND, tb.round), (k.FIRST, tb.first), (k.TURN, tb.turn), (k.TURNS, tb.turns),
                        (k.POOL, tb.pool), (k.POOL_START, tb.pool_start), (k.TROPHY, tb.trophy),
                        (k.GIMME, tb.gimme), (k.OVER, int(tb.over)), (k.COUNTER, tb.counter),
                        (k.STEP, state.step)):  # fmt: skip
        s[slot] = value
    for seat in getattr(state, "gone", ()):  # seats that left (concede.py)
        s[k.GONE] |= 1 << seat
    s[k.TOTALS : k.TOTALS + len(tb.totals)] = tb.totals
    for r, row in enumerate(tb.round_scores):
        s[k.ROUND_SCORES + k.MAXP * r : k.ROUND_SCORES + k.MAXP * r + len(row)] = row
    s[k.RS_LEN] = len(tb.round_scores)
    s[k.POINTS : k.POINTS + len(tb.points)] = tb.points
    for card, mask in tb.known.items():
        s[k.KNOWN + card] = mask
    for card, age in tb.ages.items():
        s[k.AGES + card] = age
    _put(s, k.DECK, k.DECK_LEN, tb.deck)
    _put(s, k.DISCARD, k.DISCARD_LEN, tb.discard)
    _put(s, k.BOX, k.BOX_LEN, tb.box)
    for seat in range(game.players):
        _put(s, k.HANDS + k.MAXC * seat, k.HAND_LEN + seat, tb.hands[seat])
        _put(s, k.TACOS + k.MAXC * seat, k.TACO_LEN + seat, tb.tacos[seat])
    for i, task in enumerate(tb.stack):
        s[k.STACK + k.REC * i : k.STACK + k.REC * (i + 1)] = _task_row(task, s, game)
    s[k.STACK_LEN] = len(tb.stack)
    return np.frombuffer(array("q", s), np.int64).copy()  # much faster than np.array(list)


def _task_list(s: Arr, i: int, game: TacoGame) -> list[Any]:
    at = k.STACK + k.REC * i
    kind = TASK_NAMES[int(s[at])]
    f = [int(x) for x in s[at + 1 : at + 5]]
    n = game.players
    if kind in ("turn", "end_turn", "draw_step", "next", "accent"):
        return [kind, f[0]]
    if kind in ("poison", "enter", "main"):
        return [kind, f[0], f[1]]
    if kind == "bonus":
        mode = ("any", "kind", "points")[f[1]]
        arg = "" if mode == "any" else (("meat", "vegetable")[f[2]] if mode == "kind" else str(f[2]))
        return [kind, f[0], mode, arg]
    if kind in ("window", "resolve"):
        chain = [[int(x) for x in s[k.CHAIN + 3 * j : k.CHAIN + 3 * j + 3]] for j in range(int(s[k.CHAIN_LEN]))]
        if kind == "resolve":
            return [kind, chain]
        return [kind, chain, [int(x) for x in s[at + 5 : at + 5 + n]]]
    card_params = dict(game.deck.cards[f[2]].params) if kind in ("target", "choose") else {}
    if kind == "target":
        verb = {v: name for name, v in TARGET_VERBS.items()}[f[1]]
        return [kind, f[0], verb, f[2], card_params, f[3]]
    if kind == "choose":
        return [kind, f[0], EFFECTS[f[1]], f[2], card_params]
    if kind == "discard":
        return [kind, f[0], f[1], {v: name for name, v in WHY.items()}[f[2]]]
    return ["hail", f[0], [int(x) for x in s[at + 5 : at + 5 + n]]]


def _get(s: Arr, at: int, length_slot: int) -> list[int]:
    found: list[int] = s[at : at + int(s[length_slot])].tolist()
    return found


def decode(s: Arr, game: TacoGame, seed: int) -> TacoState:
    """The reference state of a kernel array (with an empty history and the given seed)."""
    n = game.players
    nc = len(game.deck.cards)
    tb = Table.__new__(Table)
    tb.seed = seed
    tb.counter = int(s[k.COUNTER])
    tb.round, tb.first, tb.turn, tb.turns = (int(s[x]) for x in (k.ROUND, k.FIRST, k.TURN, k.TURNS))
    tb.pool, tb.pool_start, tb.trophy, tb.gimme = (int(s[x]) for x in (k.POOL, k.POOL_START, k.TROPHY, k.GIMME))
    tb.over = bool(s[k.OVER])
    tb.reason = rounds_played(game.rounds) if tb.over else ""
    tb.totals = [int(x) for x in s[k.TOTALS : k.TOTALS + n]]
    tb.round_scores = [[int(x) for x in s[k.ROUND_SCORES + k.MAXP * r : k.ROUND_SCORES + k.MAXP * r + n]]
                       for r in range(int(s[k.RS_LEN]))]  # fmt: skip
    tb.points = [int(x) for x in s[k.POINTS : k.POINTS + nc]]
    tb.known = {c: int(s[k.KNOWN + c]) for c in range(nc) if s[k.KNOWN + c]}
    tb.ages = {c: int(s[k.AGES + c]) for c in range(nc) if s[k.AGES + c]}
    tb.deck = _get(s, k.DECK, k.DECK_LEN)
    tb.discard = _get(s, k.DISCARD, k.DISCARD_LEN)
    tb.box = _get(s, k.BOX, k.BOX_LEN)
    tb.hands = [_get(s, k.HANDS + k.MAXC * p, k.HAND_LEN + p) for p in range(n)]
    tb.tacos = [_get(s, k.TACOS + k.MAXC * p, k.TACO_LEN + p) for p in range(n)]
    tb.stack = [_task_list(s, i, game) for i in range(int(s[k.STACK_LEN]))]
    state = TacoState(game, tb, int(s[k.STEP]), ev.from_list([]))
    if s[k.GONE]:  # seats that left; the array keeps which, not in what order (only their ranking needs it)
        from cardroom.games.taco.concede import ConcededTacoState

        return ConcededTacoState(state, tuple(p for p in range(n) if (int(s[k.GONE]) >> p) & 1))
    return state
