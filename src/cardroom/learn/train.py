"""Training a game's learned value: self-play on the kernel, the fit, the held-out scores, the file.

Every table size in the request is its own block of games, dealt from ``mix(seed, players)``, and gets
its own weights: the first ``games`` of the block train them, the next ``heldout`` are held out, so the
two never share a game. A table size not trained takes the weights of the nearest one trained.
Within a game a position is kept with chance ``positions / mean length`` (the mean length measured on
the block's first games), so a long game gives no more positions than a short one on average.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled_random import mix
from cardroom.core.registry import tuning
from cardroom.learn import model
from cardroom.learn.errors import LearnedValueError
from cardroom.learn.games import LearnedGame, learned_game
from cardroom.learn.weights import FORMAT, MODEL, VERSION, dumps, rounded, spread_sizes

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

CHUNK = 250  # games per compiled call: the progress bar moves this often
Progress = Callable[[int], None]


@dataclass(frozen=True)
class Request:
    """What to train: the game, its table sizes and preset, games per size (and held out), positions
    kept per game on average, and the seed."""

    game: str
    players: tuple[int, ...] = ()
    preset: str | None = None
    games: int = 20_000
    heldout: int = 2_000
    positions: int = 4
    seed: int = 0

    def sizes(self) -> tuple[int, ...]:
        return self.players or tuning(self.game).learner_players

    def command(self) -> str:
        """The command that trains exactly this (written into the file)."""
        parts = [
            "cardroom learn train",
            f"--game {self.game}",
            f"--players {','.join(map(str, self.sizes()))}",
        ]
        if self.preset:
            parts.append(f"--preset {self.preset}")
        parts += [f"--games {self.games}", f"--heldout {self.heldout}", f"--positions {self.positions}",
                  f"--seed {self.seed}"]  # fmt: skip
        return " ".join(parts)


@dataclass
class Positions:
    """Positions of self-play: ``x[r, p, f]``, ``y[r, p]``, ``live[r, p]`` (seats beyond a table's size
    are not live), the states if kept, and each position's table size."""

    x: Floats
    y: Floats
    live: Bools
    players: Ints
    states: Ints = field(default_factory=lambda: np.zeros((0, 0), np.int64))

    def widened(self, seats: int) -> Positions:
        """The same positions with room for ``seats`` seats."""
        pad = seats - self.x.shape[1]
        return Positions(np.pad(self.x, ((0, 0), (0, pad), (0, 0))), np.pad(self.y, ((0, 0), (0, pad))),
                         np.pad(self.live, ((0, 0), (0, pad))), self.players, self.states)  # fmt: skip

    @staticmethod
    def joined(parts: list[Positions]) -> Positions:
        seats = max(p.x.shape[1] for p in parts)
        wide = [p.widened(seats) for p in parts]
        return Positions(np.concatenate([p.x for p in wide]), np.concatenate([p.y for p in wide]),
                         np.concatenate([p.live for p in wide]), np.concatenate([p.players for p in wide]))  # fmt: skip


def block_seed(seed: int, players: int) -> int:
    """The seed of a table size's block of games."""
    return int(mix(seed, players))


def collect(game: LearnedGame, players: int, preset: str | None, seed: int, first: int, games: int,
            positions: int, keep_states: bool = False, progress: Progress | None = None) -> Positions:  # fmt: skip
    """Positions of games ``first`` to ``first + games - 1`` of the run ``seed`` at ``players`` seats."""
    _, cfg = game.table(players, preset)
    run = game.compiled()
    probe = min(games, 50)
    winners = np.zeros(probe, np.int64)
    steps = game.rules.SEARCH.simulate(cfg, first, probe, int(game.rules.POLICY_HEURISTIC), seed, winners)
    rate = max(1, round(steps / max(probe, 1) / positions))
    nf = len(game.feature_names)
    size = int(run_state_size(game, cfg))
    parts = []
    for start in range(first, first + games, CHUNK):
        chunk = min(CHUNK, first + games - start)
        cap = chunk * positions * 8 + 64
        x = np.zeros((cap, players, nf))
        y = np.zeros((cap, players))
        live = np.zeros((cap, players), np.int64)
        states = np.zeros((cap if keep_states else 0, size), np.int64)
        rows = int(run.sample(cfg, seed, start, chunk, rate, x, y, live, states))
        if rows == cap:
            raise LearnedValueError("self-play kept more positions than it had room for; ask for fewer --positions")
        parts.append(Positions(x[:rows], y[:rows], live[:rows].astype(bool), np.full(rows, players, np.int64),
                               states[:rows]))  # fmt: skip
        if progress is not None:
            progress(chunk)
    joined = Positions.joined(parts)
    if keep_states:
        joined.states = np.concatenate([p.states for p in parts])
    return joined


def run_state_size(game: LearnedGame, cfg: Ints) -> int:
    return int(game.rules.SEARCH.state_size(cfg))


@dataclass(frozen=True)
class Trained:
    """A training run's file record, its held-out positions and predictions, and its time in seconds."""

    record: dict[str, Any]
    weights: Floats
    heldout: Positions
    seconds: float

    def text(self) -> str:
        return dumps(self.record)


def train(request: Request, progress: Progress | None = None) -> Trained:
    """Train ``request``'s model (deterministic: the same request gives the same record)."""
    start = time.perf_counter()
    game = learned_game(request.game)
    if request.games < 1 or request.heldout < 1 or request.positions < 1:
        raise LearnedValueError("--games, --heldout and --positions must be at least 1")
    positions = 0
    fitted: dict[str, list[float]] = {}
    held_parts = []
    for n in request.sizes():
        seed = block_seed(request.seed, n)
        data = collect(game, n, request.preset, seed, 0, request.games, request.positions, progress=progress)
        fitted[str(n)] = rounded(model.fit(data.x, data.y, data.live))
        positions += len(data.x)
        held_parts.append(collect(game, n, request.preset, seed, request.games, request.heldout,
                                  request.positions, progress=progress))  # fmt: skip
    held = Positions.joined(held_parts)
    w = spread_sizes(fitted, game.features)
    record = {
        "format": FORMAT, "version": VERSION, "game": request.game, "model": MODEL,
        "features": list(game.feature_names), "weights": fitted, "seed": request.seed,
        "players": list(request.sizes()), "preset": request.preset, "games_per_size": request.games,
        "heldout_games_per_size": request.heldout, "positions": positions, "command": request.command(),
        "heldout": heldout_scores(held, w, len(game.feature_names)),
    }  # fmt: skip
    return Trained(record, w, held, time.perf_counter() - start)


def heldout_scores(held: Positions, w: Floats, nf: int) -> dict[str, Any]:
    """Log loss and Brier of the model and of an even share, over all held-out positions and per size
    (``w``: the weights of every table size, as ``value`` takes them)."""
    predicted = np.zeros_like(held.y)
    for n in sorted(set(held.players.tolist())):
        rows = held.players == n
        predicted[rows] = model.shares(held.x[rows], held.live[rows], w[(n - 2) * nf : (n - 1) * nf])
    out: dict[str, Any] = {}
    for n in [0, *sorted(set(held.players.tolist()))]:
        rows = held.players == n if n else np.ones(len(held.x), bool)
        y, live = held.y[rows], held.live[rows]
        out[str(n) if n else "all"] = {
            "model": model.scores(predicted[rows], y, live).as_dict(),
            "even_share": model.scores(model.even_shares(live), y, live).as_dict(),
        }
    return out


def write(trained: Trained, path: Path) -> int:
    """Write the record to ``path``; returns its size in bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = trained.text().encode()
    path.write_bytes(data)
    return len(data)
