"""Tacocat's inference about the other hand (``games/tacocat/evidence.py`` and ``kernel_evidence.py``):
nothing changes without information, every kept world is one the view allows, the evidence is read from
the seat's view and log alone, the true hand of a heuristic player always explains its choices, and the
evidence moves the kept worlds the way the heuristic's choices say."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import numpy as np
import pytest

import cardroom
from cardroom.bots import make_bot
from cardroom.core.bot import ask, shown
from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat import kernel_api
from cardroom.games.tacocat.evidence import FLOOR, MODELS, evidence, misses, observations
from cardroom.games.tacocat.hidden import shuffle_unknown
from cardroom.games.tacocat.kernel_codec import config, encode
from cardroom.games.tacocat.kernel_evidence import HEAD, O_DUEL, O_REPLACE, WIDTH, kept_as_model
from cardroom.games.tacocat.kernel_search import SEARCH, info_key, likelihood
from tests.kernels.imagined import kept_worlds

OTHER = 1


def _heuristic_game(seed: int, until: Any, seat: int = 0) -> Any:
    """A heuristic game from ``seed`` played until ``until(state)`` holds with ``seat`` to act."""
    game = cardroom.make("tacocat")
    bot = make_bot("heuristic", game)
    state, rng = game.new_game(seed), random.Random(seed)
    while not (seat in state.to_act and until(state)):
        assert not state.is_over, "the game ended before the position the test needs"
        who = state.to_act[0]
        state = state.apply(who, ask(bot, state, who, rng))
    return state


def _view(state: Any, seat: int = 0) -> dict[str, Any]:
    view = state.view(seat)
    view["log"] = state.log(seat)
    return view


def _after_duel(state: Any) -> bool:
    """The other has replaced and shown a duel card this round."""
    kinds = [o.kind for o in observations(_view(state))]
    return O_DUEL in kinds and state.phase in ("attack", "defend")


def _after_replacing(state: Any) -> bool:
    return state.phase == "duel" and any(o.drawn > 0 for o in observations(_view(state)))


def _worlds(state: Any, found: np.ndarray, n: int) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """``n`` worlds kept by ``imagine`` from seat 0's knowledge of ``state``; the base and options."""
    base, cfg = encode(state), config(state.game)
    return kept_worlds(SEARCH, base, cfg, found, n), base, cfg


def _flat(found: np.ndarray) -> np.ndarray:
    """The same observations under a model that says nothing (every choice as likely in any world)."""
    flat = found.copy()
    for i in range(int(found[0])):
        flat[1 + WIDTH * i + 4] = 1.0
    return flat


def _other_hand(world: np.ndarray) -> list[int]:
    h = k.HAND + 12 * OTHER
    return [v for v in range(1, 13) for _ in range(int(world[h + v - 1]))]


@pytest.mark.parametrize("paired", [True, False])
@pytest.mark.parametrize("kind", ["none", "zero", "flat"])
def test_uninformative_evidence_leaves_the_search_bit_for_bit(paired: bool, kind: str) -> None:
    """No evidence, a count of 0, or real observations under a model that says nothing: the same answer,
    playouts, nodes and root rows as the plain search from the same generator."""
    state = _heuristic_game(4, _after_duel)
    found = {"none": np.zeros(0), "zero": np.zeros(1), "flat": _flat(evidence(_view(state), "heuristic"))}[kind]
    searcher = kernel_api.Searcher(state.game)
    view = state.view(0)
    settings = kernel_api.Settings(iterations=600, deadline=math.inf, paired=paired)
    plain = searcher.search(view, random.Random(5), settings)
    weighed = searcher.search(view, random.Random(5), kernel_api.Settings(
        iterations=600, deadline=math.inf, paired=paired, evidence=found))  # fmt: skip
    assert (weighed.action, weighed.iterations, weighed.nodes, weighed.root) == (
        plain.action, plain.iterations, plain.nodes, plain.root)  # fmt: skip
    assert weighed.rejected == 0 and weighed.capped == 0
    assert (weighed.dealt > 0) == (kind == "flat")  # the flat model was consulted


@pytest.mark.parametrize("seed", range(6))
def test_a_heuristic_players_true_hand_always_explains_its_choices(seed: int) -> None:
    """Against the heuristic, the true state agrees with every duel, attack and answer the heuristic
    model reads (likelihood 1), and its replacements are never a miss (above the floor: which of its
    cards it drew is unknown even in the true state): the log is read right, each past hand rebuilt right."""
    game = cardroom.make("tacocat")
    bot = make_bot("heuristic", game)
    state, rng = game.new_game(seed), random.Random(seed)
    cfg = config(game)
    checked = 0
    while not state.is_over:
        who = state.to_act[0]
        if who == 0:
            found = evidence(_view(state), "heuristic")
            for i in range(int(found[0])):
                one = np.concatenate(([1.0], found[1 + WIDTH * i : 1 + WIDTH * (i + 1)]))
                p = likelihood(encode(state), cfg, 0, one)
                assert p > FLOOR if one[1] == O_REPLACE else p == 1.0, (one, p)
                checked += 1
        state = state.apply(who, ask(bot, state, who, rng))
    assert checked > 20


@pytest.mark.parametrize("seed", range(4))
def test_every_kept_world_is_one_the_view_allows(seed: int) -> None:
    """The same information-set key for the searching seat as the true state, in every kept world, from
    positions in real games where the others' choices weigh the worlds."""
    random_bot = make_bot("random", cardroom.make("tacocat"))
    state = _heuristic_game(seed, _after_duel)
    for step in range(3 + seed):  # a little further, by random moves, into the play
        if state.is_over or (0 in state.to_act and step > 0):
            break
        who = state.to_act[0]
        state = state.apply(who, ask(random_bot, state, who, random.Random(step)))
    if 0 not in state.to_act:
        state = _heuristic_game(seed, _after_duel)
    found = evidence(_view(state), "heuristic")
    assert found[0] > 0
    kept, base, cfg = _worlds(state, found, 300)
    assert all(info_key(w, cfg, 0) == info_key(base, cfg, 0) for w in kept)
    assert any((w != base).any() for w in kept)  # the hidden cards were really dealt again


def test_the_evidence_is_read_from_the_seats_view_alone() -> None:
    """Two states that differ only in the cards seat 0 cannot see give it the same view, log and evidence;
    the worlds differ in how well they explain it."""
    state = _heuristic_game(2, _after_duel)
    cfg = config(state.game)
    found = evidence(_view(state), "heuristic")
    likelihoods = {likelihood(encode(state), cfg, 0, found)}
    hands = {state.hands[OTHER]}
    for i in range(20):
        twin = shuffle_unknown(state, 0, random.Random(i))
        hands.add(twin.hands[OTHER])
        assert _view(twin) == _view(state)
        assert np.array_equal(evidence(_view(twin), "heuristic"), found)
        likelihoods.add(likelihood(encode(twin), cfg, 0, found))
    assert len(hands) > 1 and len(likelihoods) > 1  # other hidden cards, which the worlds weigh differently


def test_the_reader_never_reads_the_other_seats_private_events() -> None:
    """The other's own events (its deal, its draws, its face-down card) added to the log change nothing."""
    state = _heuristic_game(3, _after_duel)
    view = _view(state)
    leaked = dict(view, log=[e.public() for e in state.events()])
    assert len(leaked["log"]) > len(view["log"])
    for model in MODELS:
        assert np.array_equal(evidence(leaked, model), evidence(view, model))


def test_a_replacement_leaves_fewer_low_cards_in_the_kept_hands() -> None:
    """The heuristic keeps one card below ``KEEP_AT_LEAST`` (10) at most and replaces the rest: after it
    replaced cards, the kept worlds give its hand fewer such cards than a uniform deal does."""
    state = _heuristic_game(5, _after_replacing)
    found = evidence(_view(state), "heuristic")
    kept, _, _ = _worlds(state, found, 2000)
    plain, _, _ = _worlds(state, np.zeros(0), 2000)

    def low(worlds: list[np.ndarray]) -> float:
        return float(np.mean([sum(1 for v in _other_hand(w) if v < k.KEEP_AT_LEAST) for w in worlds]))

    assert low(kept) < low(plain) - 0.2, (low(kept), low(plain))


def test_a_duel_card_caps_the_kept_hands() -> None:
    """The heuristic duels with its lowest spare card of 7 or more: kept worlds seldom hold a spare card
    from 7 up to below the card it showed, where a uniform deal often does."""
    state = _heuristic_game(10, _after_duel)
    duel = state.last_duel[OTHER]
    assert duel > 8
    found = evidence(_view(state), "heuristic")
    kept, _, _ = _worlds(state, found, 2000)
    plain, _, _ = _worlds(state, np.zeros(0), 2000)

    def between(worlds: list[np.ndarray]) -> float:
        return float(np.mean([any(7 <= v < duel for v in sorted(_other_hand(w))[1:]) for w in worlds]))

    assert between(plain) > 0.3 and between(kept) < between(plain) / 2, (between(kept), between(plain))


@pytest.mark.parametrize("seed", range(30))
def test_the_replacement_count_matches_enumeration(seed: int) -> None:
    """``kept_as_model`` counts what enumerating every choice of the drawn cards gives."""
    rng = random.Random(seed)
    hand = sorted(rng.randint(1, 12) for _ in range(rng.randint(1, 9)))
    drawn, low, top = rng.randint(0, len(hand)), rng.choice([rng.randint(1, 6), 12]), rng.randint(1, 7)
    counts = np.zeros(12, np.int64)
    for v in hand:
        counts[v - 1] += 1
    ways = good = 0
    for chosen in itertools.combinations(range(len(hand)), drawn):
        kept = sorted(v for i, v in enumerate(hand) if i not in chosen)
        ways += 1
        good += bool(kept) and kept[0] <= low and all(v >= top for v in kept[1:])
    assert kept_as_model(counts, drawn, low, top) == pytest.approx(good / ways)


def test_the_models_misses_are_floored() -> None:
    assert misses("heuristic") == (FLOOR,) * 4
    assert all(FLOOR <= m <= 1.0 for m in misses("ismcts"))
    with pytest.raises(ValueError, match="models: heuristic, ismcts"):
        misses("oracle")
    state = _heuristic_game(4, _after_duel)
    for i in range(int(evidence(_view(state), "ismcts")[0])):
        assert FLOOR <= evidence(_view(state), "ismcts")[1 + WIDTH * i + 4] < 1.0
    assert HEAD + 12 == WIDTH


@pytest.mark.parametrize("model", MODELS)
def test_the_infer_option_reads_the_log_and_weighs_worlds_in_a_real_game(model: str) -> None:
    game = cardroom.make("tacocat")
    bot = make_bot(f"ismcts:iterations=150,infer={model}", game)
    assert getattr(bot, "reads_log", False) and bot.name.endswith(f",infer={model}")
    rejected = []
    state, rng, other = game.new_game(1), random.Random(1), make_bot("heuristic", game)
    while not state.is_over and len(rejected) < 25:
        who = state.to_act[0]
        if who == 0:
            view = shown(bot, state, 0)
            assert "log" in view
            action = bot.choose(game, view, rng)
            rejected.append(bot.last.rejected)  # type: ignore[attr-defined]
        else:
            action = ask(other, state, who, rng)
        state = state.apply(who, action)
    assert sum(rejected) > 0  # the choices were read and some worlds dealt again


def _obs(log: list[dict[str, Any]]) -> list[tuple[int, int, int, int, list[int]]]:
    return [(o.kind, o.action, o.detail, o.drawn, o.since) for o in observations({"seat": 0, "log": log})]


def _counts(*cards: int) -> list[int]:
    return [sum(1 for c in cards if c == v) for v in range(1, 13)]


def test_the_reader_follows_a_round_of_the_log() -> None:
    """Each choice of the other with the cards it played face up since; the seat's own choices and the
    rounds before are not read; a limited replacement's kept cards are bounded by its last discard."""
    log = [
        {"kind": "round"}, {"kind": "attack", "seat": 1, "cards": [12]},  # an earlier round: forgotten
        {"kind": "round"},
        {"kind": "replace", "seat": 0, "count": 1, "cards": [4]},
        {"kind": "replace", "seat": 1, "count": 2, "cards": [5, 6]},
        {"kind": "duel-won", "cards": [10, 11], "winner": 1},
        {"kind": "attack", "seat": 1, "cards": [9, 9]},
        {"kind": "answer", "seat": 0, "against": 9, "card": 9, "sacrifice": False},
        {"kind": "answer", "seat": 0, "against": 9, "card": 1, "sacrifice": True},
        {"kind": "attack", "seat": 0, "cards": [10]},
        {"kind": "answer", "seat": 1, "against": 10, "card": 2, "sacrifice": True},
    ]  # fmt: skip
    assert _obs(log) == [
        (0, 5, k.KEEP_AT_LEAST, 2, _counts(11, 9, 9, 2)),  # unlimited: every kept card but one is high
        (1, k.A_DUEL + 10, 0, 0, _counts(11, 9, 9, 2)),
        (2, k.A_SET + 8 * 8 + 1, 0, 0, _counts(9, 9, 2)),
        (3, k.A_SACRIFICE, 10, 0, _counts(2)),
    ]
    limited = [{"kind": "round"}, {"kind": "may-replace", "seat": 1, "limit": 2},
               {"kind": "discard", "seat": 1, "card": 3}, {"kind": "discard", "seat": 1, "card": 5},
               {"kind": "replace", "seat": 1, "count": 2}]  # fmt: skip
    assert _obs(limited) == [(0, 3, 5, 2, _counts())]
    unordered = [limited[0], limited[1], limited[3], limited[2], limited[4]]
    assert _obs(unordered) == []  # out of the heuristic's order: a miss in every world, left out
    high = k.KEEP_AT_LEAST + 1  # a discard the heuristic never makes: left out as well
    assert _obs([{"kind": "round"}, {"kind": "replace", "seat": 1, "count": 1, "cards": [high]}]) == []
