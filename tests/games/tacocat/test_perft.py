"""Perft: the exact number of ways one small round can be played out, counted by hand and by the engine."""

from __future__ import annotations

from tests.games.tacocat.table import position

from cardroom.games.tacocat import TacocatState


def playouts(state: TacocatState) -> int:
    """Every sequence of legal actions until the round is decided (a new round is dealt or the game ends)."""
    if state.phase == "over" or state.round != 1:
        return 1
    total = 0
    for seat in state.to_act:
        for act in state.legal_actions(seat):
            nxt = state.apply(seat, act)
            assert isinstance(nxt, TacocatState)
            total += playouts(nxt)
    return total


# YAY attacks holding 2 7 7; WOW holds 4 7 10. Counted by hand (an attack must leave one card; a
# defence is equal or higher; "sacrifice" always plays the lowest card and is always allowed):
#
#   attack 7 7 (keeps 2): WOW answers the first 7 with 7, 10 or a sacrifice (its 4), then the second:
#       after defend 7  -> {4,10}: defend 10 | sacrifice           2
#       after defend 10 -> {4,7}:  defend 7  | sacrifice           2
#       after sacrifice -> {7,10}: defend 7 | defend 10 | sacrifice 3      = 7 (one card each: decided)
#   attack 2 (keeps 7 7): WOW: defend 4 | defend 7 | defend 10 | sacrifice (4), two cards each after:
#       defend 4  -> WOW {7,10} attacks: 7 (YAY: defend 7 | sacrifice = 2), 10 (sacrifice = 1)    3
#       defend 7  -> WOW {4,10} attacks: 4 (defend 7 | sacrifice = 2), 10 (sacrifice = 1)        3
#       defend 10 -> WOW {4,7}  attacks: 4 (2), 7 (defend 7 | sacrifice = 2)                     4
#       sacrifice -> YAY attacks again from {7,7}: only "attack 7" (7 7 would use the last card);
#                    WOW {7,10}: defend 7 | defend 10 | sacrifice                                 3   = 13
#   attack 7 (keeps 2 7): WOW: defend 7 | defend 10 | sacrifice (4):
#       defend 7  -> WOW {4,10} attacks: 4 (YAY {2,7}: defend 7 | sacrifice = 2), 10 (1)          3
#       defend 10 -> WOW {4,7}  attacks: 4 (2), 7 (defend 7 | sacrifice = 2)                     4
#       sacrifice -> YAY {2,7} attacks 2 or 7; WOW {7,10}: defend 7 | defend 10 | sacrifice: 3+3  6   = 13
#
#   total 7 + 13 + 13 = 33; without jumbo attacks the first line goes: 33 - 7 = 26.
def test_perft_of_a_three_card_round() -> None:
    assert playouts(position("2 7 7", "4 7 10", "attack:Y")) == 33


def test_perft_of_the_same_round_without_jumbo_attacks() -> None:
    assert playouts(position("2 7 7", "4 7 10", "attack:Y", jumbo="none")) == 26


# A duel first: both hold 3 cards, YAY {2,5,9}, WOW {5,8,12}; both lay a card at once, in either order
# of arrival (YAY first or WOW first), 3 x 3 choices x 2 orders = 18 duel sequences. After a duel each
# holds two cards; the winner attacks with one (2 choices) and the defender answers once, then it is
# decided. A tied duel (5 v 5) leaves two cards each, so they duel again (2 x 2 choices x 2 orders = 8
# sequences), which leaves one card each: decided by the final-card rule.
#   YAY lays 2: WOW 5 -> WOW {8,12} attacks 8|12 into YAY {5,9}: 8: defend 9 | sacrifice (2); 12: 1 -> 3
#               WOW 8 -> WOW {5,12}: 5: defend 5 | defend 9 | sacrifice (3); 12: sacrifice (1)   -> 4
#               WOW 12 -> WOW {5,8}: 5: 3; 8: defend 9 | sacrifice (2)                             -> 5
#   YAY lays 5: WOW 5 -> tie, duel again: 8                                                          -> 8
#               WOW 8 -> WOW {5,12} attacks into YAY {2,9}: 5: defend 9 | sacrifice; 12: sacrifice -> 3
#               WOW 12 -> WOW {5,8} into {2,9}: 5: 2; 8: 2                                          -> 4
#   YAY lays 9: WOW 5 -> YAY {2,5} attacks 2|5 into WOW {8,12}: 2: defend 8 | defend 12 | sac; 5: 3 -> 6
#               WOW 8 -> YAY {2,5} into {5,12}: 2: defend 5|defend 12|sac (3); 5: same (3)       -> 6
#               WOW 12 -> WOW {5,8} attacks into YAY {2,5}: 5: defend 5 | sacrifice (2); 8: 1      -> 3
#   sum over pairs 3+4+5+8+3+4+6+6+3 = 42, and each pair can arrive in 2 orders: 84.
def test_perft_of_a_duel_and_the_play_after_it() -> None:
    assert playouts(position("2 5 9", "5 8 12", "duel:-:-")) == 84
