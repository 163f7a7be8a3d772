"""Batch self-play and ISMCTS on T.A.C.O.'s kernel, compiled with it.

The search is the one in ``cardroom/bots/search.py`` step for step, as Tacocat's and Kittens' kernel
searches are: one tree per seat keyed by that seat's information set (``kernel_tree.py``), each tree
growing one node per iteration and the default policy playing on from there, the paired root on
common random numbers, and a seat's reward its share of the win (ties share it; 1/players each for a
playout cut off). What differs is only the bookkeeping: the key hashes the fields of the seat's view
(not the recent event texts), and the random numbers come from the kernel's generator.
"""

from __future__ import annotations

import numpy as np

from cardroom.core.compiled import MIX60_START, mix60, njit
from cardroom.core.compiled_tree import find, insert, select
from cardroom.games.taco import kernel as k
from cardroom.games.taco import kernel_legal as kl
from cardroom.games.taco import kernel_rules as kr
from cardroom.games.taco import kernel_seat as ksp
from cardroom.games.taco import kernel_tree as kt

Arr = k.Arr
MAX_DEPTH = 128  # tree decisions in one playout


@njit
def play_out(s: Arr, cfg: Arr, policy: int, rng: Arr, moves: Arr, seats: Arr) -> int:
    """Play ``s`` to the end in place with ``policy`` in every seat (the first seat to act moves first,
    as in ``cardroom.fast``'s reference loop); returns the number of actions. A game that reaches
    ``MAX_STEPS``, or a decision without a legal action, stops there with no winner."""
    steps = 0
    while not s[k.OVER] and steps < k.MAX_STEPS:
        if kl.to_act(s, cfg, seats) == 0:
            break
        seat = int(seats[0])
        n = kl.legal(s, cfg, seat, moves)
        if n == 0:
            s[k.STUCK] = 1
            break
        a = int(moves[0]) if n == 1 else ksp.choose(s, cfg, seat, moves, n, policy, rng)
        kl.apply(s, cfg, seat, a, rng)
        steps += 1
    return steps


@njit
def simulate(cfg: Arr, first: int, games: int, policy: int, seed: int, winners: Arr) -> int:
    """Play games ``first`` to ``first + games - 1`` (game i from ``mix(seed, i)``, so a run split into
    parts plays the same games); winners[i - first] is game i's winning seat (-1: a shared first place
    or a game cut off). Returns the number of actions taken in all."""
    s = np.zeros(k.STATE_SIZE, np.int64)
    rng = np.zeros(k.RNG_SIZE, np.int64)
    moves = np.zeros(k.MAX_ACTIONS, np.int64)
    seats = np.zeros(k.MAXP, np.int64)
    total = 0
    for i in range(games):
        rng[k.R_STATE] = k.mix(seed, first + i)
        kr.new_game(s, cfg, int(cfg[k.C_POOL]), rng)
        total += play_out(s, cfg, policy, rng, moves, seats)
        winners[i] = k.winner(s, cfg)
    return total


# -- ISMCTS (bots/search.py, step for step) ------------------------------------------------------------


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
def reward_of(s: Arr, cfg: Arr, seat: int) -> float:
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


@njit
def iterate(
    s: Arr, cfg: Arr, seat: int, first: int, policy: int, exploration: float, bias: float, rng: Arr,
    keys: Arr, slots: Arr, size: Arr, actions: Arr, counts: Arr, rewards: kt.Floats, order: Arr,
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
    acting = seat  # the searching seat moves first, even where others are to act at the same time
    while not s[k.OVER] and steps < k.MAX_STEPS:
        if steps:
            if kl.to_act(s, cfg, seats) == 0:
                break
            acting = int(seats[0])
        n = kl.legal(s, cfg, acting, moves)
        if n == 0:
            break
        if steps == 0 and first >= 0:
            a = first
        elif n == 1:
            a = int(moves[0])
        elif expanded[acting] or depth >= MAX_DEPTH or n > kt.NODE_ACTIONS:
            a = ksp.choose(s, cfg, acting, moves, n, policy, rng)
        else:
            key = mix60(info_key(s, cfg, acting), acting)
            node = find(keys, slots, key)
            if node < 0:
                node = insert(keys, slots, used, key)
                expanded[acting] = True
                if node >= 0:
                    kt.new_node(node, s, cfg, acting, moves, n, policy, rng, size, actions, counts, rewards,
                                order, preferred, visits)  # fmt: skip
            if node < 0:
                a = ksp.choose(s, cfg, acting, moves, n, policy, rng)
            else:
                index = select(node, size, counts, rewards, order, preferred, visits, exploration, bias)
                path_who[depth], path_node[depth], path_index[depth] = acting, node, index
                depth += 1
                a = int(actions[node, index])
        kl.apply(s, cfg, acting, a, rng)
        steps += 1
    for d in range(depth):
        node, index = path_node[d], path_index[d]
        visits[node] += 1
        counts[node, index] += 1
        rewards[node, index] += reward_of(s, cfg, int(path_who[d]))
    return reward_of(s, cfg, seat)


@njit
def paired_worlds(
    base: Arr, cfg: Arr, seat: int, root: Arr, n_root: int, policy: int, exploration: float, bias: float,
    rng: Arr, limit: int, done: Arr, results: kt.Floats,
    keys: Arr, slots: Arr, size: Arr, actions: Arr, counts: Arr, rewards: kt.Floats, order: Arr,
    preferred: Arr, visits: Arr, used: Arr,
) -> None:  # fmt: skip
    """Imagine worlds until ``limit`` playouts this call: in each, every root action in ``root[:n_root]``
    (the default policy's move first) is played from the same world with the same generator.
    ``results[i]`` = (playouts, reward sum, paired pairs, diff sum, diff square sum)."""
    world = np.zeros(k.STATE_SIZE, np.int64)
    play = np.zeros(k.STATE_SIZE, np.int64)
    world_rng = np.zeros(k.RNG_SIZE, np.int64)
    start = done[0]
    while done[0] - start < limit:
        world_seed = k.xorshift(rng, 1 << 30) * 4 + 1
        world_rng[k.R_STATE] = k.mix(world_seed, 0)
        world[:] = base
        ksp.determinize(world, cfg, seat, world_rng)
        base_reward = 0.0
        for j in range(n_root):
            if done[0] - start >= limit:
                break
            play[:] = world
            world_rng[k.R_STATE] = k.mix(world_seed, 1)  # the same generator for every action
            r = iterate(play, cfg, seat, int(root[j]), policy, exploration, bias, world_rng,
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
    done: Arr, keys: Arr, slots: Arr, size: Arr, actions: Arr, counts: Arr, rewards: kt.Floats, order: Arr,
    preferred: Arr, visits: Arr, used: Arr,
) -> None:  # fmt: skip
    """Plain tree search from the root: ``limit`` playouts, each in a freshly imagined world."""
    world = np.zeros(k.STATE_SIZE, np.int64)
    for _ in range(limit):
        world[:] = base
        ksp.determinize(world, cfg, seat, rng)
        iterate(world, cfg, seat, -1, policy, exploration, bias, rng,
                keys, slots, size, actions, counts, rewards, order, preferred, visits, used)  # fmt: skip
        done[0] += 1
