"""``play`` and ``target`` write the card then the seat, and read the seat first too (old records)."""

from __future__ import annotations

import json

import pytest

import cardroom
from cardroom.core.errors import InvalidAction
from cardroom.games.taco.game import other_order


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("play cheese 2", "play cheese 2"),
        ("play 2 cheese", "play cheese 2"),
        ("target cheese 1", "target cheese 1"),
        ("target 1 cheese", "target cheese 1"),
        ("  TARGET   1 cheese ", "target cheese 1"),
    ],
)
def test_either_order_reads_as_the_canonical_text(typed: str, canonical: str) -> None:
    game = cardroom.make("taco")
    assert str(game.parse_action(typed)) == canonical


def test_other_order_names_the_canonical_text_only_when_the_seat_came_first() -> None:
    assert other_order("play 2 cheese") == "play cheese 2"
    assert other_order("target 1 cheese") == "target cheese 1"
    assert other_order("play cheese 2") is None
    assert other_order("target cheese 1") is None
    assert other_order("play 1 2") is None
    assert other_order("discard cheese") is None


def test_two_words_are_still_an_error_that_names_the_form() -> None:
    game = cardroom.make("taco")
    with pytest.raises(InvalidAction, match="target CARD SEAT"):
        game.parse_action("target cheese salsa")


def test_every_legal_text_puts_the_card_before_the_seat() -> None:
    game = cardroom.make("taco", players=3)
    texts = [str(a) for a in game.action_space() if a.verb in ("play", "target")]
    assert texts and all(not t.split()[1].isdigit() and t.split()[2].isdigit() for t in texts)


def test_a_record_written_with_seat_first_targets_replays_to_the_same_game() -> None:
    """Old records store ``target SEAT CARD``: rewrite a fresh game's targets that way and replay it."""
    game = cardroom.make("taco", players=3, antics=True)
    for seed in range(40):
        state = game.new_game(seed)
        played: list[tuple[int, str]] = []
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            pick = next((a for a in legal if a.verb == "target"), legal[len(played) % len(legal)])
            played.append((seat, str(pick)))
            state = state.apply(seat, pick)
        if any(t.startswith("target ") for _, t in played):
            break
    else:
        pytest.fail("no game with a target in 40 seeds")
    old = [(s, f"target {t.split()[2]} {t.split()[1]}" if t.startswith("target ") else t) for s, t in played]
    assert old != played
    again = game.new_game(seed)
    for seat, text in old:
        again = again.apply(seat, text)
    assert json.dumps(again.view(None), sort_keys=True) == json.dumps(state.view(None), sort_keys=True)
