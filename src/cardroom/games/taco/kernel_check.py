"""The differential check: the reference engine and the kernel play the same games side by side.

After every action it compares the whole state both ways (the reference state encoded must equal the
kernel's array, and the kernel's array decoded must give the reference's table, secrets included),
who is to act, the legal actions of every seat to act (as the reference's texts, in order) and the
result. With ``policy="heuristic"`` it also checks that the kernel's heuristic scores every legal
action exactly as the reference ``HeuristicBot`` does from the seat's view.

The kernel runs with a *scripted* generator: each random draw it asks for is answered from the
reference's own generator for that event (``derive(seed, counter)``), so the two stay in step through
reshuffles, random poisons, random steals and new rounds. The reference is the authority: a
:class:`KernelMismatch` names the game, the step and what differs.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np

from cardroom.core.game import State
from cardroom.core.kernel_face import KernelMismatch
from cardroom.core.rng import derive
from cardroom.games.kernel_diff import Counts, Differential
from cardroom.games.kernel_proof import Features, Proof
from cardroom.games.taco import kernel as k
from cardroom.games.taco import kernel_legal as kl
from cardroom.games.taco import kernel_seat as ksp
from cardroom.games.taco.bot import HeuristicBot, _Judge, specs_by_slug
from cardroom.games.taco.game import TacoGame
from cardroom.games.taco.kernel_api import KERNEL
from cardroom.games.taco.kernel_codec import action_id, action_text, decode, encode
from cardroom.games.taco.state import TacoState
from cardroom.games.taco.table import Table


def apply_scripted(s: k.Arr, cfg: k.Arr, seat: int, a: int, seed: int, rng: k.Arr) -> int:
    """Apply action ``a`` to ``s`` with every random draw taken from the reference's generators for
    this game's ``seed``; returns the number of draws. A draw the script does not hold yet is asked
    for by a replay: the kernel records which event (generator) and which range it needed."""
    c0 = int(s[k.COUNTER])
    values: list[int] = []
    gens: dict[int, random.Random] = {}
    while True:
        work = s.copy()
        rng[k.R_MODE], rng[k.R_LEN], rng[k.R_POS], rng[k.R_GEN], rng[k.R_MISSING] = 1, len(values), 0, 0, -1
        rng[k.R_VALUES : k.R_VALUES + len(values)] = values
        kl.apply(work, cfg, seat, a, rng)
        miss = int(rng[k.R_MISSING])
        if miss < 0:
            s[:] = work
            return len(values)
        if miss >= k.MAX_DRAWS:
            raise KernelMismatch(f"more than {k.MAX_DRAWS} random draws in one action")
        g = int(rng[k.R_REQUESTS + 2 * miss])
        gen = gens.setdefault(g, derive(seed, c0 + g))
        j = miss
        while j < min(int(rng[k.R_POS]), k.MAX_DRAWS) and rng[k.R_REQUESTS + 2 * j] == g:
            values.append(gen._randbelow(int(rng[k.R_REQUESTS + 2 * j + 1])))  # type: ignore[attr-defined]
            j += 1


def compare(state: TacoState, s: k.Arr, cfg: k.Arr, where: str) -> None:
    mine, theirs = s, encode(state)
    if not np.array_equal(mine, theirs):
        diff = [i for i in range(k.STATE_SIZE) if mine[i] != theirs[i]]
        raise KernelMismatch(f"{where}: arrays differ at slots {diff[:10]} (kernel {[int(mine[i]) for i in diff[:10]]},"
                             f" reference {[int(theirs[i]) for i in diff[:10]]})")  # fmt: skip
    back = decode(s, state.game, state.tb.seed).tb
    for name in Table.__slots__:  # the table's JSON field by field, without building the JSON
        if getattr(back, name) != getattr(state.tb, name):
            raise KernelMismatch(f"{where}: kernel decodes to another {name!r} than the reference's")


def _check_scores(state: TacoState, s: k.Arr, cfg: k.Arr, seat: int, where: str) -> None:
    """Every legal action's heuristic score, kernel against ``bot._Judge``: equal to the last bit."""
    legal = state.legal_actions(seat)
    if len(legal) < 2:
        return
    judge = _Judge(specs_by_slug(state.game.deck), state.view(seat))
    moves = np.zeros(k.MAX_ACTIONS, np.int64)
    n = kl.legal(s, cfg, seat, moves)
    for a in moves[:n]:
        text = action_text(state.game, int(a))
        mine, theirs = ksp.score(s, cfg, seat, int(a)), judge.score(text)
        if mine != theirs:
            raise KernelMismatch(f"{where}: seat {seat} scores {text!r} {mine!r}, HeuristicBot {theirs!r}")


def _step(state: TacoState, s: k.Arr, cfg: k.Arr, seat: int, text: str) -> int:
    """The action in the kernel, every random draw taken from the reference's generators."""
    return apply_scripted(s, cfg, seat, action_id(state.game, text), state.tb.seed, np.zeros(k.RNG_SIZE, np.int64))


DIFF = Differential(KERNEL, compare, _step, HeuristicBot(), scores=_check_scores)
play, run = DIFF.play, DIFF.run


def play_conceding(game: TacoGame, seed: int, policy: str, leaves: tuple[int, int]) -> Counts:
    """``play`` at a table of three or more where seat ``leaves[0]`` concedes at step ``leaves[1]``
    (``concede.py``). The reference plays the game to that step by ``policy`` (``play`` compares that
    much of any game already) and applies the concession; the kernel never concedes itself (conceding
    is no action), so it is handed the state after it, and from there ``play`` compares both engines
    after every action (the empty chair skipped, nothing played into it, its answers given)."""
    seat_left, at = leaves
    chooser = random.Random(seed)
    state: State = game.new_game(seed)
    while not state.is_over and state.step < at:
        seat = chooser.choice(state.to_act)
        text = DIFF.bot.choose(game, state.view(seat), chooser) if policy == "heuristic" else None
        state = state.apply(seat, str(text or chooser.choice(state.legal_actions(seat))))
    if not state.is_over:
        state = state.apply(seat_left, "concede")
    return DIFF.play(_From(game, state), seed, policy)  # type: ignore[arg-type]


class _From:
    """``game``, whose new game is ``state``: the differential run from a state the kernel cannot reach
    by itself (after a concession)."""

    def __init__(self, game: TacoGame, state: State) -> None:
        self._game, self._state = game, state

    def __getattr__(self, name: str) -> object:
        return getattr(self._game, name)

    def new_game(self, seed: int) -> State:
        return self._state


# -- the randomness and information-set proof (games/kernel_proof.py) -------------------------------------


def _features(state: State) -> Features:
    """What a deal, a random effect or a re-deal decides: each hand card by card name, the top two cards
    of the deck and the discard pile's top."""
    assert isinstance(state, TacoState)
    tb, names = state.tb, [c.name for c in state.game.deck.cards]
    found: Features = {}
    for p, hand in enumerate(tb.hands):
        found.update({f"hand{p}:{name}": n for name, n in Counter(names[c] for c in hand).items()})
        found[f"hand{p} size"] = len(hand)
    found["deck top"] = names[tb.deck[-1]] if tb.deck else None
    found["deck 2nd"] = names[tb.deck[-2]] if len(tb.deck) > 1 else None
    found["discard top"] = names[tb.discard[-1]] if tb.discard else None
    return found


def _reseed(state: State, seed: int) -> State:
    assert isinstance(state, TacoState)
    tb = state.tb.clone()
    tb.seed = seed
    return TacoState(state.game, tb, state.step, state.history)


def proof() -> Proof:
    """T.A.C.O.'s side of the randomness and ``info_key`` proof. The key leaves out one view field on
    purpose: ``recent``, the last event texts, which the kernel does not keep (what they tell is in the
    table's other fields)."""
    return Proof(KERNEL, lambda s, game: decode(s, game, 0), _features, _reseed, view_exceptions=("recent",))
