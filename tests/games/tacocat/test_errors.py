"""Refused actions: text that is no action (InvalidAction) and actions the rules forbid now
(IllegalAction, naming the rule). Neither changes the state."""

from __future__ import annotations

import pytest
from tests.games.tacocat.table import position

import cardroom
from cardroom.core.errors import IllegalAction, InvalidAction
from cardroom.games.tacocat import TacocatState


def refused(state: TacocatState, seat: int, text: str, error: type[Exception], match: str) -> None:
    before = state.to_json()
    with pytest.raises(error, match=match):
        state.apply(seat, text)
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", "empty action"),
        ("fly away", "unknown action 'fly'"),
        ("attack", "wrong number of arguments"),
        ("attack seven", "whole numbers"),
        ("defend 8 9", "wrong number of arguments"),
        ("done now", "wrong number of arguments"),
    ],
)
def test_text_that_is_no_action_lists_the_forms(text: str, match: str) -> None:
    state = cardroom.make("tacocat").new_game(3)
    refused(state, 0, text, InvalidAction, match)


def test_attacks_name_the_broken_rule() -> None:
    state = position("4 7 7 9 11", "1 2 3 5 12", "attack:Y")
    refused(state, 0, "attack 8", IllegalAction, "you cannot attack with 8: your hand is 4, 7, 7, 9, 11")
    refused(state, 0, "attack 4 9", IllegalAction, "a set of 2 or more equal cards or a run of 3 or more")
    refused(state, 0, "attack 7 7 7", IllegalAction, "you cannot attack with 7, 7, 7")
    refused(state, 0, "defend 9", IllegalAction, "you are the attacker")
    refused(state, 1, "attack 12", IllegalAction, "it is not seat 1's decision; waiting for seat 0")
    nojumbo = position("4 7 7 9 11", "1 2 3 5 12", "attack:Y", jumbo="none")
    refused(nojumbo, 0, "attack 7 7", IllegalAction, "jumbo attacks are off")


def test_defences_and_sacrifices_name_the_broken_rule() -> None:
    state = position("4 7 9 11", "2 5 6 8 12", "defend:Y:8:-", discard="8")
    refused(state, 1, "defend 6", IllegalAction, "a defence must be equal or higher: 6 cannot beat the 8")
    refused(state, 1, "defend 10", IllegalAction, "you hold no 10")
    refused(state, 1, "sacrifice 5", IllegalAction, "a sacrifice must be your lowest card, your 2, not 5")
    refused(state, 1, "sacrifice 2", IllegalAction, "write just 'sacrifice'")
    refused(state, 1, "attack 12", IllegalAction, "answer the 8 with 'defend N'")


def test_replacing_and_duels_name_the_broken_rule() -> None:
    state = position("1 2 3 4 5 6 7", "4 5 6 8 9 10 11", "replace:both:-:-")
    rule = "decide about your cards lowest first: keep 1 or discard 1"
    refused(state, 0, "discard 12", IllegalAction, f"you hold no 12; {rule}")
    refused(state, 0, "keep 3", IllegalAction, f"^{rule}$")
    refused(state, 0, "done", IllegalAction, f"on the centre space there is no 'done': you {rule}")
    refused(state, 0, "duel 3", IllegalAction, f"both players are replacing cards at once: {rule}")
    marked = state.apply(0, "discard 1")
    refused(
        marked,
        0,
        "discard 1",
        IllegalAction,
        "you have already decided about your 1; decide about your cards lowest first: keep 2 or discard 2",
    )
    one_arrow = position("1 2 3 4 5 6 7 8 9", "4 5 6 6 7 8 9 10 11", "replace:W:0/*", track="Y..T....W")
    refused(one_arrow, 1, "keep 4", IllegalAction, "'keep N' is for the centre space")
    refused(one_arrow, 1, "discard 1", IllegalAction, "you hold no 1 to discard")
    refused(one_arrow, 1, "duel 4", IllegalAction, "cards are being replaced")
    duel = position("1 4 9 12", "2 5 6 11", "duel:-:-", track="Y.T.....W")
    refused(duel, 0, "duel 5", IllegalAction, "you hold no 5 to lay down for the duel")
    refused(duel, 0, "attack 12", IllegalAction, "it is a duel")
    laid = duel.apply(0, "duel 4")
    refused(laid, 0, "duel 9", IllegalAction, "it is not seat 0's decision")


def test_nothing_is_legal_once_the_game_is_over() -> None:
    state = position("8", "3 10", "defend:Y:9:-", track="Y...##T#W", discard="9").apply(1, "defend 10")
    refused(state, 0, "done", IllegalAction, "the game is over")
    refused(state, 3, "done", IllegalAction, "there is no seat 3")
