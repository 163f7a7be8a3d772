"""The Kittens evidence read from a seat's log (evidence.py), checked against the reference engine's own
states: every closed Nope window, who passed it in which situation, and what their hands did after."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardroom
from cardroom.bots.specs import make_bot
from cardroom.core.bot import ask
from cardroom.games.kittens import cards as C
from cardroom.games.kittens.evidence import (
    FIELDS,
    FLOOR,
    MIN_SEEN,
    Observation,
    evidence,
    observations,
    pass_chance,
    rates,
    window_class,
)
from cardroom.games.kittens.kernel_evidence import PLACE_WIDTH, WIDTH


def _game(seed: int, players: int = 2) -> list[tuple[Any, int, str]]:
    """A heuristic game: every (state, seat, action) in order, and the last state with seat -1."""
    game = cardroom.make("exploding-kittens", players=players)
    bots = [make_bot("heuristic", game) for _ in range(players)]
    rng = random.Random(seed)
    state = game.new_game(seed)
    steps = []
    while not state.is_over:
        seat = state.to_act[0]
        text = ask(bots[seat], state, seat, rng)
        steps.append((state, seat, text))
        state = state.apply(seat, text)
    return [*steps, (state, -1, "")]


def _expected(steps: list[tuple[Any, int, str]], upto: int, me: int) -> list[Observation]:
    """The observations seat ``me`` should read at step ``upto``, from the engine's states: a window
    closes when a pass leaves nobody to answer; its last state's every other living seat passed."""
    found: list[Observation] = []
    for i in range(upto):
        state, seat, text = steps[i]
        after = steps[i + 1][0]
        if state.phase == "window" and text == "pass" and after.phase != "window":  # the last pass
            p = state.pending
            nxt = next(s for s in ((p.actor + j) % state.game.players for j in range(1, 9)) if s not in state.out)
            for o in range(state.game.players):
                if o != me and o not in state.out:
                    found.append(Observation(o, window_class(p.kind, p.actor, p.target, len(p.nopes), o, nxt)))
        for o in found:  # what this step did to a watched seat's hand, after its choice
            if o.seat in after.out:
                continue
            before_n, after_n = state.hands[o.seat].count(C.NOPE), after.hands[o.seat].count(C.NOPE)
            gained = len(after.hands[o.seat]) - len(state.hands[o.seat])
            if seat == o.seat and text == "draw" and gained == 1:
                o.unseen_gains += 1
            elif gained > 0:
                o.seen_gains += gained
                o.seen_kind_gains += max(after_n - before_n, 0)
            o.lost_since += max(before_n - after_n, 0)
        found = [o for o in found if o.seat not in after.out]
    return found


@pytest.mark.parametrize("seed", range(6))
def test_the_log_gives_every_closed_window_and_the_hands_since(seed: int) -> None:
    steps = _game(seed)
    assert len(steps) > 20
    for upto in (len(steps) // 3, 2 * len(steps) // 3, len(steps) - 2):
        state = steps[upto][0]
        for me in range(2):
            view = dict(state.view(me), log=state.log(me))
            got = observations(view)
            assert got == _expected(steps, upto, me)


def test_a_game_with_windows_gives_observations_and_a_well_formed_array() -> None:
    total = 0
    for seed in range(6):
        steps = _game(seed)
        state = steps[-2][0]
        view = dict(state.view(0), log=state.log(0))
        array = evidence(view, "ismcts")
        nopes = int(array[1])
        placed = int(array[2 + WIDTH * nopes])
        assert len(array) == 3 + WIDTH * nopes + PLACE_WIDTH * placed
        assert array[0] == nopes + placed
        total += nopes
    assert total > 0 and len(FIELDS) == WIDTH


def test_the_heuristic_model_knows_an_attacked_player_with_a_nope_nopes() -> None:
    """The heuristic always Nopes an Attack landing on it: a pass there is strong evidence (only the
    floor keeps a Nope possible); it never Nopes another's See the Future: no evidence."""
    situation = window_class("attack", 0, -1, 0, 1, 1)
    assert pass_chance("heuristic", situation) == FLOOR
    assert pass_chance("heuristic", window_class("see-the-future", 0, -1, 0, 1, 1)) == 1.0


def test_the_search_model_is_its_measured_share_never_below_the_floor() -> None:
    """Every situation of the shipped ``ismcts`` row: no evidence where it was measured under
    ``MIN_SEEN`` times, else the share of passes, at least the floor (some situation has each case)."""
    passes, seen = rates("ismcts")
    kinds = set()
    for situation in range(len(seen)):
        chance = pass_chance("ismcts", situation)
        if seen[situation] < MIN_SEEN:
            assert chance is None
            kinds.add("unsaid")
        else:
            share = passes[situation] / seen[situation]
            assert chance == pytest.approx(max(FLOOR, share))
            kinds.add("floor" if share < FLOOR else "share")
    assert kinds == {"unsaid", "floor", "share"}


def test_an_unknown_model_is_refused_with_the_models_named() -> None:
    with pytest.raises(ValueError, match="heuristic, ismcts"):
        pass_chance("oracle", 0)


def test_an_unseen_loss_drops_what_was_observed_before_it() -> None:
    """Four players: a steal between two others is a loss the searching seat did not see."""
    log = [
        {"kind": "play", "seat": 1, "card": "skip"},
        {"kind": "draw", "seat": 2},
        {"kind": "play", "seat": 3, "card": "tacocat", "target": 2, "combo": "pair"},
        {"kind": "transfer", "giver": 2, "taker": 3},
        {"kind": "draw", "seat": 3},
    ]
    got = observations({"seat": 0, "players": 4, "log": log})
    assert [o.seat for o in got] == [1, 3, 1, 3]  # seat 2's passes are gone
    assert [o.unseen_gains for o in got] == [0, 2, 0, 2]  # seat 3: the stolen card and its draw
