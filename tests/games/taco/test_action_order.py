"""``play`` and ``target`` read the card and the seat in either order, and keep one canonical text."""

from __future__ import annotations

import pytest

import cardroom
from cardroom.core.errors import InvalidAction
from cardroom.games.taco.game import other_order


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("play cheese 2", "play cheese 2"),
        ("play 2 cheese", "play cheese 2"),
        ("target 1 cheese", "target 1 cheese"),
        ("target cheese 1", "target 1 cheese"),
        ("  TARGET   cheese 1 ", "target 1 cheese"),
    ],
)
def test_either_order_reads_as_the_canonical_text(typed: str, canonical: str) -> None:
    game = cardroom.make("taco")
    assert str(game.parse_action(typed)) == canonical


def test_other_order_names_the_canonical_text_only_when_the_order_was_swapped() -> None:
    assert other_order("play 2 cheese") == "play cheese 2"
    assert other_order("target cheese 1") == "target 1 cheese"
    assert other_order("play cheese 2") is None
    assert other_order("target 1 cheese") is None
    assert other_order("play 1 2") is None
    assert other_order("discard cheese") is None


def test_two_words_are_still_an_error_that_names_the_form() -> None:
    game = cardroom.make("taco")
    with pytest.raises(InvalidAction, match="target SEAT CARD"):
        game.parse_action("target cheese salsa")
