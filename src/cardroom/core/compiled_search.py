"""The kernel protocol, and the compiled search written once over it: batch self-play, ISMCTS and rollouts.

A game's kernel is integer arrays and pure functions (docs/kernels.md). What the search needs of one is
the **protocol** (``compiled_protocol.py``): functions with given names and signatures (compiled with
``njit``) and constants, in one module of the game (its ``kernel_search.py``). The stubs there say what
each must do; :func:`build` makes a game's copy of every search function with the game's
names in place of the stubs, compiled and cached like any kernel function. So the loop, the trees,
the paired root, the oracle and the rollouts are written once, for every game.

The search is ``bots/search.py`` and ``bots/tree.py`` step for step: one tree per seat keyed by that
seat's information set, one node per tree per playout, the default policy after that, PUCT with the
default policy's move as the prior, first-play urgency at the node's mean, and the paired root on
common random numbers. A playout cut off at ``MAX_STEPS``, or stuck without a legal action, ends
there; ``reward`` scores it (1/players each, as the reference's rewards).

Why copies and not closures: Numba keys a cached closure by pickling the functions it closes over, and
a compiled function pickles with a fresh random id in every process, so a closure would compile again
in every process. A copy is a plain function with its own name (``tacocat_iterate``), cached in this
file's ``__pycache__``; its cache stamp covers every game's kernel files (``compiled._kernel_stamp``).
"""

from __future__ import annotations

import types
from typing import Any

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import mix60, njit
from cardroom.core.compiled_protocol import (
    CONSTANTS,
    MAX_ACTIONS,
    MAX_DEPTH,
    MAX_STEPS,
    MAXP,
    NODE_ACTIONS,
    POLICY_HEURISTIC,
    PROTOCOL,
    RNG_SIZE,
    STATE_SIZE,
    apply,
    determinize,
    heuristic,
    info_key,
    legal,
    likelihood,
    new_game,
    over,
    reward,
    state_size,
    to_act,
    value,
    winner,
)
from cardroom.core.compiled_random import mix, rand_below
from cardroom.core.compiled_tree import fill_node, find, insert, select

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


def fixed_state_size(cfg: Arr) -> int:
    """``state_size`` of a game that gives ``STATE_SIZE``."""
    return STATE_SIZE  # build puts the game's STATE_SIZE in the copy's scope


# -- batch self-play ------------------------------------------------------------------------------------


def choose(s: Arr, cfg: Arr, seat: int, moves: Arr, n: int, policy: int, rng: Arr) -> int:
    """A default policy's action among ``moves[:n]``: ``POLICY_HEURISTIC`` or uniformly random."""
    if policy == POLICY_HEURISTIC:
        return heuristic(s, cfg, seat, moves, n, rng)
    return int(moves[rand_below(rng, n)])


def scratch() -> tuple[Arr, Arr, Arr]:
    """A generator, a buffer of legal actions and one of seats, for one playing loop."""
    return np.zeros(RNG_SIZE, np.int64), np.zeros(MAX_ACTIONS, np.int64), np.zeros(MAXP, np.int64)


def turn(s: Arr, cfg: Arr, seats: Arr, moves: Arr, steps: int, seat: int) -> tuple[int, int]:
    """Who moves next and how many legal actions it has (written into ``moves``): ``seat`` itself at
    step 0 if it is not -1, else the first seat to act; (-1, 0) when the game is over, cut off at
    ``MAX_STEPS`` or stuck (nobody to act, or no legal action)."""
    if over(s, cfg) or steps >= MAX_STEPS:
        return -1, 0
    if steps or seat < 0:
        if to_act(s, cfg, seats) == 0:
            return -1, 0
        seat = seats[0]
    n = legal(s, cfg, seat, moves)
    return (seat, n) if n else (-1, 0)


def play_out(s: Arr, cfg: Arr, policy: int, rng: Arr, moves: Arr, seats: Arr) -> int:
    """Play ``s`` to the end in place with ``policy`` in every seat (the first seat to act moves first);
    returns the number of actions."""
    steps = 0
    while True:
        seat, n = turn(s, cfg, seats, moves, steps, -1)
        if seat < 0:
            break
        a = moves[0] if n == 1 else choose(s, cfg, seat, moves, n, policy, rng)
        apply(s, cfg, seat, a, rng)
        steps += 1
    return steps


def simulate(cfg: Arr, first: int, games: int, policy: int, seed: int, winners: Arr) -> int:
    """Play games ``first`` to ``first + games - 1`` (game i dealt from ``mix(seed, i)``, so a run split
    into parts plays the same games); winners[i - first] is game i's ``winner``. Returns the actions."""
    s = np.zeros(state_size(cfg), np.int64)
    rng, moves, seats = scratch()
    total = 0
    for i in range(games):
        rng[0] = mix(seed, first + i)
        new_game(s, cfg, rng)
        total += play_out(s, cfg, policy, rng, moves, seats)
        winners[i] = winner(s, cfg)
    return total


def play_worlds(base: Arr, cfg: Arr, seat: int, acts: Arr, seed: int, first: int, worlds: int,
                out: Floats) -> int:  # fmt: skip
    """The analysis's rollouts: ``out[w, j]`` is ``seat``'s reward in world ``first + w`` (``base`` with
    what the seat cannot know re-dealt) after ``acts[j]`` and heuristic play for everyone, every action
    of a world on the same generator (common random numbers). An action below 0 is no action of the
    seat's own: the world is played on as it stands (the seat's chance where another seat is to act).
    Returns the actions played."""
    world = np.zeros(len(base), np.int64)
    play = np.zeros(len(base), np.int64)
    rng, moves, seats = scratch()
    total = 0
    for w in range(worlds):
        world_seed = mix(seed, first + w)
        rng[0] = mix(world_seed, 0)
        world[:] = base
        determinize(world, cfg, seat, rng)
        for j in range(len(acts)):
            play[:] = world
            rng[0] = mix(world_seed, 1)
            if acts[j] >= 0:
                apply(play, cfg, seat, acts[j], rng)
                total += 1
            total += play_out(play, cfg, POLICY_HEURISTIC, rng, moves, seats)
            out[w, j] = reward(play, cfg, seat)
    return total


# -- ISMCTS ---------------------------------------------------------------------------------------------


#: Worlds a search deals at most for one accepted world when it weighs worlds by the evidence; at the
#: cap the most likely world dealt is kept. Tally slots: worlds dealt, worlds rejected, caps reached.
MAX_TRIES = 32
T_DEALT, T_REJECTED, T_CAPPED = 0, 1, 2


def imagine(world: Arr, base: Arr, cfg: Arr, seat: int, evidence: Floats, rng: Arr, world_rng: Arr,
            tally: Arr) -> None:  # fmt: skip
    """Deal into ``world`` what ``seat`` cannot know of ``base`` (from ``world_rng``), then, if there is
    evidence, keep it with its ``likelihood``: rejection sampling, so the accepted worlds follow the
    posterior and the paired root's plain averages stay exact. A world as likely as can be is kept
    without a draw (an uninformative model leaves the search bit for bit as without evidence); any other
    is kept when a uniform from the search's ``rng`` falls below its likelihood, else dealt afresh."""
    world[:] = base
    determinize(world, cfg, seat, world_rng)
    if len(evidence) == 0 or evidence[0] == 0:
        return
    best = np.zeros(0, np.int64)
    best_p = -1.0
    for tries in range(MAX_TRIES):
        if tries:
            world[:] = base
            determinize(world, cfg, seat, world_rng)
        tally[T_DEALT] += 1
        p = likelihood(world, cfg, seat, evidence)
        if p >= 1.0:
            return
        if rand_below(rng, 1 << 30) < p * (1 << 30):
            return
        tally[T_REJECTED] += 1
        if p > best_p:
            best, best_p = world.copy(), p
    tally[T_CAPPED] += 1
    world[:] = best


def iterate(
    s: Arr, cfg: Arr, seat: int, first: int, policy: int, exploration: float, bias: float, rng: Arr,
    cut: int, weights: Floats,
    keys: Arr, slots: Arr, size: Arr, actions: Arr, counts: Arr, rewards: Floats, order: Arr,
    preferred: Arr, visits: Arr, used: Arr,
) -> float:  # fmt: skip
    """One playout of the world ``s`` (changed in place); returns ``seat``'s reward. ``first`` >= 0 forces
    the searching seat's first move (the paired root); otherwise its first decision is a tree node.
    With ``cut`` > 0 the playout stops after ``cut`` steps off the trees, and every seat scores the
    learned ``value`` of where it stopped (``weights``) instead of the ``reward`` of an ending."""
    moves = np.zeros(MAX_ACTIONS, np.int64)
    seats = np.zeros(MAXP, np.int64)
    path_who = np.zeros(MAX_DEPTH, np.int64)
    path_node = np.zeros(MAX_DEPTH, np.int64)
    path_index = np.zeros(MAX_DEPTH, np.int64)
    depth = 0
    expanded = np.zeros(MAXP, np.bool_)
    steps = 0
    rolled = 0  # steps off the trees (default policy or a single legal action)
    stopped = False
    while True:  # the searching seat moves first, even where others are to act at the same time
        acting, n = turn(s, cfg, seats, moves, steps, seat)
        if acting < 0:
            break
        if cut > 0 and rolled >= cut:
            stopped = True
            break
        on_tree = True
        if steps == 0 and first >= 0:
            a = first
        elif n == 1:
            a = moves[0]
            on_tree = False
        elif expanded[acting] or depth >= MAX_DEPTH or n > NODE_ACTIONS:
            a = choose(s, cfg, acting, moves, n, policy, rng)
            on_tree = False
        else:
            key = mix60(info_key(s, cfg, acting), acting)
            node = find(keys, slots, key)
            if node < 0:
                node = insert(keys, slots, used, key)
                expanded[acting] = True
                if node >= 0:  # as Node.__init__: the default policy's move first, the others shuffled
                    pick = choose(s, cfg, acting, moves, n, policy, rng)
                    fill_node(node, moves, n, pick, rng, size, actions, counts, rewards, order, preferred, visits)
            if node < 0:
                a = choose(s, cfg, acting, moves, n, policy, rng)
                on_tree = False
            else:
                index = select(node, size, counts, rewards, order, preferred, visits, exploration, bias)
                path_who[depth], path_node[depth], path_index[depth] = acting, node, index
                depth += 1
                a = actions[node, index]
        apply(s, cfg, acting, a, rng)
        steps += 1
        if not on_tree:
            rolled += 1
    for d in range(depth):
        node, index = path_node[d], path_index[d]
        visits[node] += 1
        counts[node, index] += 1
        rewards[node, index] += value(s, cfg, path_who[d], weights) if stopped else reward(s, cfg, path_who[d])
    return value(s, cfg, seat, weights) if stopped else reward(s, cfg, seat)


def paired_worlds(
    base: Arr, cfg: Arr, seat: int, fair: bool, root: Arr, n_root: int, policy: int, exploration: float,
    bias: float, rng: Arr, limit: int, done: Arr, results: Floats, evidence: Floats, tally: Arr, cut: int,
    weights: Floats, keys: Arr, slots: Arr, size: Arr, actions: Arr, counts: Arr, rewards: Floats, order: Arr,
    preferred: Arr, visits: Arr, used: Arr,
) -> None:  # fmt: skip
    """``limit`` playouts this call: in each world (``base`` re-dealt from ``seat``'s knowledge when
    ``fair`` and kept by the ``evidence``, :func:`imagine`; ``base`` itself for the oracle) every root
    action in ``root[:n_root]`` (the default policy's move first) is played on the same generator.
    ``results[i]`` = (playouts, reward sum, paired pairs, diff sum, diff square sum)."""
    world = np.zeros(len(base), np.int64)
    play = np.zeros(len(base), np.int64)
    world_rng = np.zeros(RNG_SIZE, np.int64)
    start = done[0]
    while done[0] - start < limit:
        world_seed = rand_below(rng, 1 << 30) * 4 + 1
        world_rng[0] = mix(world_seed, 0)
        if fair:
            imagine(world, base, cfg, seat, evidence, rng, world_rng, tally)
        else:
            world[:] = base
        base_reward = 0.0
        for j in range(n_root):
            if done[0] - start >= limit:
                break
            play[:] = world
            world_rng[0] = mix(world_seed, 1)  # the same generator for every action
            r = iterate(play, cfg, seat, root[j], policy, exploration, bias, world_rng, cut, weights,
                        keys, slots, size, actions, counts, rewards, order, preferred, visits, used)  # fmt: skip
            done[0] += 1
            results[j, 0] += 1
            results[j, 1] += r
            if j == 0:
                base_reward = r
            d = r - base_reward
            results[j, 2] += 1
            results[j, 3] += d
            results[j, 4] += d * d


def puct_worlds(
    base: Arr, cfg: Arr, seat: int, fair: bool, policy: int, exploration: float, bias: float, rng: Arr,
    limit: int, done: Arr, evidence: Floats, tally: Arr, cut: int, weights: Floats, keys: Arr, slots: Arr,
    size: Arr, actions: Arr, counts: Arr, rewards: Floats, order: Arr, preferred: Arr, visits: Arr, used: Arr,
) -> None:  # fmt: skip
    """Plain tree search from the root: ``limit`` playouts, each in a freshly imagined world kept by the
    ``evidence`` (``base`` itself for the oracle)."""
    world = np.zeros(len(base), np.int64)
    for _ in range(limit):
        if fair:
            imagine(world, base, cfg, seat, evidence, rng, rng, tally)
        else:
            world[:] = base
        iterate(world, cfg, seat, -1, policy, exploration, bias, rng, cut, weights,
                keys, slots, size, actions, counts, rewards, order, preferred, visits, used)  # fmt: skip
        done[0] += 1


def root_key(s: Arr, cfg: Arr, seat: int) -> int:
    """The tree key of ``seat``'s decision in ``s`` (its information set and the seat)."""
    return int(mix60(info_key(s, cfg, seat), seat))


# -- one game's copy --------------------------------------------------------------------------------------

#: The search functions, in the order they are copied (a copy calls the copies made before it).
SEARCH = (
    choose,
    scratch,
    turn,
    play_out,
    simulate,
    play_worlds,
    imagine,
    iterate,
    paired_worlds,
    puct_worlds,
    root_key,
)


def build(game: str, rules: types.ModuleType) -> types.SimpleNamespace:
    """Every search function compiled for one game: ``rules`` (the game's ``kernel_search`` module)
    holds the protocol's names. The copies are named ``<game>_<function>`` so each game's cached code
    is its own."""
    sized = hasattr(rules, "state_size") or not hasattr(rules, "STATE_SIZE")
    missing = [name for name in PROTOCOL + CONSTANTS if not hasattr(rules, name) and (name != "state_size" or sized)]
    if missing:
        raise TypeError(f"{rules.__name__} lacks the kernel protocol's {', '.join(missing)}")
    scope: dict[str, Any] = dict(globals())
    scope.update({name: getattr(rules, name) for name in PROTOCOL + CONSTANTS if hasattr(rules, name)})
    made: dict[str, Any] = {}
    for fn in ((fixed_state_size,) if not sized else ()) + SEARCH:
        if fn is fixed_state_size:
            scope["STATE_SIZE"] = int(rules.STATE_SIZE)
        copy = types.FunctionType(fn.__code__, scope, fn.__name__, fn.__defaults__)
        copy.__qualname__ = f"{game}_{fn.__name__}"
        copy.__doc__ = fn.__doc__
        copy.__module__ = __name__
        scope[fn.__name__] = made[fn.__name__] = njit(copy)
        if fn is fixed_state_size:
            scope["state_size"] = made.pop(fn.__name__)
    made["state_size"] = scope["state_size"]  # the game's own, or the copy for its STATE_SIZE
    return types.SimpleNamespace(**made)
