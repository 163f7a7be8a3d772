"""The differential check: the reference engine and the kernel play the same games side by side.

After every action it compares, for the seats to act, the legal actions (as the reference's texts,
in order); the whole state both ways (the reference state encoded must equal the kernel's array, and
the kernel's array decoded must write the reference's position line, secrets included); who is to
act and the result. With ``policy="heuristic"`` it also checks that the kernel's heuristic picks what
the reference ``HeuristicBot`` picks from the seat's view. New rounds are dealt in the reference's
order (its seed and shuffle counter), so the two stay in step through whole games.

The reference is the authority: a :class:`KernelMismatch` names the game, the step and what differs.
"""

from __future__ import annotations

import copy
import random

import numpy as np

from cardroom.core.game import State
from cardroom.core.rng import derive
from cardroom.games.kernel_face import Counts, KernelMismatch
from cardroom.games.kernel_proof import Features, Proof
from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat import kernel_seat as ksp
from cardroom.games.tacocat.bot import HeuristicBot
from cardroom.games.tacocat.game import TacocatGame
from cardroom.games.tacocat.kernel_codec import action_id, action_text, canonical, config, decode, encode
from cardroom.games.tacocat.state import TacocatState


def _compare(state: TacocatState, s: k.Arr, where: str) -> None:
    mine, theirs = canonical(s), canonical(encode(state))
    if not np.array_equal(mine, theirs):
        diff = [i for i in range(k.STATE_SIZE) if mine[i] != theirs[i]]
        raise KernelMismatch(f"{where}: arrays differ at slots {diff[:10]}: {state.notation()}")
    line = decode(s, state.game, state.seed).notation()
    if line != state.notation():
        raise KernelMismatch(f"{where}: kernel decodes to {line!r}, reference is {state.notation()!r}")
    seats = np.zeros(2, np.int64)
    n = k.to_act(s, seats)
    if tuple(int(x) for x in seats[:n]) != state.to_act:
        raise KernelMismatch(f"{where}: kernel to_act {seats[:n]}, reference {state.to_act}")
    outcome = state.outcome
    expected = -1 if outcome is None else outcome.winners[0]
    if k.winner(s) != expected:
        raise KernelMismatch(f"{where}: kernel winner {k.winner(s)}, reference {expected}")


def _deal_like_reference(state: TacocatState, s: k.Arr, cfg: k.Arr) -> None:
    cards = list(state.game.deck_cards)
    derive(state.seed, int(s[k.COUNTER]) - 1).shuffle(cards)
    s[k.ORDER : k.ORDER + len(cards)] = cards
    k.deal(s, cfg)


def play(game: TacocatGame, seed: int, policy: str = "random") -> Counts:
    """One game from ``seed`` through both engines; ``policy`` is ``random`` or ``heuristic``."""
    counts = Counts(games=1)
    cfg = config(game)
    rng = random.Random(seed)
    bot = HeuristicBot()
    state = game.new_game(seed)
    s = encode(state)
    moves = np.zeros(k.MAX_ACTIONS, np.int64)
    while True:
        where = f"{game.preset} seed {seed} step {state.step}"
        _compare(state, s, where)
        counts.states += 1
        if state.is_over:
            return counts
        for seat in state.to_act:
            n = k.legal(s, cfg, seat, moves)
            texts = tuple(action_text(int(a)) for a in moves[:n])
            if texts != tuple(str(a) for a in state.legal_actions(seat)):
                raise KernelMismatch(f"{where}: seat {seat} kernel legal {texts}, reference {state.legal_actions(seat)}")
            counts.legal_sets += 1
        seat = rng.choice(state.to_act)
        n = k.legal(s, cfg, seat, moves)
        if policy == "heuristic":
            text = bot.choose(game, state.view(seat), rng)
            mine = action_text(int(ksp.heuristic(s, cfg, seat, moves, n)))
            if mine != text:
                raise KernelMismatch(f"{where}: kernel heuristic {mine!r}, HeuristicBot {text!r}")
            counts.heuristic_choices += 1
        else:
            text = str(rng.choice(state.legal_actions(seat)))
        state = state.apply(seat, text)  # type: ignore[assignment]
        k.apply_rules(s, cfg, seat, action_id(text))
        if s[k.NEED_DEAL]:
            _deal_like_reference(state, s, cfg)
        counts.actions += 1


def run(game: TacocatGame, games: int, first_seed: int = 0, policy: str = "random") -> Counts:
    total = Counts()
    for seed in range(first_seed, first_seed + games):
        total.add(play(game, seed, policy))
    return total


# -- the randomness and information-set proof (games/kernel_proof.py) -------------------------------------


def _features(state: State) -> Features:
    """What a deal or a re-deal decides: each seat's hand value by value, set-aside and duel cards, the
    top of the draw pile."""
    assert isinstance(state, TacocatState)
    found: Features = {}
    for p in (0, 1):
        found.update({f"hand{p}:{v}": state.hands[p].count(v) for v in range(1, 13)})
        found[f"marks{p}"], found[f"pick{p}"] = tuple(sorted(state.marks[p])), state.picks[p]
    found["draw top"], found["draw 2nd"] = tuple(state.draw[:1]), tuple(state.draw[1:2])
    return found


def _reseed(state: State, seed: int) -> State:
    again = copy.copy(state)
    object.__setattr__(again, "seed", seed)
    return again


def proof() -> Proof:
    """Tacocat's side of the randomness and ``info_key`` proof: no view field is left out of the key."""
    from cardroom.games.tacocat.kernel_api import KERNEL

    return Proof(KERNEL, lambda s, game: decode(s, game, 0), _features, _reseed)
