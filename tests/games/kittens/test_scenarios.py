"""Scenario tests: the rule text's example turn and every card, combo and ruling, on hand-built tables.

Quotes are from the classic rule text (seeds/003) unless marked as a ruling.
"""

from __future__ import annotations

import pytest

from cardroom.core.errors import IllegalAction

from .table import everyone_passes, table, texts

CATS = ["tacocat", "cattermelon", "beard-cat"]


def test_example_turn() -> None:
    """ "1. You decide to play a See the Future card. 2. While viewing the 3 top cards, you see that the
    card you're about to draw is an Exploding Kitten. 3. You decide to play an Attack card ... 4. But then
    another player plays a NOPE CARD which cancels your attack, so it's still your turn. 5. ... you play a
    Shuffle card and randomly shuffle the Draw Pile. 5. ... you draw the top card to end your turn.\""""
    state = table(
        [["see-the-future", "attack", "shuffle", "tacocat"], ["nope", "beard-cat"], ["cattermelon"]],
        ["exploding-kitten", "tacocat", "skip", "favor", "defuse", "exploding-kitten"],
    )
    state = everyone_passes(state.apply(0, "play see-the-future"))
    assert state.view(0)["known_pile"] == [[0, "exploding-kitten"], [1, "tacocat"], [2, "skip"]]
    assert state.view(1)["known_pile"] == []  # "Don't show the cards to the other players."
    assert "You see, top first: Exploding Kitten, Tacocat, Skip" in texts(state, 0)
    assert not any("Exploding Kitten, Tacocat" in t for t in texts(state, 1) + texts(state, None))

    state = state.apply(0, "play attack")
    assert state.to_act == (0, 1, 2)  # every living player answers, Nope or not
    assert state.legal_actions(2) == state.legal_actions(0)  # neither holds a Nope: only "pass"
    state = state.apply(1, "nope")
    assert state.to_act == (0, 1, 2)  # a Nope reopens the window
    state = everyone_passes(state)
    assert (state.phase, state.current, state.owed) == ("turn", 0, 1)  # "so it's still your turn"

    state = everyone_passes(state.apply(0, "play shuffle"))
    assert state.view(0)["known_pile"] == []  # a shuffle wipes what P0 knew of the order
    assert sorted(state.pile) == sorted(
        table([[], [], []], ["exploding-kitten", "tacocat", "skip", "favor", "defuse", "exploding-kitten"]).pile
    )
    drawn = state.pile[0]
    state = state.apply(0, "draw")
    if drawn == 0:  # the Kitten came up again: P0 holds no Defuse and explodes
        assert state.out == (0,)
    else:
        assert state.current == 1 and len(state.hands[0]) == 2


def test_nope_yup_nope() -> None:
    """ "You can also play a Nope on another Nope to create a double negative Yup, and so on."
    Ruling: a Nope can be Noped without limit, by any living player, the actor included."""
    state = table([["attack", "nope"], ["nope", "nope"], ["tacocat"]], ["tacocat"] * 6)
    state = state.apply(0, "play attack")
    state = state.apply(1, "nope")
    assert state.view(2)["pending"]["cancelled"] is True
    state = state.apply(0, "nope")  # Yup
    assert state.view(2)["pending"]["cancelled"] is False
    state = state.apply(1, "nope")  # Nope again
    assert state.view(2)["pending"]["nopes"] == [1, 0, 1]
    state = everyone_passes(state)
    assert (state.current, state.owed) == (0, 1)  # the Attack never happened
    assert state.discard.count(2) == 3


def test_yup_lets_the_attack_through() -> None:
    state = table([["attack", "nope"], ["nope"], ["tacocat"]], ["tacocat"] * 6)
    state = everyone_passes(state.apply(0, "play attack").apply(1, "nope").apply(0, "nope"))
    assert (state.current, state.owed, state.attacked) == (1, 2, True)


@pytest.mark.parametrize(("preset", "owed"), [("classic", 2), ("current", 4)])
def test_attack_on_a_player_who_owes_two(preset: str, owed: int) -> None:
    """ "If the victim of an Attack card also plays an Attack card, their turns are immediately over, and
    the next player must take two turns." Ruling (current): the next player owes the attacker's
    remaining turns, this one included, plus 2."""
    state = table([["attack"], ["attack"], ["tacocat"]], ["tacocat"] * 8, preset=preset)
    state = everyone_passes(state.apply(0, "play attack"))
    assert (state.current, state.owed) == (1, 2)
    state = everyone_passes(state.apply(1, "play attack"))
    assert (state.current, state.owed) == (2, owed)


def test_stacking_attack_on_the_second_of_two_turns() -> None:
    state = table([["attack"], ["attack"], ["tacocat"]], ["tacocat"] * 8, preset="current")
    state = everyone_passes(state.apply(0, "play attack")).apply(1, "draw")
    assert (state.current, state.owed) == (1, 1)
    state = everyone_passes(state.apply(1, "play attack"))
    assert (state.current, state.owed) == (2, 3)


def test_attack_on_a_fresh_player_is_two_turns_under_both_presets() -> None:
    for preset in ("classic", "current"):
        state = everyone_passes(
            table([["attack"], ["tacocat"]], ["tacocat"] * 4, preset=preset).apply(0, "play attack")
        )
        assert (state.current, state.owed) == (1, 2)


def test_skip_against_an_attack() -> None:
    """ "If you play a Skip card as a defense against an Attack card, it only ends one of the two turns.
    Two Skip cards would end both turns.\""""
    state = table([["attack"], ["skip", "skip"], ["tacocat"]], ["tacocat"] * 8)
    state = everyone_passes(state.apply(0, "play attack"))
    state = everyone_passes(state.apply(1, "play skip"))
    assert (state.current, state.owed) == (1, 1)
    assert len(state.pile) == 8  # no card drawn
    state = everyone_passes(state.apply(1, "play skip"))
    assert (state.current, state.owed) == (2, 1)


def test_defuse_while_owing_turns() -> None:
    """Ruling: a Defuse "ends only the current turn when more are owed"; the player picks the Kitten's
    position (0 = top .. size = bottom) and only they learn it."""
    state = table([["attack"], ["defuse", "tacocat"], ["beard-cat"]], ["exploding-kitten", "skip", "favor"])
    state = everyone_passes(state.apply(0, "play attack"))
    state = state.apply(1, "draw")
    assert state.phase == "place" and state.to_act == (1,)
    assert [str(a) for a in state.legal_actions(1)] == ["place 0", "place 1", "place 2"]
    state = state.apply(1, "place 2")
    assert (state.current, state.owed) == (1, 1)  # still P1's turn: one more owed
    assert state.pile == (4, 5, 0)  # skip, favor, then the Kitten at the bottom
    assert state.view(1)["known_pile"] == [[2, "exploding-kitten"]]
    assert state.view(0)["known_pile"] == [] and state.view(2)["known_pile"] == []
    assert any("position 2" in t for t in texts(state, 1))
    assert not any("position" in t for t in texts(state, 0) + texts(state, 2) + texts(state, None))
    # The known Kitten moves up as cards are drawn.
    state = state.apply(1, "draw")
    assert state.view(1)["known_pile"] == [[1, "exploding-kitten"]]


def test_favor_the_target_chooses() -> None:
    """ "Force any other player to give you 1 card from their hand. They choose which card to give you.\""""
    state = table([["favor"], ["defuse", "tacocat", "nope"], ["beard-cat"]], ["skip"] * 4)
    state = everyone_passes(state.apply(0, "favor 1"))
    assert state.phase == "favor" and state.to_act == (1,)
    assert [str(a) for a in state.legal_actions(1)] == ["give defuse", "give nope", "give tacocat"]
    state = state.apply(1, "give tacocat")
    assert state.hands[0] == (8,) and state.current == 0
    assert state.view(1)["known_hands"] == [[0, ["tacocat"]]]
    assert "P1 gives Tacocat to P0" in texts(state, 0)
    assert "P1 gives a card to P0" in texts(state, 2)
    assert not any("Tacocat" in t for t in texts(state, 2))


def test_targets_are_living_players_holding_a_card() -> None:
    """Ruling: Favor, pairs and triples target another living player who holds at least one card."""
    state = table([["favor", "tacocat", "tacocat"], [], ["beard-cat"], ["skip"]], ["skip"] * 4, out=(3,))
    legal = [str(a) for a in state.legal_actions(0)]
    assert "favor 2" in legal and "favor 1" not in legal and "favor 3" not in legal and "favor 0" not in legal
    with pytest.raises(IllegalAction, match="holds no cards"):
        state.apply(0, "favor 1")
    with pytest.raises(IllegalAction, match="exploded"):
        state.apply(0, "pair tacocat 3")


@pytest.mark.parametrize("noped", [False, True])
def test_two_of_a_kind(noped: bool) -> None:
    """ "If you play matching pairs ... pick another player and steal a random card from their hand.\""""
    state = table([["tacocat", "tacocat", "nope"], ["defuse", "skip"], ["nope"]], ["favor"] * 4)
    state = state.apply(0, "pair tacocat 1")
    if noped:
        state = state.apply(2, "nope")
    state = everyone_passes(state)
    if noped:
        assert state.hands[1] == (1, 4) and state.hands[0] == (2,)
        assert "P0's pair is Noped and does nothing" in texts(state, None)
    else:
        assert len(state.hands[1]) == 1 and len(state.hands[0]) == 2
        got = next(k for k in state.hands[0] if k != 2)
        assert got in (1, 4)
        assert state.view(0)["known_hands"] == []  # P0 knows what it took, P1 knows what it lost
        assert any("at random" in t and ("Defuse" in t or "Skip" in t) for t in texts(state, 1))
        assert not any("Defuse" in t or "Skip" in t for t in texts(state, 2) if "random" in t)
    assert state.discard[:2] == (8, 8)  # the pair is spent either way


@pytest.mark.parametrize(
    ("noped", "named", "hit"), [(False, "defuse", True), (False, "nope", False), (True, "defuse", False)]
)
def test_three_of_a_kind(noped: bool, named: str, hit: bool) -> None:
    """ "Playing three of a kind lets you NAME the card you want, and the player of your choice has to give
    it to you. If they don't have the card you want, you're out of luck.\""""
    state = table([["beard-cat"] * 3 + ["nope"], ["defuse", "skip"], ["nope"]], ["favor"] * 4)
    state = state.apply(0, "triple beard-cat 1")
    assert state.phase == "name" and state.to_act == (0,) and len(state.legal_actions(0)) == 12
    state = state.apply(0, f"name {named}")
    assert state.phase == "window"
    if noped:
        state = state.apply(2, "nope")
    state = everyone_passes(state)
    if hit:
        assert state.hands[0] == (1, 2) and state.hands[1] == (4,)
        assert "P1 hands Defuse to P0" in texts(state, 2)  # handed over in sight of the table
        assert state.view(2)["known_hands"] == [[0, ["defuse"]]]
    else:
        assert state.hands[1] == (1, 4)
        if not noped:
            assert "P1 has no Nope" in texts(state, 2)


@pytest.mark.parametrize("noped", [False, True])
def test_five_different_icons(noped: bool) -> None:
    """ "If you play any 5 cards that have different icons in the corners, go through the Discard Pile to
    take any single card you'd like." (classic only)"""
    hand = ["tacocat", "cattermelon", "beard-cat", "skip", "shuffle", "tacocat"]
    state = table([hand, ["nope"]], ["favor"] * 4, discard=["defuse", "attack"])
    for card in ["tacocat", "cattermelon", "beard-cat", "skip"]:
        state = state.apply(0, f"five {card}")
        assert state.phase == "five"
    assert [str(a) for a in state.legal_actions(0)] == ["five shuffle"]  # the second Tacocat repeats an icon
    state = state.apply(0, "five shuffle")
    assert state.phase == "window"
    if noped:
        state = state.apply(1, "nope")
    state = everyone_passes(state)
    if noped:
        assert state.phase == "turn" and state.hands[0] == (8,)
    else:
        assert state.phase == "take"
        assert "take defuse" in [str(a) for a in state.legal_actions(0)]
        state = state.apply(0, "take defuse")
        assert state.hands[0] == (1, 8) and 1 not in state.discard
        assert "P0 takes Defuse from the discard pile" in texts(state, 1)


def test_no_five_combo_in_current() -> None:
    hand = ["tacocat", "cattermelon", "beard-cat", "skip", "shuffle"]
    state = table([hand, ["nope"]], ["favor"] * 4, preset="current")
    assert not any(a.verb == "five" for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="five-card combo is off"):
        state.apply(0, "five tacocat")


@pytest.mark.parametrize("preset", ["classic", "current"])
def test_pair_of_action_cards(preset: str) -> None:
    """ "You can play any card as two or three of a kind, as long as the icons in the upper left match ...
    you could play them as a pair and use them to steal." Ruling (current): cards with the same title.
    In one box every card of a kind shares its icon and its title, so both presets allow the pair."""
    state = table([["shuffle", "shuffle"], ["defuse"]], ["favor"] * 4, preset=preset)
    assert "pair shuffle 1" in [str(a) for a in state.legal_actions(0)]
    state = everyone_passes(state.apply(0, "pair shuffle 1"))
    assert state.hands[0] == (1,) and state.hands[1] == ()


def test_pairs_of_cats_only() -> None:
    state = table([["shuffle", "shuffle", "tacocat", "tacocat"], ["defuse"]], ["favor"] * 4, pairs="cats")
    legal = [str(a) for a in state.legal_actions(0)]
    assert "pair tacocat 1" in legal and "pair shuffle 1" not in legal
    with pytest.raises(IllegalAction, match="cannot be part of a pair"):
        state.apply(0, "pair shuffle 1")


@pytest.mark.parametrize("preset", ["classic", "current"])
def test_kitten_without_defuse(preset: str) -> None:
    """ "Unless you have a Defuse card, you're dead. Discard all of your cards, including the Exploding
    Kitten." Ruling (current): an exploded player's cards are set aside, out of the game."""
    state = table([["tacocat", "skip"], ["nope"], ["beard-cat"]], ["exploding-kitten", "favor", "favor"], preset=preset)
    state = state.apply(0, "draw")
    assert state.out == (0,) and state.current == 1 and state.owed == 1
    if preset == "classic":
        assert state.discard == (4, 8, 0) and state.hands[0] == ()
        assert "P0 explodes and discards their hand (Skip, Tacocat) with the Kitten" in texts(state, 2)
    else:
        assert state.hands[0] == (4, 8) and 0 in state.removed and 0 not in state.discard
        assert not any("Tacocat" in t for t in texts(state, 2))
    assert 0 not in state.to_act
    state = state.apply(1, "draw")
    assert state.current == 2  # play goes on among the living


def test_last_player_standing_wins_and_ranking_follows_elimination() -> None:
    """ "This process continues until there's only one player left, who wins the game." Ruling: results
    rank players by elimination order."""
    state = table([["tacocat"], ["beard-cat"], ["skip"]], ["exploding-kitten", "exploding-kitten", "favor"])
    state = state.apply(0, "draw").apply(1, "draw")
    assert state.is_over and state.to_act == ()
    assert state.outcome is not None
    assert state.outcome.winners == (2,)
    assert state.outcome.ranking == ((2,), (1,), (0,))


def test_see_the_future_with_fewer_than_three_cards() -> None:
    """Ruling: See the Future shows the top three (fewer if fewer remain) to the player alone."""
    state = everyone_passes(
        table([["see-the-future"], ["tacocat"]], ["exploding-kitten", "skip"]).apply(0, "play see-the-future")
    )
    assert state.view(0)["known_pile"] == [[0, "exploding-kitten"], [1, "skip"]]


def test_knowing_the_top_card_tells_you_what_the_next_player_drew() -> None:
    state = table([["see-the-future"], ["tacocat"]], ["skip", "favor", "exploding-kitten", "nope"])
    state = everyone_passes(state.apply(0, "play see-the-future")).apply(0, "draw")
    assert state.view(0)["known_pile"] == [[0, "favor"], [1, "exploding-kitten"]]
    state = state.apply(1, "draw")
    assert state.view(0)["known_hands"] == [[1, ["favor"]]]
    assert state.view(0)["known_pile"] == [[0, "exploding-kitten"]]


def test_another_players_secret_placement_wipes_your_order_knowledge() -> None:
    state = table([["see-the-future"], ["defuse"]], ["tacocat", "exploding-kitten", "skip", "favor"])
    state = everyone_passes(state.apply(0, "play see-the-future")).apply(0, "draw")
    assert state.view(0)["known_pile"] == [[0, "exploding-kitten"], [1, "skip"]]
    state = state.apply(1, "draw").apply(1, "place 1")
    assert state.view(0)["known_pile"] == []  # P1 put it back somewhere P0 cannot know


def test_window_never_tells_who_holds_a_nope() -> None:
    """Ruling: every living player decides (pass or Nope), whether or not they hold a Nope."""
    state = table([["skip"], ["nope"], ["tacocat"], ["beard-cat"]], ["favor"] * 5)
    state = state.apply(0, "play skip")
    assert state.to_act == (0, 1, 2, 3)
    view2 = state.view(2)
    state = state.apply(2, "pass")
    assert state.to_act == (0, 1, 3)
    assert "nope" not in view2["legal_actions"] and view2["legal_actions"] == ["pass"]
