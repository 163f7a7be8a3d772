"""One scenario per effect function: every effect a deck may name is exercised here."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import cardroom
from cardroom.games.taco.arrange import arrange
from cardroom.games.taco.effects import EFFECTS
from cardroom.games.taco.game import TacoGame
from cardroom.games.taco.state import TacoState


def game(players: int = 2, **options: object) -> TacoGame:
    # The scenarios were worked out on deck v1's printed points; the effects are the same in v2.
    made = cardroom.make("taco", players=players, **{"deck": "v1", **options})
    assert isinstance(made, TacoGame)
    return made


def let_stand(state: TacoState) -> TacoState:
    while state.tb.stack and state.tb.stack[-1][0] == "window":
        state = state.apply(state.to_act[0], "pass")
    return state


def slugs(state: TacoState, cards: list[int]) -> list[str]:
    return [state.game.deck.cards[c].slug for c in cards]


def legal(state: TacoState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def effect_none() -> None:
    state = arrange(game(), hands={0: ["avocado"]}, deck_top=["lettuce"])
    state = let_stand(state.apply(0, "play avocado 0"))
    assert state.tb.turn == 1 and state.tb.pool == 21


def effect_play_another() -> None:
    state = arrange(game(), hands={0: ["shredded-beef", "mold"]}, deck_top=["lettuce"])
    state = let_stand(state.apply(0, "play shredded-beef 0"))
    assert "use mold" in legal(state, 0) and "pass" in legal(state, 0)


def effect_place_ingredient() -> None:
    state = arrange(game(), hands={0: ["guacamole", "avocado", "carnitas"]}, deck_top=["lettuce"])
    state = let_stand(state.apply(0, "play guacamole 0"))
    assert legal(state, 0) == ["pass", "play avocado 0", "play lettuce 0"]  # vegetables only, own taco
    state = let_stand(state.apply(0, "play avocado 0"))
    assert state.tb.pool == 24 - 5


def effect_draw() -> None:
    state = arrange(game(), hands={0: ["food-truck"]}, deck_top=["lettuce", "onion", "rice"])
    state = let_stand(state.apply(0, "use food-truck"))
    assert slugs(state, state.tb.hands[0]) == ["onion", "rice"] or sorted(slugs(state, state.tb.hands[0])) == [
        "lettuce",
        "onion",
        "rice",
    ]


def effect_destroy() -> None:
    state = arrange(game(), hands={0: ["vegan-wave"]}, tacos={1: ["tomato", "carnitas"]}, deck_top=["lettuce"])
    state = let_stand(state.apply(0, "use vegan-wave"))
    assert legal(state, 0) == ["target carnitas 1"]  # meat only
    state = state.apply(0, "target carnitas 1")
    assert state.tb.pool == 23
    # Antacid destroys poisons only.
    state = arrange(game(), hands={0: ["antacid"]}, tacos={1: ["food-poisoning", "tomato"]}, deck_top=["lettuce"])
    state = let_stand(state.apply(0, "use antacid"))
    assert legal(state, 0) == ["target food-poisoning 1"]


def effect_steal() -> None:
    state = arrange(
        game(3), hands={0: ["chorizo"]}, tacos={1: ["carnitas", "tomato"], 2: ["grilled-fish"]}, deck_top=["lettuce"]
    )
    state = let_stand(state.apply(0, "play chorizo 0"))
    assert legal(state, 0) == ["target carnitas 1", "target grilled-fish 2"]
    state = state.apply(0, "target grilled-fish 2")
    assert sum(state.tb.points[c] for c in state.tb.tacos[0]) == 5


def effect_swap() -> None:
    state = arrange(game(), hands={0: ["switcheroo"]}, tacos={0: ["fruit-flies"], 1: ["avocado"]}, deck_top=["lettuce"])
    state = let_stand(state.apply(0, "use switcheroo"))
    state = state.apply(0, "target fruit-flies 0").apply(0, "target avocado 1")
    assert slugs(state, state.tb.tacos[0])[1:] == ["avocado"]
    assert slugs(state, state.tb.tacos[1])[1:] == ["fruit-flies"]


def effect_return_card() -> None:
    state = arrange(game(), hands={0: ["doggy-bag"]}, tacos={0: ["fruit-flies"], 1: ["rice"]}, deck_top=["lettuce"])
    state = let_stand(state.apply(0, "use doggy-bag"))
    assert legal(state, 0) == ["target fruit-flies 0", "target rice 1"]
    state = state.apply(0, "target rice 1")
    assert "rice" in slugs(state, state.tb.hands[1]) and state.tb.pool == 24
    assert [holder for _, holder, _ in state.view(0)["known"]] == [1]


def effect_take_random() -> None:
    state = arrange(game(3), hands={0: ["sticky-fingers"], 2: ["mold"]}, deck_top=["lettuce"])
    state = let_stand(state.apply(0, "use sticky-fingers"))
    assert legal(state, 0) == ["choose 2"]  # only players holding cards
    state = state.apply(0, "choose 2")
    assert "mold" in slugs(state, state.tb.hands[0]) and not state.tb.hands[2]
    assert any("takes Mold" in line for line in state.view(2)["recent"])
    assert not any("Mold" in line for line in state.view(1)["recent"])


def effect_make_discard() -> None:
    state = arrange(game(), hands={0: ["jalapeno"], 1: ["mold", "tomato"]}, deck_top=["lettuce"])
    state = let_stand(state.apply(0, "play jalapeno 0"))
    state = state.apply(0, "choose 1")
    assert state.to_act == (1,) and legal(state, 1) == ["discard mold", "discard tomato"]
    state = state.apply(1, "discard mold")
    assert slugs(state, state.tb.hands[1])[:1] == ["tomato"]


def effect_revive() -> None:
    state = arrange(game(), hands={0: ["five-second-rule"]}, discard=["carnitas", "mold"], deck_top=["lettuce"])
    state = let_stand(state.apply(0, "use five-second-rule"))
    assert slugs(state, state.tb.tacos[0])[1:] == ["carnitas"] and state.tb.pool == 21


def effect_taco_master() -> None:
    g = game(3, antics=True)
    state = arrange(g, hands={1: ["mold"], 2: ["tomato"]}, tacos={0: ["taco-master"]}, deck_top=["lettuce"])
    assert state.to_act == (1, 2)
    assert legal(state, 1) == ["discard mold", "hail"]
    state = state.apply(1, "hail").apply(2, "discard tomato")
    assert state.to_act == (0,) and not state.tb.hands[2]


def effect_discard_each_turn() -> None:
    state = arrange(game(), hands={0: ["mold", "tomato"]}, tacos={0: ["food-poisoning"]}, deck_top=["lettuce"])
    assert state.view(0)["prompt"]["kind"] == "discard" and len(state.tb.hands[0]) == 2  # before the draw
    state = state.apply(0, "discard tomato")
    assert slugs(state, state.tb.hands[0]) == ["mold", "lettuce"] or sorted(slugs(state, state.tb.hands[0])) == [
        "lettuce",
        "mold",
    ]


def effect_destroy_each_turn() -> None:
    state = arrange(game(), tacos={0: ["meat-sweats", "carnitas", "tomato"]}, deck_top=["lettuce"])
    assert slugs(state, state.tb.tacos[0])[1:] == ["meat-sweats", "tomato"] and state.tb.pool == 23


def effect_discard_random_each_turn() -> None:
    state = arrange(game(), hands={0: ["mold"]}, tacos={0: ["fire-ants"]}, deck_top=["lettuce"])
    assert slugs(state, state.tb.hands[0]) == ["lettuce"] and "mold" in slugs(state, state.tb.discard)


def effect_accent() -> None:
    state = arrange(game(antics=True), hands={0: ["mold"]}, tacos={0: ["foreign-accent"]}, deck_top=["lettuce"])
    assert legal(state, 0) == ["accent", "discard mold"]
    state = state.apply(0, "accent")
    assert state.view(0)["prompt"]["kind"] == "main"


def effect_cancel() -> None:
    state = arrange(game(), hands={0: ["mold"], 1: ["rain-check"]}, tacos={1: ["rice"]}, deck_top=["lettuce", "onion"])
    state = state.apply(0, "use mold").apply(1, "instant rain-check").apply(0, "pass")
    assert state.tb.pool == 22 and "onion" in slugs(state, state.tb.hands[1])  # stopped, and Rain Check drew


SCENARIOS: dict[str, Callable[[], None]] = {
    name.removeprefix("effect_"): fn for name, fn in list(globals().items()) if name.startswith("effect_")
}


def test_every_effect_has_a_scenario() -> None:
    assert sorted(SCENARIOS) == sorted(EFFECTS)


def test_the_shipped_deck_uses_every_effect() -> None:
    used = {spec.effect for spec in game().deck.specs}
    assert used == set(EFFECTS)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_effect(name: str) -> None:
    SCENARIOS[name]()
