"""The position notation and the JSON form: exact round trips, and clear refusals of bad input."""

from __future__ import annotations

import json
import random

import pytest

import cardroom
from cardroom.core.errors import CorruptState
from cardroom.games.tacocat import TacocatState


def states_of_one_game(preset: str, seed: int) -> list[TacocatState]:
    game = cardroom.make("tacocat", preset=preset)
    rng = random.Random(seed)
    state = game.new_game(seed)
    seen = [state]
    while not state.is_over:
        seat = rng.choice(state.to_act)
        nxt = state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert isinstance(nxt, TacocatState)
        state = nxt
        seen.append(state)
    return seen


@pytest.mark.parametrize("preset", ["official", "print-and-play", "quick-reference"])
def test_every_position_of_a_game_round_trips_through_its_notation(preset: str) -> None:
    for state in states_of_one_game(preset, 5):
        line = state.notation()
        again = state.game.load(line)
        assert again.notation() == line == str(state)
        assert again.view(0) == state.view(0) and again.view(1) == state.view(1)
        assert again.legal_actions(0) == state.legal_actions(0)
        assert again.legal_actions(1) == state.legal_actions(1)


def test_json_round_trip_keeps_the_history_and_continues_identically() -> None:
    states = states_of_one_game("official", 9)
    middle = states[len(states) // 2]
    data = json.loads(json.dumps(middle.to_json()))
    loaded = middle.game.load(data)
    assert loaded == middle and loaded.log(0) == middle.log(0)
    # The seed and shuffle counter travel too, so the next rounds are dealt the same.
    act = middle.legal_actions(middle.to_act[0])[0]
    assert loaded.apply(middle.to_act[0], act) == middle.apply(middle.to_act[0], act)


def test_a_documented_example_position_loads() -> None:
    game = cardroom.make("tacocat")
    line = (
        "Y..T#...W 3,7,8,11/7,7,7,12 12,11,10,10,9,9,9,9,9,8,8,8,8,7,6,6,6,6,5,5,4,4,3,2,1,12,11,10 "
        "10,11 defend:W:7.7.7:d11 round=2 step=31 seed=7/2 duelwin=W lastduel=10.11"
    )
    with pytest.raises(CorruptState, match="do not add up to the deck"):
        game.load(line)  # 7,7,7 in WOW's hand and 7.7.7 in the attack is three 7s too many
    line = (
        "Y..T#...W 3,7,8/12 12,12,11,11,10,10,10,10,9,9,9,9,9,8,8,8,8,7,6,6,6,6,5,5,4,4,2,1 "
        "7,7,7,10,11,11 defend:W:7.7.7:d11 round=2 step=31 seed=7/2 duelwin=W lastduel=10.11"
    )
    state = game.load(line)
    assert state.to_act == (0,) and [str(a) for a in state.legal_actions(0)] == [
        "defend 7",
        "defend 8",
        "sacrifice",
    ]
    assert state.notation() == line


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda f: ["Y...T..W", *f[1:]], "should have 9 characters"),
        (lambda f: ["Y..TT...W", *f[1:]], "exactly once"),
        (lambda f: ["Y...T...X", *f[1:]], "has 'X' at position 8"),
        (lambda f: [f[0], "1,2/3", *f[2:]], "do not add up to the deck"),
        (lambda f: [f[0], "1,2,99", *f[2:]], "YAY's cards / WOW's cards"),
        (lambda f: [*f[:4], "juggle:Y"], "unreadable phase"),
        (lambda f: [*f[:4], "attack:Q"], "must be Y \\(YAY\\) or W \\(WOW\\)"),
        (lambda f: [*f, "colour=red"], "unknown field 'colour'"),
        (lambda f: [*f, "round"], "key=value"),
        (lambda f: f[:3], "at least 5 fields"),
        (lambda f: [f[0], f[1], f[2], f[3], "over:Y"], "on a goal exactly when the game is over"),
    ],
)
def test_bad_positions_are_refused_saying_what_is_wrong(change: object, match: str) -> None:
    game = cardroom.make("tacocat")
    fields = game.new_game(1).notation().split()
    with pytest.raises(CorruptState, match=match):
        game.load(" ".join(change(fields)))  # type: ignore[operator]


def test_bad_json_is_refused() -> None:
    game = cardroom.make("tacocat")
    data = game.new_game(1).to_json()
    with pytest.raises(CorruptState, match="not 'tacocat'"):
        game.load({**data, "game": "taco"})
    with pytest.raises(CorruptState, match="saved under options"):
        cardroom.make("tacocat", ties="redeal").load(data)
    with pytest.raises(CorruptState, match="history must be a list"):
        game.load({**data, "history": 3})
    with pytest.raises(CorruptState, match="unreadable"):
        game.load({**data, "history": [{"text": "no kind"}]})
    with pytest.raises(CorruptState, match="line of text"):
        game.load({**data, "position": 12})


def test_states_are_immutable_and_pickle_whole() -> None:
    import copy
    import pickle

    game = cardroom.make("tacocat", ties="redeal")
    state = game.new_game(4)
    state = state.apply(0, state.legal_actions(0)[0])  # a card set aside: a hidden choice to carry
    with pytest.raises(AttributeError, match="immutable"):
        state.pos = 1  # type: ignore[misc]
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.log(0) == state.log(0) and again.game.options == game.options
    assert copy.deepcopy(state) == state


def test_the_simultaneous_replacement_is_written_as_choices_and_decisions_so_far() -> None:
    """``replace:both:1.3/4:-/2``: YAY has decided about its 4 lowest cards and set aside 1 and 3; WOW has
    decided about 2 and set aside none. ``4.5!`` (an older form) means every card is decided."""
    game = cardroom.make("tacocat")
    rest = "12,12,12,11,11,11,11,10,10,10,10,10,9,9,9,9,9,8,8,8,8,7,6,5 - "
    state = game.load(f"Y...T...W 2,5,6,7,8/4,4,6,6,7,7,7 {rest}replace:both:1.3/4:-/2")
    assert state.notation().split()[4] == "replace:both:1.3/4:-/2"
    assert state.decided == (4, 2) and state.marks == ((1, 3), ())
    assert [str(a) for a in state.legal_actions(0)] == ["discard 6", "keep 6"]
    assert [str(a) for a in state.legal_actions(1)] == ["discard 6", "keep 6"]
    done = game.load(f"Y...T...W 2,5,6,7,8/4,4,6,6,7,7,7 {rest}replace:both:1.3!:-")
    assert done.decided == (7, 0) and done.to_act == (1,)
    with pytest.raises(CorruptState, match=r"must say how many cards were decided about, e\.g\. 1\.3/2"):
        game.load(f"Y...T...W 2,5,6,7,8/4,4,6,6,7,7,7 {rest}replace:both:1.3:-")
    with pytest.raises(CorruptState, match="must be among the cards decided about so far: its 1 lowest"):
        game.load(f"Y...T...W 2,5,6,7,8/4,4,6,6,7,7,7 {rest}replace:both:1.3/1:-/0")
    with pytest.raises(CorruptState, match="has decided about 9 cards but holds 7"):
        game.load(f"Y...T...W 2,5,6,7,8/4,4,6,6,7,7,7 {rest}replace:both:1.3/9:-/0")
    with pytest.raises(CorruptState, match="the duel should already have begun"):
        game.load(f"Y...T...W 2,5,6,7,8/4,4,6,6,7,7,7 {rest}replace:both:1.3/7:-/7")
