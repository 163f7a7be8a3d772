"""Playing a balance run: the deals, the seats, the games, on this machine or on Ray.

Deals and seeds come from the arena's schedule (:mod:`cardroom.arena.schedule`), so a balance run and
an arena run with the same seed deal the same cards. With one bot spec each deal is played once (all
seats are alike); with several, the first bot sits alone against the others and the deal is replayed
once per seat rotation, so every seat gets the same luck.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import replace
from typing import Any

from cardroom.arena.schedule import derive_seed
from cardroom.balance.blocks import block_seed
from cardroom.balance.config import BalanceConfig
from cardroom.balance.kernel_run import (
    KERNEL_POLICIES,
    check_against_simulate,
    kernel_driver,
    simulate_games,
)
from cardroom.balance.probes import probe_for
from cardroom.bots.specs import make_bot
from cardroom.core.bot import ask
from cardroom.core.errors import InvalidOptions
from cardroom.core.game import Game
from cardroom.core.registry import make

Progress = Callable[[int], None]
CHUNK = 10  # deals per task: big enough to amortise a worker call, small enough for a smooth bar


def make_game(config: BalanceConfig) -> Game:
    return make(config.game, preset=config.preset, **config.options)


def lineup(config: BalanceConfig, players: int, rotation: int) -> list[int]:
    """The bot index at each seat: bot 0 at seat ``rotation``, the last bot everywhere else."""
    if len(config.bots) == 1:
        return [0] * players
    others = list(range(1, len(config.bots)))
    seats = [others[(s % len(others))] for s in range(players)]
    seats[rotation % players] = 0
    return seats


def rotations(config: BalanceConfig, players: int) -> int:
    return 1 if len(config.bots) == 1 else players


def play_one(config: BalanceConfig, game: Game, deal: int, rotation: int) -> dict[str, Any]:
    seats = lineup(config, game.players, rotation)
    bots = [make_bot(config.bots[b], game) for b in seats]
    rngs = [random.Random(derive_seed(config.seed, "bot", deal, rotation, s)) for s in range(game.players)]
    state = game.new_game(derive_seed(config.seed, "deal", deal))
    probe = probe_for(game, state)
    while not state.is_over:
        seat = state.to_act[0]
        state = state.apply(seat, ask(bots[seat], state, seat, rngs[seat]))
        probe.step(state)
    facts = probe.finish(state)
    facts.update({"deal": deal, "rotation": rotation, "seats": seats})
    return facts


def play_chunk(config: BalanceConfig, deals: range) -> list[dict[str, Any]]:
    game = make_game(config)
    return [play_one(config, game, d, r) for d in deals for r in range(rotations(config, game.players))]


def chunks(config: BalanceConfig, players: int) -> list[range]:
    deals = -(-config.games // rotations(config, players))
    return [range(i, min(i + CHUNK, deals)) for i in range(0, deals, CHUNK)]


def block_configs(config: BalanceConfig) -> list[BalanceConfig]:
    """The run split into its seed blocks: games shared out as evenly as can be, each its own seed."""
    count = config.block_count
    sizes = [config.games // count + (1 if b < config.games % count else 0) for b in range(count)]
    return [replace(config, seed=block_seed(config.seed, b), games=sizes[b], blocks=1) for b in range(count)]


def engine_path(config: BalanceConfig) -> str:
    """``kernel`` when the lab drives the compiled kernel (T.A.C.O.: every figure but the effects),
    ``simulate`` when ``--engine kernel`` asks for a kernel that ``cardroom.fast.simulate`` alone
    plays (winners only), else ``reference``."""
    if config.engine == "reference":
        return "reference"
    game = make_game(config)
    if kernel_driver(game, config.bots) is not None:
        return "kernel"
    if config.engine == "kernel" and len(config.bots) == 1 and config.bots[0] in KERNEL_POLICIES:
        from cardroom.fast import kernel_of

        if kernel_of(game) is not None:
            return "simulate"
    if config.engine == "kernel":
        raise InvalidOptions(
            f"no compiled kernel plays {config.game} with bots {' '.join(config.bots)}; "
            "the kernel plays one bot spec, heuristic or random, in every seat"
        )
    return "reference"


def play_games(config: BalanceConfig, progress: Progress | None = None) -> list[dict[str, Any]]:
    """Every game of the run, block after block, in deal order; each game says its ``block``."""
    report = progress or (lambda _n: None)
    game = make_game(config)
    for spec in config.bots:  # a bad spec fails before any game starts
        make_bot(spec, game)
    path = engine_path(config)
    driver = kernel_driver(game, config.bots) if path == "kernel" else None
    out: list[dict[str, Any]] = []
    for b, block in enumerate(block_configs(config)):
        if path == "simulate":
            played = simulate_games(game, config.bots[0], block.seed, block.games)
            report(block.games)
        elif driver is not None:
            played = []
            for i in range(block.games):
                played.append(driver.play(game, block.seed, i))
                if i % 100 == 99 or i == block.games - 1:
                    report(100 if i % 100 == 99 else (i + 1) % 100)
            check_against_simulate(game, config.bots[0], block.seed, played)
        else:
            played = _play_reference(block, game, report)
        for g in played:
            g["block"] = b
        out += played
    return out


def _play_reference(config: BalanceConfig, game: Game, report: Progress) -> list[dict[str, Any]]:
    parts = chunks(config, game.players)
    results: dict[int, list[dict[str, Any]]] = {}
    if config.backend == "ray":
        results = _run_ray(config, parts, report)
    elif config.jobs == 1:
        for i, part in enumerate(parts):
            results[i] = play_chunk(config, part)
            report(len(results[i]))
    else:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=config.jobs, mp_context=context) as pool:
            futures = {pool.submit(play_chunk, config, part): i for i, part in enumerate(parts)}
            pending = set(futures)
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    results[futures[future]] = future.result()
                    report(len(results[futures[future]]))
    return [g for i in range(len(parts)) for g in results[i]]


def _run_ray(config: BalanceConfig, parts: list[range], report: Progress) -> dict[int, list[dict[str, Any]]]:
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs the ray extra: pip install 'cardroom[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(num_cpus=config.jobs, include_dashboard=False, log_to_driver=False)
    try:
        remote: Any = ray.remote(num_cpus=1)(play_chunk)
        refs = {remote.remote(config, part): i for i, part in enumerate(parts)}
        results: dict[int, list[dict[str, Any]]] = {}
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                results[refs[ref]] = ray.get(ref)
                report(len(results[refs[ref]]))
        return results
    finally:
        if started_here:
            ray.shutdown()
