"""The rule texts' worked examples and each rule of the round, on exact positions.

Positions are written in the notation of docs/tacocat.md; ``table.position`` fills the draw pile.
"""

from __future__ import annotations

import random

import pytest
from tests.games.tacocat.table import legal, play, position, texts

import cardroom
from cardroom.core.errors import IllegalAction
from cardroom.games.tacocat import TacocatState


def test_an_eight_can_be_answered_by_any_card_of_eight_or_more_or_a_sacrifice() -> None:
    """000: "It's your opponent's turn to attack and they play an 8. Your hand looks like this:
    1 3 6 7 8 9 10. You could play any of these cards to Defend." (Sacrificing stays allowed.)"""
    state = position("2 4 5 11 12 12", "1 3 6 7 8 9 10", "defend:Y:8:-", discard="8")
    assert legal(state, 1) == ["defend 8", "defend 9", "defend 10", "sacrifice"]
    assert state.to_act == (1,)


def test_without_a_defence_the_lowest_card_is_sacrificed_and_the_attacker_goes_again() -> None:
    """000: "But what if your hand looks like this? 1 2 2 4 5 6 7. You don't have anything that can
    Defend against an 8, so you are forced to Sacrifice your LOWEST card instead." The retail deck has a
    single 2, so this hand needs the print-and-play deck."""
    state = position("3 8 9 10 11 12", "1 2 2 4 5 6 7", "defend:Y:8:-", discard="8", deck="print-and-play")
    assert legal(state, 1) == ["sacrifice"]
    after = play(state, (1, "sacrifice"))
    assert after.hands[1] == (2, 2, 4, 5, 6, 7)
    assert after.phase == "attack" and after.to_act == (0,)
    assert "WOW sacrifices a 1 to the 8" in texts(after)


def test_example_1_three_sevens_defended_by_11_8_7_then_the_defender_attacks() -> None:
    """000, Example 1: "Your opponent attacks you with three 7s ... Your hand looks like this: 3 7 8 11
    ... against the first 7 you play your 11 ... against the next 7 you play your 8 ... against the final
    7 you play your 7 ... Because you defended against all three cards ... it's your turn to attack next." """
    state = position("12", "3 7 8 11", "defend:Y:7.7.7:-", discard="7 7 7")
    state = play(state, (1, "defend 11"), (1, "defend 8"))
    assert state.view(0)["attack"]["answers"] == [
        {"card": 11, "kind": "defend"},
        {"card": 8, "kind": "defend"},
    ]
    state = play(state, (1, "defend 7"))
    assert "WOW attacks next" in texts(state)
    assert state.last_play == (0, (7, 7, 7), (11, 8, 7))
    # Each now holds one card, so the round is decided: WOW's 3 beats YAY's 12.
    assert state.last_round == (12, 3, 1)
    assert state.pos == 5 and state.covered == 1 << 4


def test_example_2_run_of_8_9_10_one_defence_two_sacrifices_attacker_again() -> None:
    """000, Example 2: "You attack with three cards in a sequence: 8 9 10. Your opponent's hand looks like
    this: 2 3 7 11 ... they only have one card that can be used to defend (the 11) ... they must sacrifice
    their two lowest cards ... It is now your turn to attack again." """
    state = position("4", "2 3 7 11", "defend:Y:8.9.10:-", discard="8 9 10")
    assert legal(state, 1) == ["defend 11", "sacrifice"]
    state = play(state, (1, "defend 11"))
    assert legal(state, 1) == ["sacrifice"]
    state = play(state, (1, "sacrifice"), (1, "sacrifice"))
    assert state.last_play == (0, (8, 9, 10), (11, -2, -3))
    assert "YAY attacks again" in texts(state)
    assert state.last_round == (4, 7, 0)


def test_print_and_play_three_sevens_eight_and_seven_defend_then_the_two_is_lost() -> None:
    """001: "You attack with 3 sevens. Your opponent plays an 8 and a 7 to win against two of your
    sevens, but cannot win against the third 7, and must lose their lowest card – a 2. It is now your
    turn to attack again." """
    state = position(
        "4 12", "2 5 7 8 10", "defend:Y:7.7.7:-", discard="7 7 7", preset="print-and-play", extra="duelwin=Y"
    )
    state = play(state, (1, "defend 8"), (1, "defend 7"))
    assert legal(state, 1) == ["defend 10", "sacrifice"]
    state = play(state, (1, "sacrifice"))
    assert state.last_play == (0, (7, 7, 7), (8, 7, -2))
    assert state.phase == "attack" and state.to_act == (0,)
    assert state.hands == ((4, 12), (5, 10))


def test_print_and_play_allows_sets_but_not_runs() -> None:
    """001 knows only "Group Attacks" of matching cards."""
    state = position("7 7 8 9 10", "1 2 3 4 5", "attack:Y", preset="print-and-play", extra="duelwin=Y")
    assert "attack 7 7" in legal(state, 0)
    assert "attack 8 9 10" not in legal(state, 0)
    with pytest.raises(IllegalAction, match="runs"):
        state.apply(0, "attack 8 9 10")
    official = position("7 7 8 9 10", "1 2 3 4 5", "attack:Y")
    assert {"attack 7 7", "attack 8 9 10", "attack 7 8 9 10"} <= set(legal(official, 0))


def test_a_jumbo_attack_cannot_use_the_last_card() -> None:
    """000: "You cannot play your last card as part of a Jumbo Attack. You must keep one card to
    determine who wins the round." """
    state = position("7 7", "3 9", "attack:Y")
    assert legal(state, 0) == ["attack 7"]
    with pytest.raises(IllegalAction, match="you must keep one card: a jumbo attack cannot use your last card"):
        state.apply(0, "attack 7 7")


def test_jumbo_cards_may_be_written_in_any_order() -> None:
    state = position("8 9 10 12", "1 2 3 4", "attack:Y")
    assert str(state.game.parse_action("attack 10 8 9")) == "attack 8 9 10"
    assert play(state, (0, "attack 10 9 8")).attack == (8, 9, 10)


# -- ties --------------------------------------------------------------------------------------------


def _tie_on(track: str, **kw: object) -> tuple[int, int]:
    """Play to equal final cards (5 and 5) on ``track``; returns (Tacocat's position, covered bits)."""
    state = position("5", "5 10", "defend:Y:9:-", track=track, discard="9", **kw)  # type: ignore[arg-type]
    state = play(state, (1, "defend 10"))
    return state.pos, state.covered


def test_official_tie_goes_to_the_player_the_arrow_points_at() -> None:
    """000: "If both players turn over their final card and they are the same, look at the arrow on the
    space where Tacocat is sitting. Whichever player that arrow is pointing at wins." Space 3 is on
    YAY's side, so its (assumed) arrow points at WOW."""
    assert _tie_on("Y..T.#..W") == (4, 1 << 3 | 1 << 5)
    assert _tie_on("Y..#.T..W") == (4, 1 << 3 | 1 << 5)  # and space 5's arrow points at YAY


def test_official_tie_on_the_double_arrow_replays_the_round_there() -> None:
    """000: "If you tie on the starting space where there's an arrow pointed at both players, reset and
    play again." """
    state = position("5", "5 10", "defend:Y:9:-", discard="9", extra="round=1")
    state = play(state, (1, "defend 10"))
    assert (state.pos, state.covered, state.round, state.phase) == (4, 0, 2, "replace")
    assert state.last_round == (5, 5, -1)
    assert sum(state.census().values()) == 38 and len(state.hands[0]) == 7


def test_print_and_play_tie_goes_to_the_duel_winner() -> None:
    """001: "if both players turn over cards with the same value, the player who has the Duel cards tucked
    under the corner of the playmat in front of them, wins the tie." """
    kw = {"preset": "print-and-play"}
    assert _tie_on("Y..T....W", extra="duelwin=Y", **kw) == (2, 1 << 3)
    assert _tie_on("Y..T....W", extra="duelwin=W", **kw) == (4, 1 << 3)
    assert _tie_on("Y...T...W", extra="duelwin=Y", **kw) == (3, 1 << 4)  # even on the double arrow


def test_quick_reference_tie_moves_nobody_and_deals_again() -> None:
    """002: "If both players have cards of equal rank, the round is a tie. Tacocat does not move. Shuffle
    up the entire deck and deal a new round." """
    assert _tie_on("Y..T....W", preset="quick-reference") == (3, 0)


def test_options_mix_a_preset_with_another_tie_rule() -> None:
    assert _tie_on("Y..T....W", preset="official", ties="redeal") == (3, 0)


# -- moving and covering ------------------------------------------------------------------------------


def test_the_winner_moves_tacocat_skipping_covered_spaces_and_covers_the_space_left() -> None:
    """000: "If Tacocat ever moves to a covered space, simply skip that space and move to the next one
    instead. Repeat as necessary for all covered spaces in a row." """
    state = position("2 11", "6", "defend:W:9:-", track="Y.##T...W", discard="9")
    state = play(state, (0, "defend 11"))  # YAY keeps 2 against WOW's 6, wins the round
    assert state.pos == 1 and state.covered == 0b11100
    assert state.view(None)["board"]["spaces"][3]["covered"] is True
    # The next round deals the new space's number (4) with its arrow (at WOW) replacing first.
    assert len(state.hands[0]) == 4 and state.to_act == (1,)


def test_reaching_a_goal_wins_the_game() -> None:
    """000: "When you move Tacocat to the Goal Space on your side of the board, you win the game!" """
    state = position("8", "3 10", "defend:Y:9:-", track="Y...##T#W", discard="9")
    state = play(state, (1, "defend 10"))
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == (1,) and state.pos == 8
    assert state.to_act == () and state.legal_actions(1) == ()
    assert "WOW wins the game" in texts(state)


# -- replacing -----------------------------------------------------------------------------------------


def test_the_second_player_may_replace_at_most_as_many_as_the_first() -> None:
    """000: "The other player can then replace UP TO the same number of cards." """
    state = position("1 2 3 4 5 6 7 8 9", "4 5 6 6 7 8 9 10 11", "replace:W:0/*", track="Y..T....W")
    assert state.to_act == (1,)
    state = play(state, (1, "discard 5"), (1, "discard 6"), (1, "discard 7"))
    public = state.view(0)
    assert public["discards"]["6"] == 1 and public["opponent_hand_size"] == 6
    state = play(state, (1, "done"))
    assert state.to_act == (0,) and state.limit == 3
    assert "YAY may replace up to 3" in texts(state)
    state = play(state, (0, "discard 4"), (0, "discard 5"), (0, "discard 6"))
    assert legal(state, 0) == ["done"]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="you may replace at most 3 cards, as many as WOW did"):
        state.apply(0, "discard 7")
    assert state.to_json() == before
    state = play(state, (0, "done"))
    assert state.phase == "duel" and len(state.hands[0]) == len(state.hands[1]) == 9


def test_when_the_arrow_player_replaces_nothing_the_other_cannot_either() -> None:
    """000: "So if the arrow points at you and you want to lock your opponent with the cards they were
    dealt, announce that you don't want to replace any cards." """
    state = position("1 2 3 4 5 6 7 8 9", "4 5 6 6 7 8 9 10 11", "replace:W:0/*", track="Y..T....W")
    state = play(state, (1, "done"))
    assert state.phase == "duel" and state.to_act == (0, 1)


def test_on_the_double_arrow_both_decide_about_each_card_at_once_and_see_nothing_until_both_are_done() -> None:
    """000: "For the very first round ... both players can replace as many cards as they would like."
    Each player decides about every dealt card in turn, lowest first (keep or discard), so the number of
    decisions says nothing about the choices."""
    state = position("1 2 3 4 5 6 7", "4 5 6 8 9 10 11", "replace:both:-:-")
    assert legal(state, 0) == ["discard 1", "keep 1"] and legal(state, 1) == ["discard 4", "keep 4"]
    state = play(state, (0, "keep 1"), (0, "discard 2"), (0, "discard 3"))
    assert legal(state, 0) == ["discard 4", "keep 4"] and state.to_act == (0, 1)
    assert state.view(0)["replace"]["your_choice"] == [2, 3] and state.view(0)["replace"]["your_next"] == 4
    assert state.view(1)["replace"]["decided"] == [3, 0] and state.view(1)["opponent_hand_size"] == 7
    state = play(state, *((0, f"keep {v}") for v in (4, 5, 6, 7)))
    assert state.to_act == (1,) and state.view(1)["replace"]["done"] == [True, False]
    assert "YAY has chosen" in texts(state, 1)
    state = play(state, *((1, f"keep {v}") for v in (4, 5, 6, 8, 9)), (1, "discard 10"), (1, "keep 11"))
    assert state.phase == "duel"
    assert "YAY replaces 2 cards: 2, 3" in texts(state, 1)
    assert "WOW replaces 1 card: 10" in texts(state, 0)
    assert state.view(0)["discards"]["2"] == 1 and state.view(0)["discards"]["10"] == 1
    assert len(state.hands[0]) == len(state.hands[1]) == 7


def test_duplicate_cards_are_decided_about_one_at_a_time() -> None:
    state = position("7 7 9", "4 9 9", "replace:both:-:-", track="Y..T..W", board="3W,3W,3B,3Y,3Y")
    state = play(state, (0, "keep 7"))
    assert legal(state, 0) == ["discard 7", "keep 7"]
    state = play(state, (0, "discard 7"), (0, "keep 9"))
    assert state.marks[0] == (7,) and state.to_act == (1,)


# -- the simultaneous replacement leaks nothing ---------------------------------------------------------
#
# It once took "discard N" actions until "done": every action advances ``step``, which every view (and
# the server's API) shows, so each player could count the other's discards before choosing. Now each
# player takes exactly one decision per dealt card, whatever it chooses.


def _centre() -> TacocatState:
    return position("1 2 3 4 5 6 7", "4 5 6 8 9 10 11", "replace:both:-:-")


@pytest.mark.parametrize("decisions", [0, 1, 3, 5, 7])
def test_what_yay_set_aside_changes_nothing_wow_sees_not_even_the_step(decisions: int) -> None:
    seen = []
    for discards in range(decisions + 1):
        state = _centre()
        for i, v in enumerate((1, 2, 3, 4, 5, 6, 7)[:decisions]):
            state = play(state, (0, f"{'discard' if i < discards else 'keep'} {v}"))
        assert len(state.marks[0]) == discards
        seen.append((state.view(1), state.log(1), state.step, state.to_act, legal(state, 1)))
    assert all(other == seen[0] for other in seen), "WOW's view depends on what YAY set aside"
    assert seen[0][0]["step"] == decisions


def test_nothing_and_five_cards_set_aside_look_the_same_to_wow_at_every_step() -> None:
    nothing = _centre()
    five = _centre()
    for i, v in enumerate((1, 2, 3, 4, 5, 6, 7)):
        nothing = play(nothing, (0, f"keep {v}"))
        five = play(five, (0, f"{'discard' if 1 <= i <= 5 else 'keep'} {v}"))
        assert nothing.view(1) == five.view(1) and nothing.log(1) == five.log(1)
    assert len(five.marks[0]) == 5 and nothing.marks[0] == ()
    # WOW can still decide, and its choices are open to it alone.
    nothing, five = play(nothing, (1, "keep 4")), play(five, (1, "keep 4"))
    assert nothing.view(1) == five.view(1) and nothing.view(1)["step"] == 8


def test_every_replacement_takes_one_decision_per_card_whatever_is_chosen() -> None:
    """Random choices on the centre space of many games: exactly two legal actions per decision (never
    'done'), and each seat acts exactly as many times as it was dealt cards."""
    game = cardroom.make("tacocat")
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_game(seed)
        acted = [0, 0]
        while state.phase == "replace":
            assert state.to_act
            for seat in state.to_act:
                nxt = next_card(state, seat)
                assert legal(state, seat) == [f"discard {nxt}", f"keep {nxt}"]
            seat = rng.choice(state.to_act)
            state = play(state, (seat, rng.choice(legal(state, seat))))
            acted[seat] += 1
        assert acted == [7, 7] and state.step == 14


def next_card(state: TacocatState, seat: int) -> int:
    value = state.view(seat)["replace"]["your_next"]
    assert isinstance(value, int)
    return value


def test_re_dealing_what_wow_cannot_know_redraws_what_yay_set_aside_but_not_how_many_decisions() -> None:
    """The conformance suite compares each view before and after ``shuffle_unknown``; it can only catch
    a leak of what YAY set aside if that is re-dealt too. So it is: any keep/discard pattern over YAY's
    decided cards, with their number (public) kept. ``sample`` imagines the same."""
    state = play(_centre(), (0, "discard 1"), (0, "discard 2"), (0, "keep 3"), (0, "discard 4"))
    rng = random.Random(1)
    set_aside = set()
    for _ in range(200):
        other = state.shuffle_unknown(1, rng)
        assert isinstance(other, TacocatState)
        assert other.view(1) == state.view(1) and other.log(1) == state.log(1)
        assert other.decided == (4, 0) and other.hands[1] == state.hands[1]
        assert len(other.marks[0]) <= 4 and len(other.hands[0]) + len(other.marks[0]) == 7
        dealt = sorted(other.hands[0] + other.marks[0])
        assert all(v in dealt[:4] for v in other.marks[0])
        set_aside.add(len(other.marks[0]))
        imagined = state.game.sample(state.view(1), rng)
        assert imagined.view(1) == state.view(1) and imagined.decided == (4, 0)
        set_aside.add(len(imagined.marks[0]) + 10)
    assert set_aside >= {0, 1, 2, 3, 4, 10, 11, 12, 13, 14}
    # A view that showed how many cards YAY set aside would now fail the conformance check.
    counts = {len(state.shuffle_unknown(1, rng).marks[0]) for _ in range(50)}  # type: ignore[attr-defined]
    assert len(counts) > 1


# -- duels ----------------------------------------------------------------------------------------------


def test_duel_cards_are_hidden_until_both_are_laid_and_the_higher_attacks_first() -> None:
    """000: "each player ... chooses one card to place face down ... Both players turn over their cards at
    the same time. The player who has the highest card gets to attack first." """
    state = position("1 4 9 12", "2 5 6 11", "duel:-:-", track="Y.T.....W")
    state = play(state, (1, "duel 11"))
    assert state.view(0)["duel"] == {"laid": [False, True], "your_card": None}
    assert "11" not in " ".join(texts(state, 0))
    assert state.view(1)["duel"]["your_card"] == 11
    state = play(state, (0, "duel 12"))
    assert state.last_duel == (12, 11) and state.duel_winner == 0
    assert state.phase == "attack" and state.to_act == (0,)
    assert "Duel: YAY 12, WOW 11; YAY attacks first" in texts(state, None)


def test_tied_duels_repeat_and_down_to_the_last_card_the_lower_card_wins() -> None:
    """000: "If there's a tie, discard both cards and Duel again. There is a tiny chance you might continue
    to have tied Duels until each player only has one card left. If this happens, just present your final
    card, and the player with the lower card wins the round." """
    state = position("4 6 9", "4 3 6", "duel:-:-", track="Y..T....W")
    state = play(state, (0, "duel 4"), (1, "duel 4"))
    assert state.phase == "duel" and state.to_act == (0, 1)
    state = play(state, (0, "duel 6"), (1, "duel 6"))
    assert state.last_round == (9, 3, 1) and state.pos == 4


def test_equal_final_cards_after_tied_duels_reshuffle_the_same_round_whatever_the_tie_rule() -> None:
    """000: "If both final cards are the same, reshuffle and start again." (Not the arrow: that is for the
    end of a played round.)"""
    state = position("5 9", "5 9", "duel:-:-", track="Y..T....W")
    state = play(state, (0, "duel 5"), (1, "duel 5"))
    assert (state.pos, state.covered, state.phase) == (3, 0, "replace")
    assert state.last_round == (9, 9, -1)


def test_every_round_is_dealt_from_the_full_deck() -> None:
    """000: "shuffle all the cards before you deal so that you are always using a completely full deck." """
    state = position("2 11", "6", "defend:W:9:-", track="Y..T....W", discard="9")
    state = play(state, (0, "defend 11"))
    assert sum(state.discard) == 0 and len(state.draw) == 38 - 2 * 6


def test_a_sacrifice_tells_everyone_the_sacrificers_floor_and_samples_respect_it() -> None:
    """000: a sacrifice is "the lowest card in your hand", so every card the sacrificer keeps is at least
    that high; the views say so, and imagined deals (``game.sample``) never break it."""
    state = position("4 5 6 12", "3 7 12", "defend:W:11:-", discard="11").apply(0, "sacrifice")
    assert state.view(1)["lowest_possible"] == {"YAY": 4, "WOW": 1}
    assert "floors=4.0" in state.notation()
    rng = random.Random(0)
    for _ in range(50):
        imagined = state.game.sample(state.view(1), rng)
        assert min(imagined.hands[0]) >= 4 and imagined.view(1) == state.view(1)


def test_re_dealing_both_hands_for_a_spectator_respects_both_floors() -> None:
    """Found by the conformance suite: with floors 2 (YAY) and 5 (WOW) and no draw pile, dealing YAY first
    could leave WOW too few cards of 5 or more. The higher floor is dealt first."""
    line = (
        "Y..T###.W 2,7/5,7,8 - 1,2,3,3,3,3,3,4,4,4,4,4,5,5,5,5,6,6,6,6,6,7,7,8,8,9,9,10,10,11,12 "
        "defend:Y:3:- round=4 step=87 seed=1/4 duelwin=W lastduel=5.7 lastplay=Y:4:s5 floors=2.5 lastround=4.6:Y"
    )
    state = cardroom.make("tacocat", preset="print-and-play").load(line)
    rng = random.Random(3)
    for _ in range(40):
        again = state.shuffle_unknown(None, rng)
        assert again.view(None) == state.view(None) and min(again.hands[1]) >= 5
