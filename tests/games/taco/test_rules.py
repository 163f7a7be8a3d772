"""Setup, turns, rounds, the trophy, variants, options and refusals."""

from __future__ import annotations

import random

import pytest

import cardroom
from cardroom.core.errors import IllegalAction, InvalidAction, InvalidOptions
from cardroom.games.taco.arrange import arrange
from cardroom.games.taco.game import POOL_BY_PLAYERS
from cardroom.games.taco.state import TacoState


def let_stand(state: TacoState) -> TacoState:
    while state.tb.stack and state.tb.stack[-1][0] == "window":
        state = state.apply(state.to_act[0], "pass")
    return state


def legal(state: TacoState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


@pytest.mark.parametrize("players", range(2, 9))
def test_setup_by_player_count(players: int) -> None:
    """The rulebook's setup (the "standard" preset; two players get our fair start by default, which
    test_second_pick.py checks)."""
    state = cardroom.make("taco", preset="standard", players=players).new_game(11)
    view = state.view(None)
    assert view["pool"] == POOL_BY_PLAYERS[players]
    assert all(len(taco) == 1 and taco[0]["card"] == "crunchy-shell" for taco in view["tacos"])
    assert len(view["discard"]) >= 1  # one card turned over to start the pile
    first = view["first"]
    sizes = view["hand_sizes"]
    assert sizes[first] == 6 and sum(sizes) == 5 * players + 1  # the first player has drawn already
    assert state.to_act == (first,)


def test_pool_option_and_its_validation() -> None:
    assert cardroom.make("taco", players=3, pool=10).new_game(1).tb.pool == 10
    for bad in (0, -3, "many", True):
        with pytest.raises(InvalidOptions):
            cardroom.make("taco", pool=bad)
    for option, value in (
        ("players", 1),
        ("players", 9),
        ("rounds", 0),
        ("antics", "yes"),
        ("gimme_trophy", 2),
        ("deck", ""),
    ):
        with pytest.raises(InvalidOptions):
            cardroom.make("taco", **{option: value})
    with pytest.raises(InvalidOptions):
        cardroom.make("taco", preset="deluxe")


def test_an_effect_takes_only_what_is_left_and_the_round_ends_on_the_last_point() -> None:
    game = cardroom.make("taco", players=2)
    state = arrange(game, hands={0: ["carnitas"]}, tacos={1: ["avocado"]}, deck_top=["lettuce"], pool=5)
    assert state.tb.pool == 2
    state = let_stand(state.apply(0, "play carnitas 0"))
    assert state.is_over and state.outcome is not None
    assert state.outcome.scores == (2.0, 3.0) and state.outcome.winners == (1,)
    assert state.census()["points"] == 5


def test_a_new_shell_replaces_the_old_one_and_cannot_be_destroyed() -> None:
    game = cardroom.make("taco", players=2)
    state = arrange(
        game, hands={0: ["blue-corn-shell", "puffy-fried-shell", "mold"]}, deck_top=["lettuce", "onion", "rice"]
    )
    state = let_stand(state.apply(0, "play blue-corn-shell 0"))
    assert state.view(0)["tacos"][0][0]["card"] == "blue-corn-shell" and state.tb.pool == 22
    assert game.deck.starting_ids[0] in state.tb.box  # the Crunchy Shell goes back to the box
    state = state.apply(1, "end")
    state = let_stand(state.apply(0, "use mold"))  # a shell is no ingredient: Mold finds nothing
    assert state.tb.turn == 1 and state.view(0)["tacos"][0][0]["card"] == "blue-corn-shell"
    assert any("finds nothing" in line for line in state.view(0)["recent"])
    state = state.apply(1, "end")
    state = let_stand(state.apply(0, "play puffy-fried-shell 0"))
    assert state.view(0)["tacos"][0][0]["card"] == "puffy-fried-shell" and state.tb.pool == 21
    assert state.view(0)["discard"][-1]["card"] == "blue-corn-shell"


def test_hand_limit_seven_at_the_end_of_the_turn() -> None:
    game = cardroom.make("taco", players=2)
    hand = ["tomato", "lettuce", "onion", "rice", "mold", "carnitas", "avocado", "black-beans"]
    state = arrange(game, hands={0: hand}, deck_top=["grilled-fish"])
    state = state.apply(0, "end")
    assert state.view(0)["prompt"] == {"kind": "discard", "seats": [0], "count": 2, "why": "limit"}
    state = state.apply(0, "discard tomato").apply(0, "discard lettuce")
    assert len(state.tb.hands[0]) == 7 and state.tb.turn == 1


def _finish_round(state: TacoState, rng: random.Random) -> TacoState:
    start = state.tb.round
    while not state.is_over and state.tb.round == start:
        seat = state.to_act[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_the_trophy_winner_goes_first_with_six_cards_and_totals_run_over_the_match() -> None:
    game = cardroom.make("taco", players=4, rounds=3)
    rng = random.Random(5)
    state = game.new_game(21)
    state = _finish_round(state, rng)
    assert state.tb.round == 2
    winner = state.tb.trophy
    first_scores = state.tb.round_scores[0]
    assert first_scores[winner] == max(first_scores)
    assert state.tb.first == winner and state.tb.turn == winner
    assert len(state.tb.hands[winner]) == 7  # six dealt, one drawn
    assert sorted(len(h) for s, h in enumerate(state.tb.hands) if s != winner) == [5, 5, 5]
    state = _finish_round(_finish_round(state, rng), rng)
    assert state.is_over and state.outcome is not None
    totals = [sum(r[s] for r in state.tb.round_scores) for s in range(4)]
    assert list(state.outcome.scores or ()) == totals
    assert state.outcome.winners == tuple(s for s in range(4) if totals[s] == max(totals))


def test_gimme_that_trophy_goes_to_the_most_basic_ingredients_and_can_be_taken() -> None:
    game = cardroom.make("taco", players=2, gimme_trophy=True)
    state = arrange(
        game,
        hands={0: ["tomato", "onion"], 1: ["lettuce", "rice", "mold"]},
        tacos={1: ["shredded-beef"]},
        deck_top=["carnitas", "avocado", "black-beans"],
    )
    assert state.tb.gimme == -1  # superstars do not count
    state = let_stand(state.apply(0, "play tomato 0"))
    assert state.tb.gimme == 0
    state = let_stand(state.apply(1, "play lettuce 1"))
    assert state.tb.gimme == 0  # a tie does not take it
    state = let_stand(state.apply(0, "end"))
    state = let_stand(state.apply(1, "play rice 1"))
    assert state.tb.gimme == 1  # one more basic ingredient than the holder


def test_gimme_bonus_counts_three_at_round_end() -> None:
    game = cardroom.make("taco", players=2, gimme_trophy=True)
    state = arrange(game, hands={0: ["tomato"]}, tacos={1: ["avocado", "carnitas"]}, deck_top=["lettuce"], pool=7)
    assert state.tb.gimme == 1
    state = let_stand(state.apply(0, "play tomato 0"))
    assert state.is_over and state.outcome is not None and state.outcome.scores == (1.0, 9.0)


def test_poisons_act_before_the_draw_and_stay_until_removed() -> None:
    game = cardroom.make("taco", players=2)
    state = arrange(game, tacos={0: ["fruit-flies", "tomato", "lettuce"]}, deck_top=["onion", "rice", "mold"])
    assert len(state.tb.tacos[0]) == 3  # one ingredient was destroyed before the draw
    assert state.tb.pool == 23
    assert len(state.tb.hands[0]) == 1


def test_invalid_and_illegal_actions_are_refused_without_change() -> None:
    game = cardroom.make("taco", players=2)
    state = arrange(game, hands={0: ["mold"], 1: ["tomato"]}, deck_top=["lettuce"])
    before = state.to_json()
    for text in ("", "fly", "play", "play tomato", "play tomato x", "target tomato x"):
        with pytest.raises(InvalidAction):
            state.apply(0, text)
    with pytest.raises(IllegalAction):  # read in either order (card, seat), but no target is asked for
        state.apply(0, "target tomato 1")
    with pytest.raises(IllegalAction, match="hold no 'tomato'"):
        state.apply(0, "play tomato 0")
    with pytest.raises(IllegalAction, match="not seat 1's decision"):
        state.apply(1, "end")
    with pytest.raises(IllegalAction):
        state.apply(0, "instant no-way-jose")
    with pytest.raises(IllegalAction):
        state.apply(0, "play lettuce 5")
    assert state.to_json() == before
    forced = arrange(game, hands={0: ["tomato"]}, deck_top=["fire-ants"])
    with pytest.raises(IllegalAction, match="must be played immediately"):
        forced.apply(0, "play tomato 0")


def test_an_instant_choice_stays_hidden_until_everyone_has_chosen() -> None:
    game = cardroom.make("taco", players=3)
    state = arrange(game, hands={0: ["carnitas"], 1: ["no-way-jose"]}, deck_top=["lettuce"])
    state = state.apply(0, "play carnitas 0").apply(1, "instant no-way-jose")
    assert state.to_act == (2,)
    for seat in (0, 2, None):
        assert state.view(seat)["stack"][-1][2] == [0, 0, -1]
        assert not any("No Way" in line for line in state.view(seat)["recent"])
    assert state.view(1)["stack"][-1][2][1] > 0
    assert any("No Way" in line for line in state.view(1)["recent"])


def test_sample_keeps_the_view_and_a_search_can_play_from_it() -> None:
    game = cardroom.make("taco", players=4)
    state = game.new_game(9)
    rng = random.Random(2)
    for _ in range(60):
        seat = state.to_act[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = state.view(state.to_act[0])
    sampled = game.sample(view, rng)
    assert sampled.view(view["seat"]) == view
    assert sampled.census() == state.census()


@pytest.mark.parametrize("preset, players", [("standard", 3), ("v3", 2)])  # v3: the second player's pick
def test_load_and_replay_rebuild_the_state(preset: str, players: int) -> None:
    game = cardroom.make("taco", preset=preset, players=players, rounds=2)
    state = game.new_game(4)
    rng = random.Random(4)
    moves = []
    for _ in range(120):
        if state.is_over:
            break
        seat = state.to_act[0]
        act = rng.choice(state.legal_actions(seat))
        moves.append((seat, str(act)))
        state = state.apply(seat, act)
    assert game.load(state.to_json()) == state
    assert game.replay(4, moves) == state


def test_what_a_seat_saw_of_other_hands_is_kept_by_sample_and_shuffle() -> None:
    game = cardroom.make("taco", players=3)
    state = arrange(game, hands={0: ["sticky-fingers"], 2: ["mold"]}, deck_top=["lettuce"])
    state = let_stand(state.apply(0, "use sticky-fingers")).apply(0, "choose 2")
    mold = next(c for c in state.tb.hands[0] if game.deck.cards[c].slug == "mold")  # type: ignore[attr-defined]
    assert state.view(2)["known"] == [[mold, 0, "mold"]]  # the victim knows who holds its Mold
    assert state.view(1)["known"] == []  # the third player does not
    rng = random.Random(3)
    for _ in range(5):
        assert mold in game.sample(state.view(2), rng).tb.hands[0]
        assert mold in state.shuffle_unknown(2, rng).tb.hands[0]


def test_exact_legal_counts_in_a_set_position() -> None:
    """Like perft: every distinct card in hand times every taco, plus actions, plus `end`."""
    game = cardroom.make("taco", players=3)
    state = arrange(
        game, hands={0: ["tomato", "tomato", "mold", "food-poisoning", "no-way-jose"]}, deck_top=["blue-corn-shell"]
    )
    # tomato, food-poisoning and blue-corn-shell into 3 tacos = 9; use mold = 1; end = 1; the Instant: none.
    assert len(state.legal_actions(0)) == 11
    state = state.apply(0, "play tomato 1")
    assert state.to_act == (1, 2)
    assert legal(state, 1) == ["pass"] and legal(state, 2) == ["pass"]
