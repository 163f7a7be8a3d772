"""The Exploding Kittens kernel against the reference engine, and the kernel's own promises.

The differential slice here plays a few games per preset and player count through both engines
(seconds once the compiled code is cached; the first run after an install or an edit compiles it).
``bench/kernels/fast_differential.py --game exploding-kittens`` runs the same check over millions of actions.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import cardroom
from cardroom.games.kittens import kernel as k
from cardroom.games.kittens import kernel_api as api
from cardroom.games.kittens import kernel_check
from cardroom.games.kittens import kernel_seat as ksp
from cardroom.games.kittens.kernel_codec import action_id, action_text, config, decode, encode

VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("classic", 2, {}),
    ("current", 2, {}),
    ("classic", 4, {}),
    ("current", 5, {}),
    ("classic", 7, {"pairs": "cats", "attacks": "stacking"}),
    ("current", 10, {"five_combo": True, "exploded_cards": "discard", "deal": 1}),
]
IDS = [f"{p}-{n}p" + "".join(f",{key}={v}" for key, v in o.items()) for p, n, o in VARIANTS]


@pytest.mark.parametrize(("preset", "players", "options"), VARIANTS, ids=IDS)
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_kernel_plays_exactly_like_the_reference(
    preset: str, players: int, options: dict[str, Any], policy: str
) -> None:
    game = cardroom.make("exploding-kittens", preset=preset, players=players, **options)
    games = 6 if players <= 5 else 2
    counts = kernel_check.run(game, games, first_seed=2000, policy=policy)
    assert counts.games == games and counts.actions > 40 * games
    assert counts.states == counts.actions + counts.games  # every state compared, the last one included
    if policy == "heuristic":
        assert counts.heuristic_choices == counts.actions


def test_every_action_of_the_reference_has_a_kernel_id_and_back() -> None:
    for players in (2, 10):
        game = cardroom.make("exploding-kittens", players=players)
        texts = [str(a) for a in game.action_space()]
        assert [action_text(action_id(t)) for t in texts] == texts


def test_decode_is_a_loadable_reference_state_and_encode_inverts_it() -> None:
    for preset, players in (("classic", 2), ("current", 7)):
        game = cardroom.make("exploding-kittens", preset=preset, players=players)
        s = k.new_game(config(game), np.array([99], np.int64))
        state = decode(s, game, seed=5)
        again = game.load(state.position())  # the reference's own checks: cards add up, knowledge is true
        assert np.array_equal(encode(again), s)
        assert state.census() == game.new_game(1).census()  # the kernel dealt the same cards


def test_simulate_is_a_pure_function_of_its_seed() -> None:
    game = cardroom.make("exploding-kittens", players=2)
    first, actions = api.simulate(game, 300, "heuristic", 7)
    again, actions_again = api.simulate(game, 300, "heuristic", 7)
    other, _ = api.simulate(game, 300, "heuristic", 8)
    assert np.array_equal(first, again) and actions == actions_again
    assert not np.array_equal(first, other)
    assert set(first.tolist()) == {0, 1}  # every game ends with a winner
    assert 0.3 < float((first == 0).mean()) < 0.7
    four, _ = api.simulate(cardroom.make("exploding-kittens", preset="current", players=4), 200, "random", 1)
    assert set(four.tolist()) == {0, 1, 2, 3}


def _played(game: Any, seed: int) -> Any:
    state = game.new_game(seed)
    play = random.Random(seed)
    for _ in range(play.randrange(5, 120)):
        if state.is_over:
            break
        seat = play.choice(state.to_act)
        state = state.apply(seat, play.choice(state.legal_actions(seat)))
    return state


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    rng = np.array([3], np.int64)
    changed = 0
    for players in (2, 4):
        game = cardroom.make("exploding-kittens", players=players)
        cfg = config(game)
        for seed in range(40):
            state = _played(game, seed)
            seat = state.to_act[0] if state.to_act else 0
            s = encode(state)
            ksp.determinize(s, cfg, seat, rng)
            imagined = game.load(decode(s, game, state.seed).position())  # still a consistent state
            mine, theirs = imagined.view(seat), state.view(seat)
            assert mine == theirs
            assert all(imagined.legal_actions(o) for o in imagined.to_act)  # every acting seat can move
            assert all(not known for o, known in enumerate(imagined.pile_known) if o != seat)
            changed += imagined.hands != state.hands or imagined.pile != state.pile
    assert changed > 50


def test_kernel_search_is_reproducible_and_legal() -> None:
    game = cardroom.make("exploding-kittens", players=2)
    state = _played(game, 4)
    view = state.view(state.to_act[0])
    searcher = api.Searcher(game, capacity=1 << 12)
    for paired in (True, False):
        settings = api.Settings(iterations=300, deadline=float("inf"), paired=paired)
        first = searcher.search(view, random.Random(1), settings)
        again = searcher.search(view, random.Random(1), settings)
        assert first.action in view["legal_actions"] and first.iterations == 300
        assert (first.action, first.root) == (again.action, again.root)


def test_the_same_source_runs_uncompiled_with_the_same_results() -> None:
    """NUMBA_DISABLE_JIT runs the kernel as plain Python: same games and same searches from the same seed."""
    code = (
        "import math, random, warnings, cardroom\n"
        "from cardroom.games.kittens import kernel_api as api, kernel_check\n"
        "warnings.simplefilter('error')\n"
        "g = cardroom.make('exploding-kittens', players=3)\n"
        "if api.COMPILED is False: kernel_check.run(g, 1, first_seed=3, policy='heuristic')\n"
        "print(api.COMPILED, api.simulate(g, 3, 'random', 11)[0].tolist())\n"
        "state = g.new_game(4)\n"
        "view = state.view(state.to_act[0])\n"
        "for paired in (True, False):\n"
        "    settings = api.Settings(iterations=30, deadline=math.inf, paired=paired)\n"
        "    found = api.Searcher(g, capacity=256).search(view, random.Random(1), settings)\n"
        "    print(found.action, found.root)\n"
    )
    runs = []
    for jit in ("0", "1"):
        env = {**os.environ, "NUMBA_DISABLE_JIT": jit}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr[-2000:]
        runs.append(out.stdout)
    assert runs[0].startswith("True ") and runs[1].startswith("False ")
    assert runs[0].removeprefix("True ") == runs[1].removeprefix("False ")


def test_cached_kernel_code_is_stamped_with_every_kernel_file() -> None:
    """An edit to kernel.py must invalidate the cached search, which has the rules compiled in."""
    from cardroom.games.kittens import kernel_search

    assert api.COMPILED, "the tests run with the fast extra (Numba), as make test installs it"
    locator = kernel_search.info_key._cache._impl._locator  # type: ignore[attr-defined]
    assert getattr(locator, "kernel_variant", False)
    assert locator.get_source_stamp() == k.hand_size._cache._impl._locator.get_source_stamp()  # type: ignore[attr-defined]
    assert locator.get_source_stamp() != kernel_check.KernelMismatch.__module__  # a hash, not a name
