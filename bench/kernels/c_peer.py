"""The lean C simulator of Tacocat (``bench/kernels/c/tacocat.c``): compiled here with the system's C compiler,
run for random games, and driven by a script of the reference engine's games.

It is our own program and only a yardstick for the Numba kernel (docs/kernels.md): the benchmark
(``bench/kernels/fast_c.py``) times it beside the kernel and the reference engine, and
``tests/kernels/test_c_peer.py`` proves it offers exactly the reference engine's legal actions.
Nothing compiled is kept: the binary goes to a temporary folder the caller owns.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from cardroom.games.tacocat.game import TacocatGame
from cardroom.games.tacocat.state import TacocatState

SOURCE = Path(__file__).resolve().parent / "c" / "tacocat.c"
FLAGS = ("-O2", "-std=gnu11", "-Wall", "-Wextra", "-Werror")


def compile_peer(folder: Path, compiler: str = "cc", source: Path = SOURCE) -> Path:
    """Compile the simulator (or another ``source``, as a test's planted bug) into ``folder`` with
    ``compiler -O2``; a missing compiler is an error that says so (every machine here has one)."""
    found = shutil.which(compiler)
    if found is None:
        raise RuntimeError(
            f"no C compiler {compiler!r} on PATH: install gcc (apt-get install gcc) to build {SOURCE.name}"
        )
    binary = folder / "tacocat"
    done = subprocess.run([found, *FLAGS, "-o", str(binary), str(source)], capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{compiler} could not compile {source.name}:\n{done.stderr}")
    return binary


def options_of(game: TacocatGame) -> list[str]:
    """The game's options with every name resolved, as the C program reads them."""
    deck = ",".join(str(n) for n in game.deck)
    return [f"deck={deck}", f"jumbo={game.jumbo}", f"ties={game.ties}", f"board={game.board.spec()}"]


@dataclass(frozen=True)
class Run:
    games: int
    actions: int
    seconds: float  # wall clock
    yay_wins: int
    cpu_seconds: float  # the program's own CPU time: what a core of its own would have taken


def random_games(binary: Path, seconds: float, seed: int, game: TacocatGame) -> Run:
    """Random games on the C simulator for about ``seconds`` (timed inside the program, so starting
    the process is not counted)."""
    done = subprocess.run(
        [str(binary), "run", str(seconds), str(seed), *options_of(game)], capture_output=True, text=True
    )
    if done.returncode:
        raise RuntimeError(f"the C simulator failed: {done.stderr.strip()}")
    out = done.stdout.split()
    return Run(int(out[0]), int(out[1]), float(out[2]), int(out[3]), float(out[4]))


# -- the script: the reference engine's random games, every position written as the C writes it ---


def position_line(state: TacocatState) -> str:
    """What the C program prints for a position: the seats to act and each seat's legal actions."""
    if state.is_over:
        assert state.outcome is not None
        return f"over {state.outcome.winners[0]}"
    lists = [",".join(str(a) for a in state.legal_actions(seat)) for seat in (0, 1)]
    seats = " ".join(str(seat) for seat in state.to_act)
    return seats + "".join(f" | {text}" if text else " |" for text in lists)


def deal_line(state: TacocatState) -> str:
    """The deck's order at a round's start: YAY's hand, WOW's hand, the draw pile top first."""
    return "deal " + " ".join(str(v) for v in (*state.hands[0], *state.hands[1], *state.draw))


def script(game: TacocatGame, seeds: range, chooser: random.Random) -> tuple[list[str], list[str]]:
    """Random games of the reference engine (a random acting seat, a random legal action) as a script
    for the C program, and the lines it must print in answer."""
    lines, expected = [], []
    for seed in seeds:
        state = game.new_game(seed)
        lines += ["game " + " ".join(options_of(game)), deal_line(state)]
        expected.append(position_line(state))
        while not state.is_over:
            seat = chooser.choice(state.to_act)
            act = chooser.choice(state.legal_actions(seat))
            after = state.apply(seat, act)
            assert isinstance(after, TacocatState)
            lines.append(f"act {seat} {act}")
            if after.round != state.round:
                lines.append(deal_line(after))
            expected.append(position_line(after))
            state = after
    return lines, expected


def run_script(binary: Path, lines: list[str]) -> list[str]:
    """The C program's answer to a script, one line per position."""
    done = subprocess.run([str(binary), "script"], input="\n".join(lines) + "\n", capture_output=True, text=True)
    return done.stdout.splitlines()
