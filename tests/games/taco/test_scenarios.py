"""Every worked example of the T.A.C.O. rulebook (V5.0), as a scenario on our deck."""

from __future__ import annotations

import cardroom
from cardroom.games.taco.arrange import arrange
from cardroom.games.taco.state import TacoState


def play(state: TacoState, *moves: tuple[int, str]) -> TacoState:
    for seat, text in moves:
        state = state.apply(seat, text)
    return state


def let_stand(state: TacoState) -> TacoState:
    """Everyone asked in the open Instant window passes."""
    while state.tb.stack and state.tb.stack[-1][0] == "window":
        state = state.apply(state.to_act[0], "pass")
    return state


def points(state: TacoState, seat: int) -> int:
    return sum(state.tb.points[c] for c in state.tb.tacos[seat])


def slugs(state: TacoState, seat: int) -> list[str]:
    return [state.game.deck.cards[c].slug for c in state.tb.tacos[seat]]


def test_chain_shredded_beef_sour_cream_tomato_scores_five() -> None:
    """ "You place Shredded Beef in your taco ... so you play Sour Cream into your taco ... You decide
    to then add a Tomato. In this example, you chained three cards together and scored five taco points.\""""
    game = cardroom.make("taco", players=3)
    state = arrange(game, hands={0: ["shredded-beef", "sour-cream", "tomato"]}, deck_top=["lettuce"])
    start = state.census()
    state = let_stand(state.apply(0, "play shredded-beef 0"))
    assert state.to_act == (0,) and state.view(0)["prompt"]["kind"] == "bonus"
    state = let_stand(state.apply(0, "play sour-cream 0"))
    assert "play tomato 0" in [str(a) for a in state.legal_actions(0)]
    assert "play lettuce 0" in [str(a) for a in state.legal_actions(0)]  # any 1-point ingredient
    assert "play tomato 1" not in [str(a) for a in state.legal_actions(0)]  # "in your taco"
    state = let_stand(state.apply(0, "play tomato 0"))
    assert points(state, 0) == 5
    assert slugs(state, 0)[1:] == ["shredded-beef", "sour-cream", "tomato"]
    assert state.tb.pool == 34 - 5
    assert state.census() == start


def test_mold_destroys_shrimp_and_the_points_go_back() -> None:
    """ "You play a Mold action card and destroy another player's Shrimp card. Both the Mold and Shrimp
    cards go to the discard pile.\""""
    game = cardroom.make("taco", players=2)
    state = arrange(game, hands={0: ["mold"]}, tacos={1: ["shrimp"]}, deck_top=["lettuce"])
    assert points(state, 1) == 3 and state.tb.pool == 21
    state = let_stand(state.apply(0, "use mold"))
    assert [str(a) for a in state.legal_actions(0)] == ["target shrimp 1"]
    state = state.apply(0, "target shrimp 1")
    discard = [state.game.deck.cards[c].slug for c in state.tb.discard]
    assert discard[-2:] == ["mold", "shrimp"]
    assert slugs(state, 1) == ["crunchy-shell"] and points(state, 1) == 0
    assert state.tb.pool == 24


def test_nacho_card_o_steals_shredded_beef_and_the_thief_plays_again() -> None:
    """ "Player 1 plays a Shredded Beef card. Player 2 plays a Nacho Card-O and steals it. When Player 2
    moves Shredded Beef into their taco, they get to play another card immediately.\""""
    game = cardroom.make("taco", players=2)
    state = arrange(game, hands={0: ["shredded-beef"], 1: ["nacho-card-o", "tomato"]}, deck_top=["lettuce", "onion"])
    state = let_stand(state.apply(0, "play shredded-beef 0"))
    state = state.apply(0, "pass")  # seat 0 skips its own bonus play; the turn passes
    assert state.to_act == (1,)
    state = let_stand(state.apply(1, "use nacho-card-o"))
    state = state.apply(1, "target shredded-beef 0")
    assert slugs(state, 1)[1:] == ["shredded-beef"] and points(state, 1) == 3 and points(state, 0) == 0
    prompt = state.view(1)["prompt"]
    assert prompt["kind"] == "bonus" and prompt["mode"] == "any" and state.to_act == (1,)
    state = let_stand(state.apply(1, "play tomato 1"))
    assert points(state, 1) == 4


def test_a_negative_card_puts_points_back_and_they_return_when_it_is_destroyed() -> None:
    """FAQ: a negative card returns points to the pool; "When the negative Taco Point card is destroyed,
    you regain those lost taco points.\""""
    game = cardroom.make("taco", players=2)
    state = arrange(game, hands={0: ["mystery-meat", "mold"]}, tacos={1: ["carnitas"]}, deck_top=["lettuce", "onion"])
    assert points(state, 1) == 3 and state.tb.pool == 21
    state = let_stand(state.apply(0, "play mystery-meat 1"))
    assert points(state, 1) == 1 and state.tb.pool == 23
    state = state.apply(1, "end")
    state = let_stand(state.apply(0, "use mold"))
    state = state.apply(0, "target mystery-meat 1")
    assert points(state, 1) == 3 and state.tb.pool == 21


def test_a_play_immediately_card_dealt_is_discarded_and_replaced() -> None:
    """ "If this card is dealt into your initial hand, discard the card and draw another card before play begins.\""""
    game = cardroom.make("taco", players=8)
    for seed in range(200):
        state = game.new_game(seed)
        if any(e.kind == "redeal" for e in state.events()):
            break
    else:  # pragma: no cover
        raise AssertionError("no seed dealt a play-immediately card")
    cards = game.deck.cards
    assert all(not cards[c].play_immediately for hand in state.tb.hands for c in hand)
    assert [len(h) for h in state.tb.hands].count(5) >= 7
    redealt = [e.data["id"] for e in state.events() if e.kind == "redeal"]
    assert all(c in state.tb.discard for c in redealt)


def test_a_play_immediately_card_drawn_must_be_played() -> None:
    """ "When a card is drawn that says PLAY IMMEDIATELY, the player is forced to play that card for their turn.\""""
    game = cardroom.make("taco", players=2)
    state = arrange(game, hands={0: ["tomato"]}, deck_top=["expired-sardines"])
    assert [str(a) for a in state.legal_actions(0)] == ["play expired-sardines 0", "play expired-sardines 1"]
    assert any("must play it immediately" in line for line in state.view(1)["recent"])
    state = let_stand(state.apply(0, "play expired-sardines 1"))
    assert points(state, 1) == -3 and state.tb.pool == 27


def test_swap_fires_effects_in_both_tacos_current_player_first() -> None:
    """ "SWAP: ... Card effects activate in both tacos if applicable. The current player's effects
    activate first if both ingredients have an effect.\""""
    game = cardroom.make("taco", players=2)
    state = arrange(
        game,
        hands={0: ["switcheroo", "tomato"]},
        tacos={0: ["shrimp"], 1: ["shredded-beef"]},
        deck_top=["lettuce", "onion", "rice"],
    )
    state = let_stand(state.apply(0, "use switcheroo"))
    assert [str(a) for a in state.legal_actions(0)] == ["target shrimp 0"]
    state = state.apply(0, "target shrimp 0")
    hand_before = len(state.tb.hands[1])
    state = state.apply(0, "target shredded-beef 1")
    # Seat 0 (the current player) gets Shredded Beef's bonus play first; Shrimp's draw for seat 1 waits.
    assert state.view(0)["prompt"]["kind"] == "bonus" and state.to_act == (0,)
    assert len(state.tb.hands[1]) == hand_before
    before = len(state.events())
    state = state.apply(0, "pass")
    later = [(e.kind, e.data.get("seat")) for e in state.events()[before:]]
    # Shrimp's draw for seat 1 happens as soon as seat 0's effect is done, before seat 1's own turn.
    assert later.index(("draw", 1)) < later.index(("turn", 1))
    assert points(state, 0) == 3 and points(state, 1) == 3


def test_an_instant_cancels_a_play_and_another_instant_cancels_that_instant() -> None:
    """ "CANCEL: Stops the current play immediately ... sends the last card played to the discard pile
    along with the Instant card that canceled it." and "Instant cards can be played on Instant cards."""
    game = cardroom.make("taco", players=3)
    hands = {0: ["carnitas", "no-way-jose"], 1: ["no-way-jose"], 2: ["hold-it"]}
    state = arrange(game, hands=hands, deck_top=["lettuce"])
    state = state.apply(0, "play carnitas 0")
    # Every other seat is asked, whatever it holds.
    assert state.to_act == (1, 2)
    assert [str(a) for a in state.legal_actions(2)] == ["pass"]  # Hold It cannot stop an ingredient
    state = play(state, (1, "instant no-way-jose"), (2, "pass"))
    assert state.to_act == (0, 2)  # a new window on the Instant; its player is not asked
    assert [str(a) for a in state.legal_actions(2)] == ["instant hold-it", "pass"]  # any Instant stops one
    state = play(state, (0, "instant no-way-jose"), (2, "pass"))
    state = let_stand(state)
    assert points(state, 0) == 3 and slugs(state, 0)[1:] == ["carnitas"]
    discard = [game.deck.cards[c].slug for c in state.tb.discard]
    assert discard[-2:] == ["no-way-jose", "no-way-jose"]


def test_a_single_instant_cancel_sends_both_cards_to_the_discard_pile() -> None:
    game = cardroom.make("taco", players=2)
    state = arrange(game, hands={0: ["carnitas"], 1: ["not-on-my-plate"]}, deck_top=["lettuce"])
    state = play(state, (0, "play carnitas 0"), (1, "instant not-on-my-plate"), (0, "pass"))
    assert points(state, 0) == 0 and state.tb.pool == 24
    discard = [game.deck.cards[c].slug for c in state.tb.discard]
    assert discard[-2:] == ["carnitas", "not-on-my-plate"]
    assert state.tb.turn == 1  # the cancelled play was seat 0's play for the turn


def test_an_instant_on_your_own_turn_does_not_use_the_turn() -> None:
    game = cardroom.make("taco", players=2)
    state = arrange(
        game,
        hands={0: ["no-way-jose", "tomato"], 1: ["mold"]},
        tacos={0: ["avocado"]},
        deck_top=["lettuce", "onion"],
        turn=1,
    )
    state = state.apply(1, "use mold")
    state = play(state, (0, "instant no-way-jose"), (1, "pass"))
    assert points(state, 0) == 3  # Avocado survives
    assert state.to_act == (0,) and state.tb.turn == 0  # seat 1's turn ended; seat 0 plays normally
    assert "play tomato 0" in [str(a) for a in state.legal_actions(0)]
