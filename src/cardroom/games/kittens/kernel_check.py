"""The differential check: the reference engine and the Kittens kernel play the same games side by side.

After every action it compares, for every seat to act, the legal actions (as the reference's texts, in
order); the whole state both ways (the reference state encoded must equal the kernel's array, and the
kernel's array decoded must hold every field the reference's position line writes: every card, every
secret and what each seat knows); who is to act and the result. With ``policy="heuristic"`` it also checks that
the kernel's heuristic picks what the reference ``HeuristicBot`` picks from the seat's view. The two
random rules (a Shuffle, the steal of a pair) are finished with the reference's own generator, so the
two engines stay in step through whole games.

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
from cardroom.games.kittens import kernel as k
from cardroom.games.kittens import kernel_apply as ka
from cardroom.games.kittens import kernel_seat as ksp
from cardroom.games.kittens.bot import HeuristicBot
from cardroom.games.kittens.game import KittensGame
from cardroom.games.kittens.kernel_codec import action_id, action_text, canonical, config, decode, encode
from cardroom.games.kittens.state import KittensState

__all__ = ["Counts", "KernelMismatch", "play", "run"]


def _fields(state: KittensState) -> tuple[object, ...]:
    """Everything the position line writes (every card, secret and piece of knowledge), unformatted."""
    return (state.seed, state.counter, state.step, state.current, state.owed, state.attacked, state.phase,
            state.out, state.undecided, state.hands, state.pile, state.discard, state.removed, state.pending,
            state.pile_known, state.hand_known)  # fmt: skip


def _compare(state: KittensState, s: k.Arr, cfg: k.Arr, where: str) -> None:
    mine, theirs = canonical(s), canonical(encode(state))
    if not np.array_equal(mine, theirs):
        diff = [i for i in range(len(mine)) if mine[i] != theirs[i]]
        raise KernelMismatch(f"{where}: arrays differ at slots {diff[:10]}: {state.position()}")
    decoded = decode(s, state.game, state.seed)
    if _fields(decoded) != _fields(state):
        raise KernelMismatch(f"{where}: kernel decodes to {decoded.position()!r}, reference is {state.position()!r}")
    seats = np.zeros(k.MAXP, np.int64)
    n = k.to_act(s, cfg, seats)
    if tuple(int(x) for x in seats[:n]) != state.to_act:
        raise KernelMismatch(f"{where}: kernel to_act {seats[:n]}, reference {state.to_act}")
    outcome = state.outcome
    expected = -1 if outcome is None else outcome.winners[0]
    if k.winner(s, cfg) != expected:
        raise KernelMismatch(f"{where}: kernel winner {k.winner(s, cfg)}, reference {expected}")


def _finish_like_reference(state: KittensState, s: k.Arr, cfg: k.Arr) -> None:
    """Finish a Shuffle or a steal with the generator the reference used (its seed, counter - 1)."""
    rng = derive(state.seed, int(s[k.COUNTER]) - 1)
    if s[k.NEED] == k.NEED_SHUFFLE:
        size = int(s[k.PILE_LEN])
        pile = s[k.PILE : k.PILE + size][::-1].tolist()  # top first, as the reference holds it
        rng.shuffle(pile)
        s[k.PILE : k.PILE + size] = pile[::-1]
        s[k.NEED] = k.NEED_NONE
    elif s[k.NEED] == k.NEED_STEAL:
        at = k.HAND + k.NK * int(s[k.STEAL_FROM])
        hand = [kind for kind in range(k.NK) for _ in range(int(s[at + kind]))]
        ka.steal(s, cfg, hand[rng.randrange(len(hand))])


def play(game: KittensGame, seed: int, policy: str = "random") -> Counts:
    """One game from ``seed`` through both engines; ``policy`` is ``random`` or ``heuristic``."""
    counts = Counts(games=1)
    cfg = config(game)
    rng = random.Random(seed)
    bot = HeuristicBot()
    state = game.new_game(seed)
    s = encode(state)
    moves = np.zeros(k.MAX_ACTIONS, np.int64)
    label = f"{game.preset} players={game.players}" + ("" if game.preset else f" {dict(game.options)}")
    while True:
        where = f"{label} seed {seed} step {state.step}"
        _compare(state, s, cfg, where)
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
                raise KernelMismatch(f"{where}: seat {seat} kernel heuristic {mine!r}, HeuristicBot {text!r}: "
                                     f"{state.position()}")  # fmt: skip
            counts.heuristic_choices += 1
        else:
            text = str(rng.choice(state.legal_actions(seat)))
        state = state.apply(seat, text)  # type: ignore[assignment]
        ka.apply_rules(s, cfg, seat, action_id(text))
        _finish_like_reference(state, s, cfg)
        counts.actions += 1


def run(game: KittensGame, games: int, first_seed: int = 0, policy: str = "random") -> Counts:
    total = Counts()
    for seed in range(first_seed, first_seed + games):
        total.add(play(game, seed, policy))
    return total


# -- the randomness and information-set proof (games/kernel_proof.py) -------------------------------------


def _features(state: State) -> Features:
    """What a deal, a Shuffle, a steal or a re-deal decides: each hand kind by kind, the top three cards
    of the pile, and where the Kittens are counted from the top."""
    assert isinstance(state, KittensState)
    found: Features = {}
    for p, hand in enumerate(state.hands):
        found.update({f"hand{p}:{kind}": hand.count(kind) for kind in range(k.NK)})
    for depth in range(1, 4):
        found[f"pile top {depth}"] = state.pile[-depth] if len(state.pile) >= depth else None
    found["kittens from the top"] = tuple(i for i, c in enumerate(reversed(state.pile)) if c == k.KITTEN)
    return found


def _reseed(state: State, seed: int) -> State:
    again = copy.copy(state)
    object.__setattr__(again, "seed", seed)
    return again


def proof() -> Proof:
    """Exploding Kittens' side of the randomness and ``info_key`` proof: no view field is left out."""
    from cardroom.games.kittens.kernel_api import KERNEL

    return Proof(KERNEL, lambda s, game: decode(s, game, 0), _features, _reseed, step_kind=_step_kind)


def _step_kind(state: State, act: str) -> str:
    """A pass decides nothing itself: the play it lets stand (a Shuffle, a pair's steal) does."""
    assert isinstance(state, KittensState)
    return f"{act} on {state.pending.kind}" if state.pending is not None else act.split()[0]
