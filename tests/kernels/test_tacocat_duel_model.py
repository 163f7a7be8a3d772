"""The expert's model of the compiled search's Tacocat duel cards (``games/tacocat/kernel_model.py``):
its draws follow its odds and only ever lay a card in hand, the other's face-down duel card is re-dealt
without losing or making a card, a shown duel card weighs a world by the same odds, and with the model
off the kernel is the plain search's, bit for bit."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest

import cardroom
from cardroom.bots import make_bot
from cardroom.core.bot import ask
from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat import kernel_api
from cardroom.games.tacocat import kernel_model as km
from cardroom.games.tacocat import kernel_search as ks
from cardroom.games.tacocat import kernel_seat as ksp
from cardroom.games.tacocat.kernel_codec import config, encode
from cardroom.games.tacocat.kernel_evidence import HEAD, O_DUEL, WIDTH

HAND = [3, 7, 7, 9, 12]


def _odds(hand: list[int]) -> dict[int, float]:
    """The model's chances, computed here from its published weights rather than by the kernel."""
    values = sorted(set(hand))
    w = {}
    for v in values:
        z = km.VALUE_LOGIT[v - 1] + (v == values[-1]) * km.HIGHEST_LOGIT + (v == values[0]) * km.LOWEST_LOGIT
        w[v] = math.exp(z + (hand.count(v) >= 2) * km.PAIR_LOGIT)
    total = sum(w.values())
    return {v: x / total for v, x in w.items()}


def _counts(hand: list[int]) -> np.ndarray:
    counts = np.zeros(12, np.int64)
    for v in hand:
        counts[v - 1] += 1
    return counts


def test_duel_cards_follow_the_odds_and_are_always_in_hand() -> None:
    counts, rng = _counts(HAND), np.array([12345], np.int64)
    draws = [int(km.duel_card(counts, 0, rng)) for _ in range(20_000)]
    assert set(draws) <= set(HAND)
    for v, p in _odds(HAND).items():
        share = draws.count(v) / len(draws)
        assert abs(share - p) < 4 * math.sqrt(p * (1 - p) / len(draws)), (v, share, p)
    # The point of the model: the highest card is not the usual choice, unlike the heuristic's.
    assert draws.count(12) / len(draws) < 0.5


def test_the_odds_of_one_card_are_the_draws_odds() -> None:
    """``duel_odds`` (what a shown card says) and ``duel_card`` (what a playout lays) are one model."""
    counts = _counts(HAND)
    odds = _odds(HAND)
    for v in range(1, 13):
        assert km.duel_odds(counts, 0, v) == (pytest.approx(odds[v]) if v in odds else 0.0)
    assert sum(km.duel_odds(counts, 0, v) for v in range(1, 13)) == pytest.approx(1.0)


def _shown_duel(card: int, miss: float) -> np.ndarray:
    """Evidence of one duel card shown by WOW (seat 1), with nothing played since but that card."""
    row = np.zeros(WIDTH)
    row[0], row[1], row[4] = O_DUEL, k.A_DUEL + card - 1, miss
    row[HEAD + card - 1] = 1
    return np.concatenate([[1.0], row])


def test_a_shown_duel_card_weighs_a_world_by_the_models_odds_when_asked() -> None:
    """With the model reading shown cards, a world where WOW still holds 3, 7, 7 and 9 after showing a
    12 is kept with the chance of a 12 from 3, 7, 7, 9 and 12; with the model off or only imagining duel
    cards (the expert's default), by the heuristic's rule (it would have shown a 7, so the miss); and a
    world where the 12 was its only card of 7 or more explains the 12 better."""
    game: Any = cardroom.make("tacocat")
    plain_cfg = config(game)
    model_cfg, imagining_cfg = plain_cfg.copy(), plain_cfg.copy()
    model_cfg[km.C_MODEL], imagining_cfg[km.C_MODEL] = km.MODEL_READS, 1
    found = _shown_duel(12, 0.41)

    def world(hand: list[int]) -> np.ndarray:
        w = np.zeros(k.STATE_SIZE, np.int64)
        for v in hand:
            w[k.HAND + 12 + v - 1] += 1
        return w

    rich, poor = world([3, 7, 7, 9]), world([3, 3, 1, 2])
    assert ks.likelihood(rich, model_cfg, 0, found) == pytest.approx(_odds(HAND)[12])
    assert ks.likelihood(rich, plain_cfg, 0, found) == pytest.approx(0.41)
    assert ks.likelihood(rich, imagining_cfg, 0, found) == pytest.approx(0.41)
    assert ks.likelihood(poor, model_cfg, 0, found) == pytest.approx(_odds([1, 2, 3, 3, 12])[12])
    assert ks.likelihood(poor, model_cfg, 0, found) > ks.likelihood(rich, model_cfg, 0, found)
    assert ks.likelihood(poor, plain_cfg, 0, found) == 1.0  # its only card of 7 or more: the heuristic's card


def _duel_with_other_laid_first(seed: int) -> Any:
    """A heuristic game from ``seed`` at a duel where WOW (seat 1) has laid its card and YAY is to act."""
    game = cardroom.make("tacocat")
    bot = make_bot("heuristic", game)
    state: Any = game.new_game(seed)
    rng = random.Random(seed)
    while not (state.phase == "duel" and set(state.to_act) == {0, 1} and len(state.view(1)["hand"]) > 2):
        assert not state.is_over
        who = state.to_act[0]
        state = state.apply(who, ask(bot, state, who, rng))
    return state.apply(1, ask(bot, state, 1, rng))


def _unseen_by_yay(s: np.ndarray, cfg: np.ndarray) -> list[int]:
    pile = [int(v) for v in s[k.ORDER + s[k.DRAW_AT] : k.ORDER + cfg[k.C_DECK]]]
    hand = [v for v in range(1, 13) for _ in range(int(s[k.HAND + 12 + v - 1]))]
    return sorted(pile + hand + [int(s[k.PICK + 1])])


def test_the_others_duel_card_is_dealt_from_its_hand_by_the_odds() -> None:
    """Re-dealt with the model, WOW's face-down card is one of the cards dealt to it and no card is lost
    or made; and it is WOW's highest card far more often than when it is dealt as any unseen card (the
    plain search's worlds), as the search lays its highest card in about a third of its duels."""
    state = _duel_with_other_laid_first(11)
    base, plain_cfg = encode(state), config(state.game)
    model_cfg = plain_cfg.copy()
    model_cfg[km.C_MODEL] = 1
    unseen = _unseen_by_yay(base, plain_cfg)
    highest = {"plain": 0, "model": 0}
    for name, cfg in (("plain", plain_cfg), ("model", model_cfg)):
        rng = np.array([99], np.int64)
        for _ in range(4000):
            world = base.copy()
            ks.determinize(world, cfg, 0, rng)
            assert _unseen_by_yay(world, cfg) == unseen  # the same cards, only dealt anew
            pick = int(world[k.PICK + 1])
            assert pick > 0
            held = [v for v in range(1, 13) if world[k.HAND + 12 + v - 1] > 0]
            highest[name] += pick >= max(held)
    assert highest["model"] > 1.5 * highest["plain"], highest


def test_with_the_model_off_the_kernel_is_the_plain_searchs() -> None:
    """The options array's model slot at 0 (every bot but ``duels=ismcts``): the same worlds from the
    same generator, and the heuristic's duel card."""
    state = _duel_with_other_laid_first(11)
    base, cfg = encode(state), config(state.game)
    for seed in range(50):
        a, b = base.copy(), base.copy()
        ra, rb = np.array([seed], np.int64), np.array([seed], np.int64)
        ks.determinize(a, cfg, 0, ra)
        ksp.determinize(b, cfg, 0, rb)
        assert np.array_equal(a, b) and ra[0] == rb[0]
    moves = np.zeros(k.MAX_ACTIONS, np.int64)
    n = k.legal(base, cfg, 0, moves)
    assert n > 1
    rng = np.array([3], np.int64)
    assert ks.heuristic(base, cfg, 0, moves, n, rng) == ksp.heuristic(base, cfg, 0, moves, n)


def test_the_model_reaches_the_search() -> None:
    """Same budget, same generator, at a duel: the model's duels give other root statistics."""
    state = _duel_with_other_laid_first(11)
    view = state.view(0)
    rows = []
    for duels in (0, 1):
        searcher = kernel_api.Searcher(state.game)
        searcher.cfg[km.C_MODEL] = duels
        found = searcher.search(view, random.Random(4), kernel_api.Settings(iterations=400, deadline=math.inf))
        rows.append(found.root)
    assert sorted(r["action"] for r in rows[0]) == sorted(r["action"] for r in rows[1])
    assert rows[0] != rows[1]
