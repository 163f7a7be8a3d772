"""T.A.C.O.'s kernel against the reference engine, and the kernel's own promises.

The differential slice plays a few games per setting (both deck versions, two to eight players, the
option mixes, and two players with and without our second_pick rule) through both engines, comparing whole states both ways, legal actions, heuristic scores
and results after every action. ``bench/kernels/fast_differential.py --game taco`` runs the same check over millions
of actions. The first run after an install or an edit compiles the kernel (about a minute on a busy
two-core machine); later runs load it from the cache.
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
from cardroom.games.taco import kernel as k
from cardroom.games.taco import kernel_api as api
from cardroom.games.taco import kernel_check, kernel_unseen
from cardroom.games.taco.kernel_codec import action_id, action_texts, config, decode, encode, unsupported

SETTINGS: list[dict[str, Any]] = [
    {"players": 2},  # the v3 preset, two players' default: the second player's opening pick
    {"players": 2, "second_pick": False, "rounds": 2},  # v2
    {"players": 2, "second_pick": True, "rounds": 3, "gimme_trophy": True, "antics": True},
    {"players": 4, "deck": "v1"},
    {"players": 3, "antics": True, "rounds": 3},
    {"players": 5, "deck": "v1", "gimme_trophy": True, "rounds": 2, "antics": True},
    {"players": 6, "pool": 5, "rounds": 4, "gimme_trophy": True},
    {"players": 8, "pool": 120, "antics": True},
]
IDS = [",".join(f"{key}={v}" for key, v in o.items()) for o in SETTINGS]


@pytest.mark.parametrize("options", SETTINGS, ids=IDS)
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_kernel_plays_exactly_like_the_reference(options: dict[str, Any], policy: str) -> None:
    game = cardroom.make("taco", **options)
    counts = kernel_check.run(game, 2, first_seed=500, policy=policy)
    assert counts.games == 2 and counts.actions > 60
    assert counts.states == counts.actions + counts.games  # every state compared, the last one included
    assert counts.legal_sets >= counts.actions
    if policy == "heuristic":
        assert counts.heuristic_choices == counts.actions


def test_random_draws_follow_the_reference_through_reshuffles_and_new_rounds() -> None:
    game = cardroom.make("taco", players=2, pool=200, rounds=2)  # long rounds
    counts = kernel_check.run(game, 1, first_seed=7)
    assert counts.random_draws > 139  # the second round's shuffle of 140 cards alone takes 139 draws


def test_a_mismatch_is_caught() -> None:
    """The check can fail: a state one point off is reported, not waved through."""
    game = cardroom.make("taco", players=3)
    state = game.new_game(1)
    s = encode(state)
    s[k.POOL] += 1
    with pytest.raises(kernel_check.KernelMismatch, match="arrays differ"):
        kernel_check.compare(state, s, config(game), "here")


def test_every_action_of_the_reference_has_a_kernel_id_and_back() -> None:
    game = cardroom.make("taco", players=8, antics=True)
    texts = action_texts(game)
    assert [action_id(game, t) for t in texts] == list(range(len(texts)))
    assert texts == sorted(texts, key=lambda t: game.parse_action(t).sort_key())


def test_decode_is_a_loadable_reference_state_and_encode_inverts_it() -> None:
    game = cardroom.make("taco", players=4)
    cfg = config(game)
    s = np.zeros(k.STATE_SIZE, np.int64)
    from cardroom.games.taco import kernel_rules as kr

    kr.new_game(s, cfg, int(cfg[k.C_POOL]), k.new_rng(5))
    state = decode(s, game, seed=5)
    again = game.load(state.to_json())  # the reference's own checks on a state's JSON
    assert np.array_equal(encode(again), s)
    assert again.census()["cards"] == len(game.deck.cards)


def test_a_custom_deck_too_large_for_the_kernel_is_refused_by_name() -> None:
    game = cardroom.make("taco", players=2)
    assert unsupported(game) is None
    assert api.unsupported(cardroom.make("tacocat")) == "not a T.A.C.O. game"


def test_simulate_is_a_pure_function_of_its_seed() -> None:
    game = cardroom.make("taco", players=4)
    first, actions = api.simulate(game, 100, "heuristic", 7)
    again, actions_again = api.simulate(game, 100, "heuristic", 7)
    other, _ = api.simulate(game, 100, "heuristic", 8)
    assert np.array_equal(first, again) and actions == actions_again
    assert not np.array_equal(first, other)
    assert set(first.tolist()) <= {-1, 0, 1, 2, 3} and len(set(first.tolist()) - {-1}) == 4
    part, _ = api.simulate(game, 40, "heuristic", 7, first=60)
    assert np.array_equal(part, first[60:])


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    game = cardroom.make("taco", players=3)
    cfg = config(game)
    rng = k.new_rng(3)
    changed = 0
    for seed in range(20):
        state = game.new_game(seed)
        play = random.Random(seed)
        for _ in range(play.randrange(1, 60)):
            if state.is_over:
                break
            seat = play.choice(state.to_act)
            state = state.apply(seat, play.choice(state.legal_actions(seat)))
        seat = seed % 3
        s = encode(state)
        kernel_unseen.determinize(s, cfg, seat, rng)
        imagined = game.load(decode(s, game, state.tb.seed).to_json())  # still a consistent state
        mine, theirs = imagined.view(seat), state.view(seat)
        mine.pop("recent"), theirs.pop("recent")  # the history is not part of the kernel's state
        assert mine == theirs
        changed += imagined.tb.hands != state.tb.hands
    assert changed > 10


def test_the_same_source_runs_uncompiled_with_the_same_results() -> None:
    """NUMBA_DISABLE_JIT runs the kernel as plain Python: the same games and searches from the same seed."""
    code = (
        "import random, warnings, cardroom\n"
        "from cardroom.games.taco import kernel_api as api, kernel_check\n"
        "warnings.simplefilter('error')\n"
        "g = cardroom.make('taco', players=3, antics=True)\n"
        "if api.COMPILED is False: kernel_check.run(g, 1, first_seed=3, policy='heuristic')\n"
        "print(api.COMPILED, api.simulate(g, 4, 'heuristic', 11)[0].tolist(), api.simulate(g, 4, 'random', 1))\n"
        "state = g.new_game(4)\n"
        "view = state.view(state.to_act[0])\n"
        "for paired in (True, False):\n"
        "    settings = api.Settings(iterations=12, deadline=float('inf'), paired=paired)\n"
        "    found = api.Searcher(g, capacity=256).search(view, random.Random(1), settings)\n"
        "    print(found.action, found.root)\n"
    )
    api.warm()  # compile here on a cold cache, so the compiled subprocess below only loads the code
    runs = []
    for jit in ("0", "1"):
        env = {**os.environ, "NUMBA_DISABLE_JIT": jit}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr[-2000:]
        runs.append(out.stdout)
    assert runs[0].startswith("True ") and runs[1].startswith("False ")
    assert runs[0].removeprefix("True ") == runs[1].removeprefix("False ")


def test_cached_kernel_code_is_stamped_with_every_kernel_file() -> None:
    from cardroom.games.taco import kernel_search

    assert api.COMPILED, "the tests run with the fast extra (Numba), as make test installs it"
    locator = kernel_search.info_key._cache._impl._locator  # type: ignore[attr-defined]
    assert getattr(locator, "kernel_variant", False)
    assert locator.get_source_stamp() == k.new_rng._cache._impl._locator.get_source_stamp()  # type: ignore[attr-defined]


def test_kernel_search_is_reproducible_and_legal() -> None:
    game = cardroom.make("taco", players=4)
    state = game.new_game(4)
    play = random.Random(4)
    for _ in range(25):
        seat = state.to_act[0]
        state = state.apply(seat, play.choice(state.legal_actions(seat)))
    view = state.view(state.to_act[0])
    searcher = api.Searcher(game, capacity=1 << 12)
    for paired in (True, False):
        settings = api.Settings(iterations=120, deadline=float("inf"), paired=paired)
        first = searcher.search(view, random.Random(1), settings)
        again = searcher.search(view, random.Random(1), settings)
        assert first.action in view["legal_actions"] and first.iterations == 120
        assert (first.action, first.root) == (again.action, again.root)


def test_cardroom_fast_and_the_ismcts_bot_use_the_taco_kernel() -> None:
    from cardroom.bots import make_bot
    from cardroom.bots.fast_ismcts import FastISMCTSBot
    from cardroom.fast import simulate

    game = cardroom.make("taco", players=3, deck="v1")
    run = simulate(game, 60, "random", seed=3)
    assert run.path == "kernel" and run.games == 60 and run.actions > 60 * 50
    split = simulate(game, 60, "random", seed=3, workers=2)  # two processes, the same games
    assert (split.winners, split.actions) == (run.winners, run.actions)
    bot = make_bot("ismcts:iterations=50", game)
    assert isinstance(bot, FastISMCTSBot)
    state = game.new_game(2)
    seat = state.to_act[0]
    assert bot.choose(game, state.view(seat), random.Random(0)) in state.view(seat)["legal_actions"]


@pytest.mark.parametrize(("rounds", "words"), [(1, "1 round played"), (3, "3 rounds played")])
def test_a_finished_match_names_its_rounds_with_a_real_plural_in_both_engines(rounds: int, words: str) -> None:
    game = cardroom.make("taco", players=2, pool=4, rounds=rounds)
    state = game.new_game(1)
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.outcome is not None and state.outcome.reason == words
    assert decode(encode(state), game, seed=1).tb.reason == words  # the kernel's decoder says the same
