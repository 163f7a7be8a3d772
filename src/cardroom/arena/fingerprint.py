"""A bot's behavioural fingerprint: what decides whether a ladder row still describes today's bot.

A row of the bot ladder (docs/ladder.md) is stale when the bot that played it no longer plays the same
way. A hash of the source files would call every refactor, comment and rename a change of strength and
miss a retrained weights file; so the fingerprint asks the bot itself. It is the hash of:

- the name the spec makes today (every setting a spec leaves to its defaults is in it, so a changed
  default changes the fingerprint even where no answer below moves);
- the learned value's weights file, when the bot reads one (its settings have a ``cut``);
- the bot's answers on a fixed set of positions, each from a seeded game walked by uniform random
  choices (so the positions depend on the rules only), each answer decided by a fixed number of search
  iterations (never a time budget: the answers must repeat on any machine and any load) with a seeded
  random stream.

A row's search budget (``ms=50``) is replaced by :data:`ITERATIONS` for the fingerprint: a ladder row is
played at a time budget, but the fingerprint asks how the bot plays, not how fast the machine is.

A searching bot plays on the game's compiled kernel where Numba is installed, on the reference engine
otherwise, and the two answer differently: the fingerprint is always the compiled kernel's, the engine
the room's bots play on, so :func:`fingerprint` loads it first and refuses to answer without it.
"""

from __future__ import annotations

import hashlib
import random

from cardroom.arena.schedule import derive_seed
from cardroom.bots.specs import declared_budget, make_bot, parse_spec
from cardroom.bots.uniform import RandomBot
from cardroom.core.bot import ask
from cardroom.core.compiled_registry import kernel_of, warm
from cardroom.core.game import Game, State
from cardroom.core.learned_value import LearnedValueError, shipped_path

#: Positions asked, and the walks they are taken from.
POSITIONS = 12
#: Iterations a searching bot spends on each position: enough that its search, its playouts and its
#: value decide the answer, few enough that a game's whole ladder is fingerprinted in seconds.
ITERATIONS = 96
#: The chance that a walk stops at a decision to keep it (so positions come from every part of a game).
KEEP = 0.3


class FingerprintError(RuntimeError):
    """Today's fingerprint cannot be computed here (the compiled kernel it is taken on is missing)."""


def on_the_room_s_engine(game: Game) -> None:
    """Load the game's compiled kernel before a bot is asked (so that its search runs on it even in a
    process that loads kernels in the background), or refuse when this process cannot compile it."""
    kernel = kernel_of(game)
    if kernel is None:  # no kernel for this game (or these options): every search is the reference one
        return
    if not kernel.COMPILED:
        raise FingerprintError(
            f"the fingerprints of {game.name}'s searching bots are taken on its compiled kernel, the engine "
            "the room plays them on, and Numba is not installed here or is switched off (NUMBA_DISABLE_JIT); "
            "install the `fast` extra"
        )
    warm(kernel)


def positions(game: Game, count: int = POSITIONS) -> list[tuple[State, int]]:
    """``count`` positions (a state and the seat to act) with at least two legal actions, from seeded
    games walked by uniform random choices."""
    walker = RandomBot()
    found: list[tuple[State, int]] = []
    walk = 0
    while len(found) < count:
        rng = random.Random(derive_seed("ladder fingerprint", walk))
        state = game.new_game(derive_seed("ladder fingerprint deal", walk))
        while not state.is_over and len(found) < count:
            seat = state.to_act[0]
            if len(state.legal_actions(seat)) > 1 and rng.random() < KEEP:
                found.append((state, seat))
            state = state.apply(seat, ask(walker, state, seat, rng))
        walk += 1
    return found


def fixed_spec(spec: str) -> str:
    """The spec with its budget replaced by :data:`ITERATIONS` (a bot that answers at once as it is)."""
    name, params = parse_spec(spec)
    if declared_budget(spec) is None:
        return spec
    params = {k: v for k, v in params.items() if k not in ("ms", "iterations")}
    return f"{name}:" + ",".join(f"{k}={v}" for k, v in {"iterations": str(ITERATIONS), **params}.items())


def weights_hash(game: Game, made_name: str) -> str:
    """The first 16 hex digits of the SHA-256 of the weights file the bot reads ("" if it reads none)."""
    _, params = parse_spec(made_name)
    if params.get("cut", "0") == "0":
        return ""
    try:
        path = shipped_path(game.name)
    except LearnedValueError:
        return ""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16] if path.exists() else "missing"


def fingerprint(game: Game, spec: str, count: int = POSITIONS) -> str:
    """The bot ``spec``'s behavioural fingerprint in ``game`` (16 hex digits); see the module's text."""
    if declared_budget(spec) is not None:  # a searching bot
        on_the_room_s_engine(game)
    spec = fixed_spec(spec)
    made = make_bot(spec, game).name
    digest = hashlib.sha256(f"{made}\n{weights_hash(game, made)}\n".encode())
    for number, (state, seat) in enumerate(positions(game, count)):
        bot = make_bot(spec, game)  # a fresh bot a position: nothing one answer learned moves the next
        answer = ask(bot, state, seat, random.Random(derive_seed("ladder fingerprint answer", number)))
        digest.update(f"{number}:{answer}\n".encode())
    return digest.hexdigest()[:16]
