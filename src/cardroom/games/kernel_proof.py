"""The kernels' own randomness measured against the reference engine's, and ``info_key`` against the views.

The differential check (``kernel_diff.py``) replays the reference's random draws, so it never runs the
kernels' own deals, shuffles, steals and re-deals: the ones ``simulate`` and the search use. Here those
run for real and their results are compared, as distributions, with the reference engine's:

- **deals**: a new game dealt by the kernel (``new_game`` of the protocol) against ``game.new_game``;
- **random steps**: positions where an action's result is random (a Shuffle, a steal, a new round's
  deal, a random effect), found by applying it in the kernel under two generators; the kernel's
  ``apply`` against the reference's ``apply`` from the same state with other seeds;
- **re-deals**: the kernel's ``determinize`` for one seat against the reference's ``game.sample`` of
  that seat's view.

Each sample is a reference state (the kernel's arrays decoded), described by the game's ``features``
(each hand's cards kind by kind, the top of the pile): for every feature a two-sample chi-square test
of homogeneity, cells expected below 5 pooled. A feature fails below ``alpha`` divided by the number
of features (Bonferroni); the seeds are fixed, so a run is deterministic, never flaky.

:func:`check_info_keys`: two positions get the same kernel key for a seat exactly when the seat's views
are equal (without the fields of the game's stated exception list), over reference positions and
worlds sampled from their views (the worlds the search keys).
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cardroom.core.compiled_random import mix
from cardroom.core.game import Game, State
from cardroom.core.kernel_face import Kernel, KernelMismatch

Features = dict[str, Hashable]


@dataclass(frozen=True)
class Proof:
    """A game's side of these checks."""

    kernel: Kernel
    decode: Callable[[Any, Any], State]  # (kernel array, game) -> reference state
    features: Callable[[State], Features]
    reseed: Callable[[State, int], State] = lambda state, seed: reseeded(state, seed)
    view_exceptions: tuple[str, ...] = ()  # view fields info_key leaves out on purpose (stated in docs)
    step_kind: Callable[[State, str], str] = lambda state, act: " ".join(act.split()[:2])


def reseeded(state: State, seed: int) -> State:
    """The same position with its own random draws from another ``seed`` (a state whose draws come
    from its ``seed`` field and a counter, as Tacocat's and Exploding Kittens')."""
    again = copy.copy(state)
    object.__setattr__(again, "seed", seed)
    return again


@dataclass
class Report:
    """What one comparison found: the smallest p-value, the features compared and the failures."""

    case: str
    samples: int
    features: int = 0
    smallest_p: float = 1.0
    failures: list[str] = field(default_factory=list)


def homogeneity(a: Sequence[Hashable], b: Sequence[Hashable]) -> float:
    """The p-value of a chi-square test that ``a`` and ``b`` come from one distribution (1.0 if they
    cannot differ: one category). Categories expected below 5 in either sample are pooled."""
    ca, cb = Counter(a), Counter(b)
    na, nb = len(a), len(b)
    cells: list[tuple[int, int]] = []
    pooled = [0, 0]
    for key in set(ca) | set(cb):
        x, y = ca[key], cb[key]
        if (x + y) * min(na, nb) / (na + nb) < 5:
            pooled[0] += x
            pooled[1] += y
        else:
            cells.append((x, y))
    if sum(pooled):
        cells.append((pooled[0], pooled[1]))
    if len(cells) < 2:
        return 1.0
    stat = 0.0
    for x, y in cells:
        total = x + y
        for seen, n in ((x, na), (y, nb)):
            expected = total * n / (na + nb)
            stat += (seen - expected) ** 2 / expected
    return chi2_sf(stat, len(cells) - 1)


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for X chi-square with ``dof`` degrees of freedom: the regularized upper incomplete
    gamma function Q(dof/2, x/2), by its series below a + 1 and its continued fraction above."""
    a, z = dof / 2.0, x / 2.0
    if z <= 0:
        return 1.0
    log_front = a * math.log(z) - z - math.lgamma(a)
    if z < a + 1:  # P by the series, Q = 1 - P
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= z / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    b = z + 1 - a  # Q by Lentz's continued fraction
    c, d = 1e300, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def compare(case: str, kernel: list[Features], reference: list[Features], alpha: float) -> Report:
    """Feature by feature, whether the kernel's samples and the reference's share a distribution."""
    names = sorted({name for sample in kernel + reference for name in sample})
    report = Report(case, len(kernel), len(names))
    for name in names:
        p = homogeneity([s.get(name) for s in kernel], [s.get(name) for s in reference])
        report.smallest_p = min(report.smallest_p, p)
        if p < alpha / len(names):
            kc = Counter(s.get(name) for s in kernel).most_common(4)
            rc = Counter(s.get(name) for s in reference).most_common(4)
            report.failures.append(f"{name}: p={p:.2e}; kernel {kc}, reference {rc}")
    return report


def deal_case(proof: Proof, game: Game, n: int, seed: int, alpha: float) -> Report:
    """The kernel's deals of ``game`` against the reference engine's."""
    rules, cfg = proof.kernel.rules, proof.kernel.codec.config(game)
    kernel = []
    for i in range(n):
        s = np.zeros(proof.kernel.search.state_size(cfg), np.int64)
        rng = np.zeros(rules.RNG_SIZE, np.int64)
        rng[0] = mix(seed, i)
        rules.new_game(s, cfg, rng)
        kernel.append(proof.features(proof.decode(s, game)))
    reference = [proof.features(game.new_game(seed * 1_000_003 + i)) for i in range(n)]
    return compare(f"{game.name} deal ({_options(game)})", kernel, reference, alpha)


def positions(game: Game, games: int, seed: int) -> Iterator[State]:
    """Every position of ``games`` random reference games."""
    for g in range(games):
        rng = random.Random(seed * 7919 + g)
        state = game.new_game(rng.getrandbits(63))
        while not state.is_over:
            yield state
            seat = rng.choice(state.to_act)
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))


def random_steps(proof: Proof, game: Game, games: int, seed: int, limit: int) -> list[tuple[State, int, str]]:
    """Up to ``limit`` (position, seat, action) whose result the kernel's generator decides (applied
    under two generators, the kernel's arrays differ), each of another ``step_kind`` (by default the
    action's first two words; Exploding Kittens adds the play a pass lets stand: a Shuffle, a steal)."""
    rules, cfg = proof.kernel.rules, proof.kernel.codec.config(game)
    found: dict[str, tuple[State, int, str]] = {}
    for state in positions(game, games, seed):
        for seat in state.to_act:
            for act in state.legal_actions(seat):
                kind = proof.step_kind(state, str(act))
                if kind in found:
                    continue
                a = proof.kernel.codec.action_id(game, str(act))
                outs = []
                for r in (1, 2):
                    s = proof.kernel.codec.encode(state)
                    rng = np.zeros(rules.RNG_SIZE, np.int64)
                    rng[0] = mix(r, 99)
                    rules.apply(s, cfg, seat, a, rng)
                    outs.append(s)
                if not np.array_equal(outs[0], outs[1]):
                    found[kind] = (state, seat, str(act))
        if len(found) >= limit:
            break
    return list(found.values())[:limit]


def step_case(proof: Proof, game: Game, state: State, seat: int, act: str, n: int, alpha: float) -> Report:
    """The kernel's random result of ``act`` against the reference's, from the same position."""
    rules, cfg = proof.kernel.rules, proof.kernel.codec.config(game)
    a = proof.kernel.codec.action_id(game, act)
    kernel = []
    for i in range(n):
        s = proof.kernel.codec.encode(state)
        rng = np.zeros(rules.RNG_SIZE, np.int64)
        rng[0] = mix(i, 5)
        rules.apply(s, cfg, seat, a, rng)
        kernel.append(proof.features(proof.decode(s, game)))
    reference = [proof.features(proof.reseed(state, 10_000 + i).apply(seat, act)) for i in range(n)]
    return compare(f"{game.name} {act!r} by seat {seat}", kernel, reference, alpha)


def determinize_case(proof: Proof, game: Game, state: State, seat: int, n: int, alpha: float) -> Report:
    """The kernel's re-deals for ``seat`` against the reference's worlds sampled from its view."""
    rules, cfg = proof.kernel.rules, proof.kernel.codec.config(game)
    view = state.view(seat)
    base = proof.kernel.codec.encode(state)
    kernel = []
    for i in range(n):
        s = base.copy()
        rng = np.zeros(rules.RNG_SIZE, np.int64)
        rng[0] = mix(i, 3)
        rules.determinize(s, cfg, seat, rng)
        kernel.append(proof.features(proof.decode(s, game)))
    reference = [proof.features(game.sample(dict(view), random.Random(i))) for i in range(n)]
    return compare(f"{game.name} re-deal for seat {seat} at step {view.get('step')}", kernel, reference, alpha)


def _options(game: Game) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(game.options.items()))


def _view_text(view: dict[str, Any], exceptions: tuple[str, ...]) -> str:
    return json.dumps({k: v for k, v in view.items() if k not in exceptions}, sort_keys=True)


def check_info_keys(proof: Proof, game: Game, games: int, seed: int, samples: int = 1) -> int:
    """Raise :class:`KernelMismatch` unless, for every seat, the kernel's ``info_key`` is equal for two
    positions exactly when the seat's views are (less ``view_exceptions``). Positions: every one of
    ``games`` random reference games, and ``samples`` worlds sampled from each view. Returns the number
    of (position, seat) pairs compared."""
    rules, cfg = proof.kernel.rules, proof.kernel.codec.config(game)
    keys: dict[int, str] = {}
    views: dict[str, int] = {}
    compared = 0
    for state in positions(game, games, seed):
        for seat in range(game.players):
            view = state.view(seat)
            text = _view_text(view, proof.view_exceptions)
            worlds = [state] + [game.sample(dict(view), random.Random(compared * 31 + i)) for i in range(samples)]
            for world in worlds:
                key = int(rules.info_key(proof.kernel.codec.encode(world), cfg, seat))
                compared += 1
                if keys.setdefault(key, text) != text:
                    raise KernelMismatch(f"{game.name}: one key for two views of seat {seat}: "
                                         f"{_diff(keys[key], text)}")  # fmt: skip
                if views.setdefault(text, key) != key:
                    raise KernelMismatch(f"{game.name}: two keys for one view of seat {seat} at step "
                                         f"{view.get('step')}: {_diff(keys[views[text]], text)} (world "
                                         f"{world.notation() if hasattr(world, 'notation') else ''})")  # fmt: skip
    return compared


def _diff(a: str, b: str) -> str:
    x, y = json.loads(a), json.loads(b)
    changed = {k: (x.get(k), y.get(k)) for k in set(x) | set(y) if x.get(k) != y.get(k)}
    return json.dumps(changed)[:400] if changed else "the same view"
