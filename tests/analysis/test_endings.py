"""Every way every game ends, analysed from every seat, at two and at the most seats: the analysis
finishes, the identity holds exactly, every figure a player reads stays in its range, the printed
terms add up as rounded, and every luck entry names an event (or the others' hidden choices)."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest

import cardroom
from cardroom.analysis import GameAnalysis, Precision, analyse_game
from cardroom.analysis.words import HIDDEN
from cardroom.bots.policy import make_policy
from cardroom.core.game import Game, State
from cardroom.core.outcome import Outcome

QUICK = Precision(half_width=0.2, min_worlds=8, max_worlds=8, batch=8, search_playouts=64)
# At the most seats a game is long (an eight-player T.A.C.O. game on the rulebook's pool: 700 to 1,000
# actions; on the short pool `_make` gives it, about 200) and every seat is analysed: two worlds an
# event keep it to seconds (this checks the walk, not the estimates).
TINY = Precision(half_width=0.5, min_worlds=2, max_worlds=2, batch=2, search_playouts=16)
ENGINE_WORDS = re.compile(r"\bP\d\b|\bseat \d")


def _played(game: Game, seed: int, kinds: Sequence[str], leaves: tuple[int, int] | None = None,
            ) -> tuple[list[tuple[int, str]], State]:  # fmt: skip
    """A seeded game, each seat by its bot kind; ``leaves`` = (seat, step): that seat concedes there
    (at three or more seats an action record, the others play on; at two the table ends there)."""
    policies = [make_policy(game, k) for k in kinds]
    rng, state, actions = random.Random(seed), game.new_game(seed), []
    while not state.is_over:
        if leaves is not None and state.step == leaves[1]:
            if game.players == 2:
                break
            actions.append((leaves[0], "concede"))
            state = state.apply(leaves[0], "concede")
            continue
        seat = state.to_act[0]
        text = policies[seat].move(state, seat, rng)
        actions.append((seat, text))
        state = state.apply(seat, text)
    return actions, state


def _make(name: str, players: int) -> Game:
    """The game at ``players`` seats. T.A.C.O. at more than two on a pool of 16 taco points instead of
    the rulebook's (64 at eight seats): the same round, ended the same way (the pool run dry), in about
    a quarter of the steps (184 actions instead of 720 for seed 3), each of them analysed from every seat."""
    if name == "tacocat":
        return cardroom.make(name)
    if name == "taco" and players > 2:
        return cardroom.make(name, players=players, pool=16)
    return cardroom.make(name, players=players)


def _check(a: GameAnalysis) -> None:
    """What a player reads is in range, adds up as printed and names what happened."""
    assert a.start + a.total_luck - a.total_loss == pytest.approx(a.result, abs=1e-9)
    data = a.to_json()
    h = data["headline"]
    assert h["accuracy"] is None or 0.0 <= h["accuracy"] <= 100.0
    assert h["cards_share"] is None or 0.0 <= h["cards_share"] <= 1.0
    i = h["identity"]
    assert i["start"] + i["luck"] - i["play"] == i["result"] and abs(i["luck"] - 100 * a.total_luck) <= 1.5
    chances = [a.start, a.result] + [w for _, w in a.timeline()] + [v for _, lo, hi in a.band() for v in (lo, hi)]
    for d in a.decisions:
        chances += [d.win_before, d.win_after, d.best_win, *(v.win for v in d.estimate.values)]
    for x in a.luck:
        chances += [x.before, x.after, x.plain_before, x.plain_after]
    assert all(0.0 <= c <= 1.0 for c in chances)
    for x, said in zip(a.luck, data["luck"], strict=True):
        assert x.events and all(t.strip() for t in x.events), x  # an event or the hidden group, never none
        assert x.first_step == x.last_step or x.events == [HIDDEN]
        assert not any(ENGINE_WORDS.search(t) for t in said["said"]), said["said"]
    for d in data["decisions"]:  # every action in player words, never the engine's notation
        assert d["did"] != d["chosen"] and not ENGINE_WORDS.search(d["did"]), d
        assert d["loss"] == 0 or (d["better"] and not ENGINE_WORDS.search(d["better"]))
    assert not ENGINE_WORDS.search(a.summary())


def _analyse_every_seat(game: Game, seed: int, actions: list[tuple[int, str]], final: State,
                        outcome: Outcome | None = None, conceded: int | None = None) -> list[GameAnalysis]:  # fmt: skip
    found = []
    for seat in range(game.players):
        two = game.players == 2  # at the most seats the rollout yardstick: the search's is tested at two
        a = analyse_game(game, seed, actions, seat, precision=QUICK if two else TINY, prior_games=16,
                         yardstick="auto" if two else "rollout", outcome=outcome,
                         conceded=conceded)  # fmt: skip
        _check(a)
        found.append(a)
    winners = (final.outcome if final.is_over else outcome).winners  # type: ignore[union-attr]
    assert [a.result > 0 for a in found] == [s in winners for s in range(game.players)]
    return found


# (game, players, seed, the natural end's words): at two seats and at the most each game allows.
NATURAL = [("tacocat", 2, 3, "goal"), ("exploding-kittens", 2, 3, "last player standing"),
           ("exploding-kittens", 10, 3, "last player standing"), ("taco", 2, 3, "round"),
           ("taco", 8, 3, "round")]  # fmt: skip


@pytest.mark.parametrize(("name", "players", "seed", "reason"), NATURAL)
def test_the_natural_end_from_every_seat(name: str, players: int, seed: int, reason: str) -> None:
    """The goal (Tacocat), the last player standing after the others exploded (Kittens), the last
    round (T.A.C.O.): at two seats a random seat 0 against the heuristic, at the most all random (the
    shorter games)."""
    game = _make(name, players)
    actions, final = _played(game, seed, ["random"] + ["heuristic" if players == 2 else "random"] * (players - 1))
    assert final.is_over and reason in final.outcome.reason  # type: ignore[union-attr]
    found = _analyse_every_seat(game, seed, actions, final)
    if name == "exploding-kittens":  # the seats that exploded were analysed to their explosion
        exploded = [a for a in found if a.result == 0.0]
        assert len(exploded) == players - 1
        assert all(any("explodes" in t for x in a.luck for t in x.events) for a in exploded)


@pytest.mark.parametrize(("name", "players"), [("tacocat", 2), ("exploding-kittens", 2), ("taco", 2),
                                               ("exploding-kittens", 10), ("taco", 8)])  # fmt: skip
def test_a_concession_from_every_seat(name: str, players: int) -> None:
    """At two seats the table ends where a seat concedes; at more, that seat leaves (an action record)
    and the others play on to the game's own end."""
    game = _make(name, players)
    actions, final = _played(game, 4, ["heuristic" if players == 2 else "random"] * players, leaves=(1, 12))
    if players == 2:
        assert not final.is_over
        outcome = Outcome(winners=(0,), ranking=((0,), (1,)), reason="Player 2 conceded")
        found = _analyse_every_seat(game, 4, actions, final, outcome, conceded=1)
        assert found[1].decisions[-1].chosen == "concede" and found[1].result == 0.0
        assert "Player 2 conceded" in found[0].luck[-1].events
    else:
        assert final.is_over and (1, "concede") in actions
        _analyse_every_seat(game, 4, actions, final)


def test_the_search_yardstick_after_a_seat_left_taco() -> None:
    """T.A.C.O.'s kernel search, after a seat left a game of three, may choose a move into the empty
    chair that the reference engine does not allow; that decision is judged by the reference's
    rollouts instead, and every yardstick's move is a legal one."""
    game = cardroom.make("taco", players=3)
    actions, _ = _played(game, 4, ["random"] * 3, leaves=(1, 12))
    a = analyse_game(game, 4, actions, 0, precision=QUICK, prior_games=16)
    _check(a)
    assert all(d.best in {v.action for v in d.estimate.values} for d in a.decisions)
