"""Batch self-play and ISMCTS on the Exploding Kittens kernel, compiled with it.

The search is the one in ``cardroom/bots/search.py`` and ``tree.py``, step for step, as Tacocat's
kernel search is: one tree per seat keyed by that seat's information set, each tree growing one node
per iteration and the default policy playing on from there, PUCT with the default policy's move as the
prior, first-play urgency at the node's mean, the paired root on common random numbers, and a seat's
reward its share of the win (1/players each for a playout cut off at ``MAX_STEPS``). What differs is
only the bookkeeping: an information set is a 60-bit hash of what the seat knows (the fields of its
view) instead of the view's JSON, nodes live in preallocated arrays (:class:`Tree`), and the random
numbers come from the kernel's generator. A node holds at most ``NODE_ACTIONS`` actions (placing a Kitten
in a two-player game offers at most 41, a turn far fewer); a decision with more (a Kitten placed early
in a game of six or more) is played by the default policy instead of growing a node, and when the node
arrays are full the trees simply stop growing.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import MIX60_START, mix60, njit
from cardroom.core.compiled_tree import NodeArrays, fill_node, find, insert, select
from cardroom.games.kittens import kernel as k
from cardroom.games.kittens import kernel_apply as ka
from cardroom.games.kittens import kernel_seat as ksp

NODE_ACTIONS = 48
MAX_DEPTH = 128  # tree decisions in one playout (the reference has no limit; none comes near)

Arr = k.Arr
Floats = npt.NDArray[np.float64]


# -- batch self-play --------------------------------------------------------------------------------


@njit
def play_out(s: Arr, cfg: Arr, policy: int, rng: Arr, moves: Arr, seats: Arr) -> int:
    """Play ``s`` to the end in place with ``policy`` for both seats; returns the number of actions."""
    steps = 0
    while s[k.PHASE] != k.OVER and steps < k.MAX_STEPS:
        k.to_act(s, cfg, seats)
        seat = seats[0]
        n = k.legal(s, cfg, seat, moves)
        a = moves[0] if n == 1 else ksp.choose(s, cfg, seat, moves, n, policy, rng)
        ka.apply(s, cfg, seat, a, rng)
        steps += 1
    return steps


@njit
def simulate(cfg: Arr, first: int, games: int, policy: int, seed: int, winners: Arr) -> int:
    """Play games ``first`` to ``first + games - 1`` (game i dealt from ``mix(seed, i)``, so a run split
    into parts plays the same games); winners[i - first] is game i's winning seat (-1: cut off at
    ``MAX_STEPS``). Returns the number of actions taken in all."""
    s = np.zeros(k.HK + cfg[k.C_PLAYERS] * cfg[k.C_PLAYERS] * k.NK, np.int64)
    rng = np.zeros(1, np.int64)
    moves = np.zeros(k.MAX_ACTIONS, np.int64)
    seats = np.zeros(k.MAXP, np.int64)
    total = 0
    for i in range(games):
        rng[0] = k.mix(seed, first + i)
        k.setup(s, cfg, rng)
        total += play_out(s, cfg, policy, rng, moves, seats)
        winners[i] = k.winner(s, cfg)
    return total


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


# -- the trees --------------------------------------------------------------------------------------


class Tree(NodeArrays):
    """Every seat's nodes in flat arrays (``NodeArrays``), up to ``NODE_ACTIONS`` actions a node (about 650 bytes a node, 42 MB for the default capacity)."""

    def __init__(self, capacity: int = 1 << 16) -> None:
        super().__init__(capacity, NODE_ACTIONS)


@njit
def iterate(
    s: Arr, cfg: Arr, seat: int, first: int, policy: int, exploration: float, bias: float, rng: Arr,
    keys: Arr, slots: Arr, size: Arr, actions: Arr, counts: Arr, rewards: Floats, order: Arr,
    preferred: Arr, visits: Arr, used: Arr,
) -> float:  # fmt: skip
    """One playout of the world ``s`` (changed in place); returns ``seat``'s reward. ``first`` >= 0 forces
    the searching seat's first move (the paired root); otherwise its first decision is a tree node."""
    moves = np.zeros(k.MAX_ACTIONS, np.int64)
    seats = np.zeros(k.MAXP, np.int64)
    path_who = np.zeros(MAX_DEPTH, np.int64)
    path_node = np.zeros(MAX_DEPTH, np.int64)
    path_index = np.zeros(MAX_DEPTH, np.int64)
    depth = 0
    expanded = np.zeros(k.MAXP, np.bool_)
    steps = 0
    acting = seat  # the searching seat moves first, even where both are to act
    while s[k.PHASE] != k.OVER and steps < k.MAX_STEPS:
        if steps:
            k.to_act(s, cfg, seats)
            acting = seats[0]
        n = k.legal(s, cfg, acting, moves)
        if steps == 0 and first >= 0:
            a = first
        elif n == 1:
            a = moves[0]
        elif expanded[acting] or depth >= MAX_DEPTH or n > NODE_ACTIONS:
            a = ksp.choose(s, cfg, acting, moves, n, policy, rng)
        else:
            key = mix60(info_key(s, cfg, acting), acting)
            node = find(keys, slots, key)
            if node < 0:
                node = insert(keys, slots, used, key)
                expanded[acting] = True
                if node >= 0:
                    _new_node(node, s, cfg, acting, moves, n, policy, rng, size, actions, counts, rewards,
                              order, preferred, visits)  # fmt: skip
            if node < 0:
                a = ksp.choose(s, cfg, acting, moves, n, policy, rng)
            else:
                index = select(node, size, counts, rewards, order, preferred, visits, exploration, bias)
                path_who[depth], path_node[depth], path_index[depth] = acting, node, index
                depth += 1
                a = actions[node, index]
        ka.apply(s, cfg, acting, a, rng)
        steps += 1
    w = k.winner(s, cfg)
    draw = 1.0 / cfg[k.C_PLAYERS]
    for d in range(depth):
        node, index = path_node[d], path_index[d]
        reward = draw if w < 0 else (1.0 if w == path_who[d] else 0.0)
        visits[node] += 1
        counts[node, index] += 1
        rewards[node, index] += reward
    return draw if w < 0 else (1.0 if w == seat else 0.0)


@njit
def _new_node(node: int, s: Arr, cfg: Arr, seat: int, moves: Arr, n: int, policy: int, rng: Arr, size: Arr,
              actions: Arr, counts: Arr, rewards: Floats, order: Arr, preferred: Arr, visits: Arr) -> None:  # fmt: skip
    """As ``Node.__init__``: the default policy's move first, the others in a random order."""
    pick = ksp.choose(s, cfg, seat, moves, n, policy, rng)
    fill_node(node, moves, n, pick, rng, size, actions, counts, rewards, order, preferred, visits)


# -- the two roots ----------------------------------------------------------------------------------


@njit
def paired_worlds(
    base: Arr, cfg: Arr, seat: int, root: Arr, n_root: int, policy: int, exploration: float, bias: float,
    rng: Arr, limit: int, done: Arr, results: Floats,
    keys: Arr, slots: Arr, size: Arr, actions: Arr, counts: Arr, rewards: Floats, order: Arr,
    preferred: Arr, visits: Arr, used: Arr,
) -> None:  # fmt: skip
    """Imagine worlds until ``done[0]`` playouts (or ``limit`` this call): in each, every root action in
    ``root[:n_root]`` (the default policy's move first) is played from the same world with the same
    generator. ``results[i]`` = (playouts, reward sum, paired pairs, diff sum, diff square sum)."""
    world = np.zeros(len(base), np.int64)
    play = np.zeros(len(base), np.int64)
    world_rng = np.zeros(1, np.int64)
    start = done[0]
    while done[0] - start < limit:
        world_seed = k.rand_below(rng, 1 << 30) * 4 + 1
        world_rng[0] = k.mix(world_seed, 0)
        world[:] = base
        ksp.determinize(world, cfg, seat, world_rng)
        base_reward = 0.0
        for j in range(n_root):
            if done[0] - start >= limit:
                break
            play[:] = world
            world_rng[0] = k.mix(world_seed, 1)  # the same generator for every action
            r = iterate(play, cfg, seat, root[j], policy, exploration, bias, world_rng,
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


@njit
def puct_worlds(
    base: Arr, cfg: Arr, seat: int, policy: int, exploration: float, bias: float, rng: Arr, limit: int,
    done: Arr, keys: Arr, slots: Arr, size: Arr, actions: Arr, counts: Arr, rewards: Floats, order: Arr,
    preferred: Arr, visits: Arr, used: Arr,
) -> None:  # fmt: skip
    """Plain tree search from the root: ``limit`` playouts, each in a freshly imagined world."""
    world = np.zeros(len(base), np.int64)
    for _ in range(limit):
        world[:] = base
        ksp.determinize(world, cfg, seat, rng)
        iterate(world, cfg, seat, -1, policy, exploration, bias, rng,
                keys, slots, size, actions, counts, rewards, order, preferred, visits, used)  # fmt: skip
        done[0] += 1
