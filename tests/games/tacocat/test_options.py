"""Presets are sets of option values; bad presets and options are refused listing what is allowed."""

from __future__ import annotations

import pytest

import cardroom
from cardroom.core.errors import InvalidOptions
from cardroom.games.tacocat import TacocatGame


def make(preset: str | None = None, **options: object) -> TacocatGame:
    game = cardroom.make("tacocat", preset=preset, **options)
    assert isinstance(game, TacocatGame)
    return game


def test_the_presets_follow_the_rulings_table() -> None:
    assert make().preset == "official"
    assert make("official").options == {
        "deck": "official", "jumbo": "sets-and-sequences", "ties": "arrow", "board": "assumed"
    }  # fmt: skip
    assert make("print-and-play").options == {
        "deck": "print-and-play", "jumbo": "sets", "ties": "duel-winner", "board": "assumed"
    }  # fmt: skip
    assert make("quick-reference").options["ties"] == "redeal"
    assert len(make("official").deck_cards) == 38
    assert make("official").deck == (1, 1, 1, 2, 2, 4, 5, 5, 5, 5, 4, 3)
    assert len(make("print-and-play").deck_cards) == 36


def test_the_assumed_board() -> None:
    board = make().board
    assert board.deals == (0, 4, 6, 9, 7, 9, 6, 4, 0)
    assert board.arrows[1:4] == (1, 1, 1) and board.arrows[5:8] == (0, 0, 0) and board.arrows[4] == -1
    assert [o.name for o in make().option_specs if o.assumed] == ["board"]


def test_a_preset_can_be_mixed_with_other_option_values() -> None:
    game = make("official", ties="redeal", jumbo="sets")
    assert (game.preset, game.ties, game.jumbo, game.options["deck"]) == (
        "official",
        "redeal",
        "sets",
        "official",
    )
    assert repr(game) == "cardroom.make('tacocat', preset='official', jumbo='sets', ties='redeal')"


def test_a_custom_board_and_deck() -> None:
    game = make(board="5W,7B,5Y", deck="0,3,3,3,3,4,4,4,4,4,3,3")
    state = game.new_game(1)
    assert state.pos == 2 and len(state.hands[0]) == 7 and 1 not in state.draw
    assert str(state).startswith("Y.T.W ")


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        (
            {"preset": "deluxe"},
            "tacocat has no preset 'deluxe'; presets: official, print-and-play, quick-reference",
        ),
        ({"ties": "coin"}, "option 'ties' cannot be 'coin'; allowed: 'arrow', 'duel-winner', 'redeal'"),
        ({"jumbo": "all"}, "allowed: 'sets-and-sequences', 'sets', 'none'"),
        ({"colour": "red"}, "tacocat has no option 'colour'; options: deck, jumbo, ties, board"),
        ({"deck": "poker"}, "not one of 'official', 'print-and-play' nor twelve counts"),
        ({"deck": "1,1,1,1,1,1,1,1,1,1,1,1"}, "at least 36 cards"),
        ({"board": "4W,7B"}, "must be odd"),
        ({"board": "4W,12B,4Y"}, "a space deals 2 to 9 cards"),
        ({"board": "4W,7W,4Y"}, "centre space '7W' must have arrows at both players"),
        ({"board": "4Q,7B,4Y"}, "is not a deal and an arrow"),
        ({"board": 7}, "a board is a layout name"),
    ],
)
def test_bad_options_are_refused_listing_what_is_allowed(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(InvalidOptions, match=match):
        cardroom.make("tacocat", **kwargs)  # type: ignore[arg-type]


def test_action_space_is_sorted_and_holds_every_attack_shape() -> None:
    space = [str(a) for a in make().action_space()]
    assert space == [str(a) for a in sorted(make().action_space())]
    assert {
        "attack 12 12 12",
        "attack 1 2 3",
        "attack 5 6 7 8 9 10 11 12",
        "sacrifice",
        "done",
        "keep 5",
        "discard 5",
    } <= set(space)
    assert "attack 12 12 12 12" not in space  # only three 12s in the deck
    assert "attack 1 1" not in space
    sets_only = {str(a) for a in make("print-and-play").action_space()}
    assert "attack 1 2 3" not in sets_only and "attack 3 3 3 3 3" in sets_only
    assert not any(str(a).count(" ") > 1 for a in make(jumbo="none").action_space())
