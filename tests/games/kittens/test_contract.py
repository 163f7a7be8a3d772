"""Options, presets, setup, action text and errors, notation, sampling: the contract details."""

from __future__ import annotations

import json
import random

import pytest

import cardroom
from cardroom.core.errors import CorruptState, IllegalAction, InvalidAction, InvalidOptions
from cardroom.games.kittens import cards as C
from cardroom.games.kittens.state import KittensState

from .table import everyone_passes, table


def test_presets_are_option_sets_of_one_engine() -> None:
    classic = cardroom.make("exploding-kittens")
    current = cardroom.make("exploding-kittens", players=4, preset="current")
    assert classic.preset == "classic" and type(classic) is type(current)
    assert {k: classic.options[k] for k in ("deal", "attacks", "pairs", "five_combo", "exploded_cards")} == {
        "deal": 4,
        "attacks": "no-stacking",
        "pairs": "icon",
        "five_combo": True,
        "exploded_cards": "discard",
    }
    assert {k: current.options[k] for k in ("deal", "attacks", "pairs", "five_combo", "exploded_cards")} == {
        "deal": 7,
        "attacks": "stacking",
        "pairs": "title",
        "five_combo": False,
        "exploded_cards": "removed",
    }
    mixed = cardroom.make("exploding-kittens", preset="classic", attacks="stacking", players=3)
    assert mixed.options["attacks"] == "stacking" and mixed.options["deal"] == 4


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "2 to 10"),
        ({"players": 11}, "2 to 10"),
        ({"players": "four"}, "2 to 10"),
        ({"deal": 0}, "1 to 8"),
        ({"attacks": "pile-on"}, "allowed"),
        ({"pairs": "colour"}, "allowed"),
        ({"exploded_cards": "burn"}, "allowed"),
        ({"kittens": 3}, "no option"),
        ({"preset": "deluxe"}, "no preset"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        cardroom.make("exploding-kittens", **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "preset", "hand", "pile", "kittens", "defuses", "decks"),
    [
        (2, "classic", 5, 46 - 8 + 1 + 2, 1, 2, 1),
        (4, "classic", 5, 46 - 16 + 3 + 2, 3, 2, 1),
        (5, "classic", 5, 46 - 20 + 4 + 1, 4, 1, 1),
        (3, "current", 8, 46 - 21 + 2 + 2, 2, 2, 1),
        (6, "classic", 5, 92 - 24 + 5 + 6, 5, 6, 2),
        (10, "current", 8, 92 - 70 + 9 + 2, 9, 2, 2),
    ],
)
def test_setup(players: int, preset: str, hand: int, pile: int, kittens: int, defuses: int, decks: int) -> None:
    """Setup: deal, one Defuse each, Kittens = players - 1, the preset's extra Defuses, shuffle."""
    game = cardroom.make("exploding-kittens", preset=preset, players=players)
    state = game.new_game(seed=3)
    assert isinstance(state, KittensState)
    assert all(len(h) == hand and C.DEFUSE in h for h in state.hands)
    assert len(state.pile) == pile
    assert state.pile.count(C.KITTEN) == kittens and state.pile.count(C.DEFUSE) == defuses
    assert sum(state.census().values()) == 56 * decks + (1 if players == 10 else 0)
    assert state.to_act == (0,) and state.current == 0


def test_action_text_round_trips_and_space_covers_legal() -> None:
    game = cardroom.make("exploding-kittens", players=3)
    space = set(game.action_space())
    assert list(game.action_space()) == sorted(space)
    rng = random.Random(5)
    state = game.new_game(1)
    while not state.is_over:
        seat = rng.choice(state.to_act)
        for act in state.legal_actions(seat):
            assert act in space and game.parse_action(str(act)) == act
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("text", ["", "explode", "play", "pair tacocat", "favor me", "place -1", "give !!"])
def test_invalid_text_lists_the_forms(text: str) -> None:
    state = cardroom.make("exploding-kittens").new_game(1)
    with pytest.raises(InvalidAction):
        state.apply(0, text)


@pytest.mark.parametrize(
    ("seat", "text", "message"),
    [
        (1, "draw", "not seat 1's decision"),
        (0, "play nope", "'play' is for"),
        (0, "play attack", "you hold no Attack"),
        (0, "pair tacocat 1", "needs 2 Tacocat"),
        (0, "pair beard-cat 0", "cannot target yourself"),
        (0, "pass", "no play is waiting"),
        (0, "place 0", "answers a card effect"),
        (0, "play exploding-cat", "no card called"),
    ],
)
def test_illegal_actions_name_the_rule_and_change_nothing(seat: int, text: str, message: str) -> None:
    state = table([["beard-cat", "beard-cat", "tacocat"], ["skip"]], ["favor"] * 3)
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalAction, match=message):
        state.apply(seat, text)
    assert json.dumps(state.to_json()) == before


def test_window_refusals() -> None:
    state = table([["skip"], ["tacocat"]], ["favor"] * 3).apply(0, "play skip")
    with pytest.raises(IllegalAction, match="hold no Nope"):
        state.apply(1, "nope")
    with pytest.raises(IllegalAction, match="answer 'pass' or 'nope'"):
        state.apply(0, "draw")


def test_load_restores_and_refuses_bad_data() -> None:
    game = cardroom.make("exploding-kittens", players=3, preset="current")
    state = everyone_passes(game.new_game(8).apply(0, "draw"))
    assert game.load(state.to_json()) == state
    assert game.load(json.dumps(state.to_json())) == state
    data = state.to_json()
    with pytest.raises(CorruptState):
        game.load({**data, "pile": [*data["pile"], "defuse"]})  # a card too many
    with pytest.raises(CorruptState):
        game.load({**data, "hands": data["hands"][:2]})
    with pytest.raises(CorruptState):
        game.load({**data, "phase": "nap"})
    with pytest.raises(CorruptState):
        game.load({**data, "game": "tacocat"})
    with pytest.raises(CorruptState):
        game.load("not json")
    wrong = next(c for c in C.SLUGS if c != data["pile"][0])
    with pytest.raises(CorruptState, match="knowledge"):
        game.load({**data, "pile_known": [[[0, wrong]], [], []]})  # knowledge that is not true
    with pytest.raises(CorruptState):
        cardroom.make("exploding-kittens", players=3).load(data)  # other options


def test_sample_keeps_what_the_seat_knows() -> None:
    state = table(
        [["see-the-future", "favor"], ["defuse", "tacocat", "nope"], ["beard-cat"]],
        ["skip", "exploding-kitten", "favor", "attack", "shuffle"],
    )
    state = everyone_passes(state.apply(0, "play see-the-future"))
    state = everyone_passes(state.apply(0, "favor 1")).apply(1, "give tacocat")
    view = state.view(0)
    rng = random.Random(2)
    for _ in range(50):
        sampled = state.game.sample(view, rng)
        assert sampled.view(0) == view
        assert sampled.pile[:3] == (4, 0, 5)
        assert sampled.pile.count(C.KITTEN) == 1  # Kittens never go to a hand
        assert sampled.hands[0] == state.hands[0]


def test_shuffle_unknown_keeps_the_seed_secret_and_views_fixed() -> None:
    game = cardroom.make("exploding-kittens", players=4)
    state = game.new_game(123456789)
    for seat in (None, 0, 1, 2, 3):
        other = state.shuffle_unknown(seat, random.Random(1))
        assert other.view(seat) == state.view(seat)
    assert "123456789" not in json.dumps([state.view(s) for s in (None, 0, 1, 2, 3)])


def test_position_line_round_trips() -> None:
    game = cardroom.make("exploding-kittens", players=3, preset="classic")
    rng = random.Random(11)
    state = game.new_game(11)
    while not state.is_over:
        line = state.position()
        back = game.load(line)
        assert back.position() == line
        assert {**back.to_json(), "history": []} == {**state.to_json(), "history": []}
        assert back.legal_actions(state.to_act[0]) == state.legal_actions(state.to_act[0])
        seat = rng.choice(state.to_act)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_position_line_example() -> None:
    state = table([["see-the-future", "nope"], ["tacocat"]], ["exploding-kitten", "skip"])
    line = state.position()
    assert line.startswith("ek2 s=12345:0 n=0 t=0:1:0 p=turn o=- u=- h=nv/t d=ks ")
    assert state.game.load(line).hands == state.hands


@pytest.mark.parametrize("line", ["ek2", "ek2 s=1:0 n=x", "ek9 s=1:0", "ek2 s=1:0 n=0 t=0:1:0 p=turn o=- u=- h=zz"])
def test_bad_position_lines(line: str) -> None:
    with pytest.raises(CorruptState):
        cardroom.make("exploding-kittens", players=2).load(line)
