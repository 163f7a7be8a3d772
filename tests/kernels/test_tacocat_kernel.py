"""Tacocat's kernel against the reference engine, and the kernel's own promises.

The differential slice here plays a few dozen games per preset through both engines (seconds once
the compiled code is cached; the first run after an install or an edit compiles it, 30 to 65 s on a
busy two-core machine). ``bench/kernels/fast_differential.py`` runs the same check over millions of actions.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import numpy as np
import pytest

import cardroom
from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat import kernel_api as api
from cardroom.games.tacocat import kernel_check
from cardroom.games.tacocat import kernel_seat as ksp
from cardroom.games.tacocat.kernel_codec import action_id, action_space_texts, config, decode, encode

VARIANTS = [
    ("official", {}),
    ("print-and-play", {}),
    ("quick-reference", {}),
    ("official", {"jumbo": "none", "ties": "duel-winner"}),
    ("quick-reference", {"board": "3Y,5W,9B,2Y,8W", "deck": "3,3,3,3,3,3,3,3,3,3,3,3"}),
]
IDS = [p + "".join(f",{k}={v}" for k, v in o.items()) for p, o in VARIANTS]


@pytest.mark.parametrize(("preset", "options"), VARIANTS, ids=IDS)
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_kernel_plays_exactly_like_the_reference(preset: str, options: dict[str, str], policy: str) -> None:
    game = cardroom.make("tacocat", preset=preset, **options)
    counts = kernel_check.run(game, 30, first_seed=1000, policy=policy)
    assert counts.games == 30 and counts.actions > 1500
    assert counts.states == counts.actions + counts.games  # every state compared, the last one included
    if policy == "heuristic":
        assert counts.heuristic_choices == counts.actions


def test_every_action_of_the_reference_has_a_kernel_id_and_back() -> None:
    game = cardroom.make("tacocat")
    texts = [str(a) for a in game.action_space()]
    assert [action_space_texts()[action_id(t)] for t in texts] == texts


def test_decode_is_a_loadable_reference_state_and_encode_inverts_it() -> None:
    game = cardroom.make("tacocat")
    rng = np.array([99], np.int64)
    s = k.new_game(config(game), rng)
    state = decode(s, game, seed=5)
    again = game.load(state.notation())  # the reference's own checks: cards add up, sizes agree
    assert np.array_equal(encode(again)[: k.ORDER], s[: k.ORDER])


def test_simulate_is_a_pure_function_of_its_seed() -> None:
    game = cardroom.make("tacocat")
    first, actions = api.simulate(game, 300, "heuristic", 7)
    again, actions_again = api.simulate(game, 300, "heuristic", 7)
    other, _ = api.simulate(game, 300, "heuristic", 8)
    assert np.array_equal(first, again) and actions == actions_again
    assert not np.array_equal(first, other)
    assert set(first.tolist()) == {0, 1}  # every game ends with a winner
    assert 0.35 < float((first == 0).mean()) < 0.65  # the seats are close to even


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    game = cardroom.make("tacocat")
    cfg = config(game)
    rng = np.array([3], np.int64)
    changed = 0
    for seed in range(30):
        state = game.new_game(seed)
        play = random.Random(seed)
        for _ in range(play.randrange(1, 40)):
            if state.is_over:
                break
            seat = play.choice(state.to_act)
            state = state.apply(seat, play.choice(state.legal_actions(seat)))
        seat = seed % 2
        s = encode(state)
        ksp.determinize(s, cfg, seat, rng)
        imagined = game.load(decode(s, game, state.seed).notation())  # still a consistent state
        assert imagined.view(seat) == state.view(seat)
        changed += imagined.hands[1 - seat] != state.hands[1 - seat]
    assert changed > 10


def test_kernel_search_is_reproducible_and_legal() -> None:
    game = cardroom.make("tacocat")
    state = game.new_game(4)
    view = state.view(state.to_act[0])
    searcher = api.Searcher(game, capacity=1 << 12)
    settings = api.Settings(iterations=300, deadline=float("inf"))
    first = searcher.search(view, random.Random(1), settings)
    again = searcher.search(view, random.Random(1), settings)
    assert first.action in view["legal_actions"] and first.iterations == 300
    assert (first.action, first.root) == (again.action, again.root)


def test_the_same_source_runs_uncompiled_with_the_same_results() -> None:
    """NUMBA_DISABLE_JIT runs the kernel as plain Python: same games and same searches from the same seed."""
    code = (
        "import math, random, warnings, cardroom\n"
        "from cardroom.games.tacocat import kernel_api as api, kernel_check\n"
        "warnings.simplefilter('error')\n"
        "g = cardroom.make('tacocat')\n"
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
    from cardroom.games.tacocat import kernel_search

    assert api.COMPILED, "the tests run with the fast extra (Numba), as make test installs it"
    locator = kernel_search.info_key._cache._impl._locator  # type: ignore[attr-defined]
    assert getattr(locator, "kernel_variant", False)
    assert locator.get_source_stamp() == k.hand_size._cache._impl._locator.get_source_stamp()  # type: ignore[attr-defined]
