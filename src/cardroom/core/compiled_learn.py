"""The learned value on the kernel, written once for every game: the value itself, and the self-play that
trains and measures it.

**The model.** A game's ``kernel_features`` module describes one seat of a state by ``NF`` numbers
(``features``). The value of a seat is its share of a softmax over the living seats of the score
``w . features(seat)``: the chance that this seat, and not another, wins when every seat plays on with
the heuristic (the search's playout policy). That is logistic regression where there are two seats (the
chance is the logistic of the score difference) and its natural extension where there are more (the
conditional logit): the shares always add up to one and a seat that is out has none. ``weights`` holds
one such ``w`` per table size, 2 to ``MAXP`` players (``NF`` numbers each, the table of n players at
``(n - 2) * NF``). A finished state is valued by its result, as ``reward`` scores it.

**The copies.** As in ``compiled_search.build``: each function below is copied for each game with the
game's names in place (its ``kernel_features`` and, for self-play, its ``kernel_search``), compiled
and cached under its own name (``tacocat_learned_value``), so nothing is compiled again in a new process.

Self-play (:func:`sample`) plays game ``i`` of a run from ``mix(seed, i)``, exactly as
``compiled_search.simulate`` deals it, with the heuristic in every seat; at each step it keeps the
position with chance ``1 / rate`` (a generator of its own, so the games are the plain games), writes
every seat's features, and labels them with each seat's reward at the end.
"""

from __future__ import annotations

import importlib
import types
from typing import Any

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit
from cardroom.core.compiled_random import mix, rand_below

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

# -- names each copy gets from the game (the stubs say what they are) ----------------------------------

NF = MAXP = RNG_SIZE = MAX_ACTIONS = POLICY_HEURISTIC = 1
# ``over`` and ``winner`` are the kernel's own (the search's protocol names), re-exported by the features
# module; ``alive`` only where a seat can leave the game (the default below); ``NF`` is ``len(FEATURES)``.
FEATURE_NAMES = ("players", "over", "winner", "features", "FEATURES", "MAXP")
SEARCH_NAMES = ("new_game", "apply", "reward", "RNG_SIZE", "MAX_ACTIONS", "POLICY_HEURISTIC")


def players(cfg: Arr) -> int:
    raise NotImplementedError


@njit
def alive(s: Arr, cfg: Arr, seat: int) -> bool:
    """Whether ``seat`` still plays: a real default, for a game every seat plays to its end (a game whose
    seats can drop out gives its own)."""
    return True


def over(s: Arr, cfg: Arr) -> bool:
    raise NotImplementedError


def winner(s: Arr, cfg: Arr) -> int:
    raise NotImplementedError


def features(s: Arr, cfg: Arr, seat: int, out: Floats) -> None:
    raise NotImplementedError


# -- the value ------------------------------------------------------------------------------------------


def value(s: Arr, cfg: Arr, seat: int, weights: Floats) -> float:
    """``seat``'s chance to win ``s`` when everyone plays on with the heuristic, by the model ``weights``
    (``NF`` coefficients per table size): its softmax share of the living seats' scores; a finished
    game's result."""
    n = players(cfg)
    if over(s, cfg):
        w = winner(s, cfg)
        return 1.0 / n if w < 0 else (1.0 if w == seat else 0.0)
    if not alive(s, cfg, seat):
        return 0.0
    if len(weights) != NF * (MAXP - 1):
        raise ValueError("the learned value needs one weight per feature and table size (learn.weights_for)")
    base = (n - 2) * NF
    x = np.empty(NF, np.float64)
    z = np.zeros(MAXP, np.float64)
    top = -np.inf
    for p in range(n):
        if alive(s, cfg, p):
            features(s, cfg, p, x)
            t = 0.0
            for i in range(NF):
                t += weights[base + i] * x[i]
            z[p] = t
            top = max(top, t)
    total = mine = 0.0
    for p in range(n):
        if alive(s, cfg, p):
            e = np.exp(z[p] - top)
            total += e
            if p == seat:
                mine = e
    return mine / total


# -- self-play, for training and measuring ----------------------------------------------------------------


def sample(cfg: Arr, seed: int, first: int, games: int, rate: int, x: Floats, y: Floats, live: Arr,
           states: Arr) -> int:  # fmt: skip
    """Play games ``first`` to ``first + games - 1`` with the heuristic; keep each position with chance
    ``1/rate``: ``x[r, p]`` seat p's features, ``live[r, p]`` whether it is in, ``y[r, p]`` its final
    reward, and the state itself in ``states[r]`` if ``states`` has a row per ``x`` row. Returns the
    positions kept; ``len(x)`` means the arrays filled up (the caller must ask for fewer)."""
    s = np.zeros(state_size(cfg), np.int64)
    rng = np.zeros(RNG_SIZE, np.int64)
    pick = np.zeros(1, np.int64)
    moves = np.zeros(MAX_ACTIONS, np.int64)
    seats = np.zeros(MAXP, np.int64)
    keep = len(states) >= len(x)
    n = players(cfg)
    rows = 0
    for i in range(games):
        rng[0] = mix(seed, first + i)
        pick[0] = mix(rng[0], 5)
        new_game(s, cfg, rng)
        start = rows
        steps = 0
        while True:
            seat, m = turn(s, cfg, seats, moves, steps, -1)
            if seat < 0:
                break
            if rand_below(pick, rate) == 0 and rows < len(x):
                for p in range(n):
                    live[rows, p] = alive(s, cfg, p)
                    features(s, cfg, p, x[rows, p])
                if keep:
                    states[rows, : len(s)] = s
                rows += 1
            a = moves[0] if m == 1 else choose(s, cfg, seat, moves, m, POLICY_HEURISTIC, rng)
            apply(s, cfg, seat, a, rng)
            steps += 1
        for r in range(start, rows):
            for p in range(n):
                y[r, p] = reward(s, cfg, p)
    return rows


def playouts(states: Arr, cfg: Arr, k: int, seed: int, out: Floats) -> int:
    """The yardstick: ``out[r, p]`` is seat p's mean reward over ``k`` heuristic playouts of
    ``states[r]`` (playout j of row r on the generator ``mix(mix(seed, r), j)``). Returns the actions."""
    size = state_size(cfg)
    play = np.zeros(size, np.int64)
    rng = np.zeros(RNG_SIZE, np.int64)
    moves = np.zeros(MAX_ACTIONS, np.int64)
    seats = np.zeros(MAXP, np.int64)
    n = players(cfg)
    total = 0
    for r in range(len(states)):
        for j in range(k):
            play[:] = states[r, :size]
            rng[0] = mix(mix(seed, r), j)
            total += play_out(play, cfg, POLICY_HEURISTIC, rng, moves, seats)
            for p in range(n):
                out[r, p] += reward(play, cfg, p) / k
    return total


def values(states: Arr, cfg: Arr, weights: Floats, out: Floats) -> None:
    """``out[r, p]``: :func:`value` of seat p in ``states[r]`` (the compiled value, as the search calls it)."""
    size = state_size(cfg)
    for r in range(len(states)):
        for p in range(players(cfg)):
            out[r, p] = value(states[r, :size], cfg, p, weights)


# -- the copies -------------------------------------------------------------------------------------------


def _copies(game: str, functions: tuple[Any, ...], scope: dict[str, Any]) -> types.SimpleNamespace:
    made: dict[str, Any] = {}
    for fn in functions:
        copy = types.FunctionType(fn.__code__, scope, fn.__name__, fn.__defaults__)
        copy.__qualname__ = f"{game}_learned_{fn.__name__}"
        copy.__doc__ = fn.__doc__
        copy.__module__ = __name__
        scope[fn.__name__] = made[fn.__name__] = njit(copy)
    return types.SimpleNamespace(**made)


def _scope(feats: types.ModuleType) -> dict[str, Any]:
    missing = [name for name in FEATURE_NAMES if not hasattr(feats, name)]
    if missing:
        raise TypeError(f"{feats.__name__} lacks the learned value's {', '.join(missing)}")
    scope: dict[str, Any] = dict(globals())
    scope.update({name: getattr(feats, name) for name in FEATURE_NAMES})
    scope["alive"] = getattr(feats, "alive", alive)
    scope["NF"] = len(feats.FEATURES)
    return scope


def build_value(game: str, feats: types.ModuleType) -> Any:
    """The game's compiled :func:`value`, from its ``kernel_features`` module."""
    return _copies(game, (value,), _scope(feats)).value


def build_learn(game: str, feats: types.ModuleType, rules: types.ModuleType) -> types.SimpleNamespace:
    """The game's compiled self-play (:func:`sample`, :func:`playouts`, :func:`values`), from its
    ``kernel_features`` and ``kernel_search`` modules (the rules and their compiled ``SEARCH``)."""
    scope = _scope(feats)
    scope.update({name: getattr(rules, name) for name in SEARCH_NAMES})
    run = rules.SEARCH
    scope.update(state_size=run.state_size, turn=run.turn, choose=run.choose, play_out=run.play_out)
    scope["value"] = importlib.import_module(rules.__name__.rsplit(".", 1)[0] + ".kernel_value").value
    return _copies(game, (sample, playouts, values), scope)


# The stubs the copies replace, so that the template functions above type-check and read as the protocol.
def turn(s: Arr, cfg: Arr, seats: Arr, moves: Arr, steps: int, seat: int) -> tuple[int, int]:
    raise NotImplementedError


def choose(s: Arr, cfg: Arr, seat: int, moves: Arr, n: int, policy: int, rng: Arr) -> int:
    raise NotImplementedError


def play_out(s: Arr, cfg: Arr, policy: int, rng: Arr, moves: Arr, seats: Arr) -> int:
    raise NotImplementedError


def state_size(cfg: Arr) -> int:
    raise NotImplementedError


def new_game(s: Arr, cfg: Arr, rng: Arr) -> None:
    raise NotImplementedError


def apply(s: Arr, cfg: Arr, seat: int, a: int, rng: Arr) -> None:
    raise NotImplementedError


def reward(s: Arr, cfg: Arr, seat: int) -> float:
    raise NotImplementedError
