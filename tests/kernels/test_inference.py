"""The search weighing its worlds by the others' observed choices (compiled_search.imagine and the Kittens
``likelihood``): nothing changes without information, the kept worlds follow the exact posterior, and
every kept world is one the seat's view allows."""

from __future__ import annotations

import math
import random
from math import comb
from typing import Any

import numpy as np
import pytest

import cardroom
from cardroom.games.kittens import kernel as k
from cardroom.games.kittens import kernel_api
from cardroom.games.kittens.kernel_codec import config, encode
from cardroom.games.kittens.kernel_search import SEARCH, info_key
from tests.kernels.imagined import kept_worlds

OPPONENT = 1


def _start(seed: int = 3) -> tuple[Any, Any, dict[str, Any]]:
    game = cardroom.make("exploding-kittens", players=2)
    state = game.new_game(seed)
    return game, state, state.view(0)


def _evidence(p_holds: float, p_not: float = 1.0, unseen: int = 0) -> np.ndarray:
    """One observation: the opponent passed a window where a Nope holder passes with ``p_holds`` (the
    array: one observation in all, one in the Nope section, none in the placement section)."""
    return np.array([1, 1, OPPONENT, k.NOPE, p_not, p_holds, 0, unseen, 0, 0, 0], np.float64)


@pytest.mark.parametrize("paired", [True, False])
@pytest.mark.parametrize("evidence", [np.zeros(0), np.zeros(11), _evidence(0.7, 0.7)], ids=["none", "zero", "flat"])
def test_uninformative_evidence_leaves_the_search_bit_for_bit(paired: bool, evidence: np.ndarray) -> None:
    """No evidence, a count of 0, or a model under which a pass is as likely whatever the hand: the same
    answer, playouts, nodes and root rows as the plain search from the same generator."""
    game, _, view = _start()
    searcher = kernel_api.Searcher(game)
    plain = searcher.search(view, random.Random(5), kernel_api.Settings(iterations=600, deadline=math.inf,
                                                                         paired=paired))  # fmt: skip
    settings = kernel_api.Settings(iterations=600, deadline=math.inf, paired=paired, evidence=evidence)
    weighed = searcher.search(view, random.Random(5), settings)
    assert (weighed.action, weighed.iterations, weighed.nodes, weighed.root) == (
        plain.action, plain.iterations, plain.nodes, plain.root)  # fmt: skip
    assert weighed.rejected == 0 and weighed.capped == 0
    assert (weighed.dealt > 0) == (len(evidence) > 0 and evidence[0] > 0)  # the flat model was consulted


def test_informative_evidence_changes_the_worlds_and_counts_the_rejections() -> None:
    game, _, view = _start()
    settings = kernel_api.Settings(iterations=600, deadline=math.inf, evidence=_evidence(0.05))
    weighed = kernel_api.Searcher(game).search(view, random.Random(5), settings)
    assert weighed.rejected > 0 and weighed.dealt > weighed.rejected


def _worlds(state: Any, evidence: np.ndarray, n: int) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """``n`` worlds kept by ``imagine`` from seat 0's knowledge of ``state``; the base and options."""
    base, cfg = encode(state), config(state.game)
    return kept_worlds(SEARCH, base, cfg, evidence, n), base, cfg


def _prior_nopes(base: np.ndarray, cfg: np.ndarray) -> tuple[list[float], int]:
    """P(the opponent holds n Nopes) over what seat 0 cannot see, by counting (independent of the
    kernel's dealing): its unknown cards are a uniform draw from the unseen non-Kitten cards."""
    h = k.HAND + k.NK * OPPONENT
    known = k.hk(cfg, 0, OPPONENT)
    unknown_hand = [int(base[h + i] - base[known + i]) for i in range(k.NK)]
    hidden = sum(unknown_hand)
    pile = [int(base[k.PILE + i]) for i in range(int(base[k.PILE_LEN])) if not base[k.PKNOWN + i] & 1]
    pool = [c for c in pile if c != k.KITTEN] + [kind for kind in range(k.NK) for _ in range(unknown_hand[kind])]
    nopes = sum(1 for c in pool if c == k.NOPE) + 0
    sure = int(base[known + k.NOPE])
    prior = [0.0] * (hidden + sure + 1)
    for extra in range(hidden + 1):
        prior[sure + extra] = comb(nopes, extra) * comb(len(pool) - nopes, hidden - extra) / comb(len(pool), hidden)
    return prior, int(sum(base[h + i] for i in range(k.NK)))


def _posterior_holds(prior: list[float], h: int, unseen: int, p_holds: float) -> float:
    """P(it holds a Nope now | it passed): Bayes over its Nope count n, where ``unseen`` of its ``h``
    cards came after the pass (any of them alike), so it held n - j then with j hypergeometric."""

    def passed(n: int) -> float:
        return sum(comb(n, j) * comb(h - n, unseen - j) / comb(h, unseen) * (p_holds if n - j >= 1 else 1.0)
                   for j in range(0, min(n, unseen) + 1))  # fmt: skip

    joint = [p * passed(n) for n, p in enumerate(prior)]
    return sum(joint[1:]) / sum(joint)


@pytest.mark.parametrize("unseen", [0, 2])
def test_the_kept_worlds_follow_the_exact_posterior(unseen: int) -> None:
    """The opponent passed a window where a Nope holder passes a quarter of the time: fewer kept worlds
    give it a Nope than a uniform deal does, as many as Bayes says (within four standard errors)."""
    _, state, _ = _start(seed=8)
    n = 4000
    kept, base, cfg = _worlds(state, _evidence(0.25, unseen=unseen), n)
    prior, h = _prior_nopes(base, cfg)
    share = sum(1 for w in kept if w[k.HAND + k.NK * OPPONENT + k.NOPE] > 0) / n
    exact = _posterior_holds(prior, h, unseen, 0.25)
    uniform = 1.0 - prior[0]
    assert exact < uniform - 0.05  # the case is one where the evidence matters
    assert abs(share - exact) < 4 * math.sqrt(exact * (1 - exact) / n), (share, exact, uniform)
    plain, _, _ = _worlds(state, np.zeros(0), n)
    share_plain = sum(1 for w in plain if w[k.HAND + k.NK * OPPONENT + k.NOPE] > 0) / n
    assert abs(share_plain - uniform) < 4 * math.sqrt(uniform * (1 - uniform) / n)


def test_every_kept_world_is_one_the_view_allows() -> None:
    """The same information-set key for the searching seat as the true state, in every kept world,
    from positions deep in real games."""
    game = cardroom.make("exploding-kittens", players=2)
    rng = random.Random(4)
    for seed in range(4):
        state = game.new_game(seed)
        for _ in range(30 + 7 * seed):
            if state.is_over:
                break
            seat = state.to_act[0]
            state = state.apply(seat, rng.choice([str(a) for a in state.legal_actions(seat)]))
        if state.is_over:
            continue
        kept, base, cfg = _worlds(state, _evidence(0.05, unseen=1), 200)
        assert all(info_key(w, cfg, 0) == info_key(base, cfg, 0) for w in kept)
        assert any((w != base).any() for w in kept)  # the hidden cards were really dealt again


def test_the_infer_option_reads_the_log_and_weighs_worlds_in_a_real_game() -> None:
    from cardroom.arena.match import play_game
    from cardroom.bots import make_bot

    game = cardroom.make("exploding-kittens", players=2)
    bot = make_bot("ismcts:iterations=200,infer=ismcts", game)
    assert getattr(bot, "reads_log", False) and bot.name.endswith(",infer=ismcts")
    assert not getattr(make_bot("ismcts:iterations=200", game), "reads_log", False)
    rejected = []
    original = bot.choose

    def watched(game: Any, view: Any, rng: random.Random) -> str:
        assert "log" in view
        answer = original(game, view, rng)
        rejected.append(bot.last.rejected)  # type: ignore[attr-defined]
        return answer

    bot.choose = watched  # type: ignore[method-assign]
    for seed in range(3):
        play_game(game, [bot, make_bot("heuristic", game)], seed, [random.Random(1), random.Random(2)])
    assert sum(rejected) > 0  # the passes were read and some worlds dealt again


@pytest.mark.parametrize(("game", "spec", "says"), [
    ("exploding-kittens", "ismcts:infer=oracle", "infer must be one of off, heuristic, ismcts"),
    ("taco", "ismcts:infer=heuristic", "infer reads no evidence in taco"),
])  # fmt: skip
def test_a_bad_infer_option_is_refused_with_what_is_allowed(game: str, spec: str, says: str) -> None:
    from cardroom.bots import make_bot
    from cardroom.core.errors import InvalidOptions

    with pytest.raises(InvalidOptions, match=says):
        make_bot(spec, cardroom.make(game))
