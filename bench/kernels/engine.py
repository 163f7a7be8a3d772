#!/usr/bin/env python3
"""Engine speed: random-play games/s and actions/s for every cardroom game, next to peer frameworks.

Peers (RLCard's leduc-holdem and uno, OpenSpiel's leduc_poker) are measured in the same run when the
`bench` extra is installed. An action is one decision applied by one seat; chance events of OpenSpiel
are not counted as actions.

    python bench/kernels/engine.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

import cardroom

# (label, game, preset, options): a game appears here once it is registered.
CONFIGS: list[tuple[str, str, str | None, dict[str, Any]]] = [
    ("tacocat (official)", "tacocat", "official", {}),
    ("tacocat (print-and-play)", "tacocat", "print-and-play", {}),
    ("exploding-kittens 2p", "exploding-kittens", None, {"players": 2}),
    ("exploding-kittens 5p", "exploding-kittens", None, {"players": 5}),
    ("taco 4p", "taco", None, {"players": 4}),
]

Measure = Callable[[float], tuple[int, int, float]]


def timed(play_one: Callable[[int], int]) -> Measure:
    """A measure that plays games (``play_one(index)`` plays one and returns its actions) for a time."""

    def run(seconds: float) -> tuple[int, int, float]:
        games = actions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            actions += play_one(games)
            games += 1
        return games, actions, time.perf_counter() - start

    return run


def cardroom_runner(name: str, preset: str | None, options: dict[str, Any]) -> Measure:
    game = cardroom.make(name, preset=preset, **options)
    rng = random.Random(1)

    def one(index: int) -> int:
        state = game.new_game(index)
        while not state.is_over:
            seat = rng.choice(state.to_act)
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        return state.step

    return timed(one)


def rlcard_runner(env_name: str) -> Measure | None:
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make(env_name, config={"seed": 1})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def one(index: int) -> int:
        trajectories, _ = env.run(is_training=False)
        # Each player's trajectory alternates state, action, state, ...: (len - 1) // 2 actions.
        return sum((len(t) - 1) // 2 for t in trajectories)

    return timed(one)


def openspiel_runner(game_name: str) -> Measure | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(game_name)
    rng = random.Random(1)

    def one(index: int) -> int:
        actions = 0
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [o for o, _ in state.chance_outcomes()]
                state.apply_action(rng.choice(outcomes))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions

    return timed(one)


# -- the RL environments (cardroom.rl): the same games, stepped through each adapter -------------------
# An action is one env step: every agent's decision for PettingZoo and OpenSpiel (the OpenSpiel deal
# is a chance node, not counted), the learner's decisions for Gymnasium (the random opponents' moves
# happen inside its steps). Each step also encodes an observation and a mask, which the engine alone
# does not.


def pettingzoo_runner(name: str, preset: str | None, options: dict[str, Any]) -> Measure | None:
    try:
        import numpy as np

        from cardroom.rl.pettingzoo import raw_env
    except ImportError:
        return None
    env = raw_env(name, preset, **options)
    rng = np.random.default_rng(1)

    def one(index: int) -> int:
        actions = 0
        env.reset(seed=index)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            actions += 1
        return actions

    return timed(one)


def gymnasium_runner(name: str, preset: str | None, options: dict[str, Any]) -> Measure | None:
    try:
        import numpy as np

        from cardroom.rl.gymnasium import CardroomEnv
    except ImportError:
        return None
    env = CardroomEnv(name, preset, opponents="random", **options)
    rng = np.random.default_rng(1)

    def one(index: int) -> int:
        actions = 0
        obs, _ = env.reset(seed=index)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            actions += 1
        return actions

    return timed(one)


def cardroom_openspiel_runner(name: str, preset: str | None, options: dict[str, Any]) -> Measure | None:
    try:
        import pyspiel

        from cardroom.rl import openspiel
    except ImportError:
        return None
    openspiel.register(name)
    params: dict[str, Any] = {"preset": preset or "", **options}
    game = pyspiel.load_game(openspiel.short_name(name), params)
    rng = random.Random(1)

    def one(index: int) -> int:
        actions = 0
        state = game.new_initial_state()
        state.apply_action(index % game.max_chance_outcomes())
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        return actions

    return timed(one)


def environment_rows() -> list[tuple[str, Measure | None]]:
    """The first variant of each game through PettingZoo, Gymnasium and OpenSpiel (the `rl` extra)."""
    rows: list[tuple[str, Measure | None]] = []
    seen: set[str] = set()
    for label, name, preset, options in CONFIGS:
        if name in seen or name not in cardroom.GAMES:
            continue
        seen.add(name)
        rows += [
            (f"{label} via PettingZoo AEC", pettingzoo_runner(name, preset, options)),
            (f"{label} via Gymnasium (learner steps)", gymnasium_runner(name, preset, options)),
            (f"{label} via OpenSpiel (Python game)", cardroom_openspiel_runner(name, preset, options)),
        ]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per engine (default 5)")
    args = parser.parse_args()
    console = Console()
    rows: list[tuple[str, Measure | None]] = []
    for label, name, preset, options in CONFIGS:
        if name in cardroom.GAMES:
            rows.append((label, cardroom_runner(name, preset, options)))
    rows += environment_rows()
    rows += [
        ("RLCard leduc-holdem", rlcard_runner("leduc-holdem")),
        ("RLCard uno", rlcard_runner("uno")),
        ("OpenSpiel leduc_poker (C++ core)", openspiel_runner("leduc_poker")),
    ]
    table = Table(title=f"Random play, {args.seconds:g} s per engine, one core")
    for col in ("engine", "games/s", "actions/s"):
        table.add_column(col, justify="right" if col != "engine" else "left")
    figures: dict[str, float] = {}
    with console.status("measuring...") as status:
        for label, runner in rows:
            if runner is None:
                extra = "rl" if " via " in label else "bench"
                table.add_row(label, "not installed", escape(f"(pip install -e '.[{extra}]')"))
                continue
            status.update(f"measuring {label}...")
            games, actions, elapsed = runner(args.seconds)
            figures[label] = actions / elapsed
            table.add_row(label, f"{games / elapsed:,.0f}", f"{actions / elapsed:,.0f}")
    console.print(table)
    rlcard_best = max((v for k, v in figures.items() if k.startswith("RLCard")), default=None)
    if rlcard_best:
        for label, value in figures.items():
            if not label.startswith(("RLCard", "OpenSpiel")) and " via " not in label:
                console.print(f"{label}: {value / rlcard_best:.2f}x RLCard's best ({rlcard_best:,.0f} actions/s)")


if __name__ == "__main__":
    main()
