"""Deck versions: new tables get v2, v1 stays loadable (also by its old name), and v2's poisons wear off."""

from __future__ import annotations

import json

import pytest

import cardroom
from cardroom.core import events as ev
from cardroom.games.taco.arrange import arrange
from cardroom.games.taco.cards import VERSIONS, deck_version, load_deck


def test_new_tables_get_v2_and_records_name_the_version() -> None:
    game = cardroom.make("taco", players=3)
    assert game.options["deck"] == "v2"
    assert game.deck is load_deck("v2")  # type: ignore[attr-defined]
    state = game.new_game(5)
    assert json.loads(json.dumps(state.to_json()))["options"]["deck"] == "v2"


def test_v1_loads_by_name_and_by_the_name_records_used_before_versions() -> None:
    assert deck_version("standard") == "v1" and deck_version("v2") == "v2" and deck_version("x.toml") == "file"
    v1, old = load_deck("v1"), load_deck("standard")
    assert [c.name for c in v1.cards] == [c.name for c in old.cards]
    assert [(c.points, c.params) for c in v1.cards] == [(c.points, c.params) for c in old.cards]
    assert not any("turns" in c.params for c in v1.cards)  # v1's poisons last forever, as they did
    a = cardroom.make("taco", players=2, deck="standard").new_game(9)
    b = cardroom.make("taco", players=2, deck="v1").new_game(9)
    assert a.tb.hands == b.tb.hands and a.tb.deck == b.tb.deck


def test_every_poison_in_v2_wears_off_and_more_cards_remove_poisons() -> None:
    v1, v2 = load_deck("v1"), load_deck("v2")
    assert all(0 < int(s.params["turns"]) <= 3 for s in v2.specs if s.type == "poison")

    def cures(deck: object) -> int:
        return sum(
            1
            for c in deck.cards  # type: ignore[attr-defined]
            if (c.effect == "destroy" and c.params.get("what") == "poison")
            or (c.effect == "return_card" and c.params.get("what") == "any")
            or c.effect == "swap"
        )

    assert cures(v2) > cures(v1)
    # The same card names as v1, so every action text (and the RL action space) is unchanged.
    assert {s.slug for s in v1.specs} == {s.slug for s in v2.specs}


def test_a_poison_that_wears_off_acts_its_turns_then_goes_to_the_discard_pile() -> None:
    game = cardroom.make("taco", players=2)
    state = arrange(game, hands={0: ["tomato"] * 6, 1: ["lettuce"] * 6}, tacos={0: ["food-poisoning"]}, turn=0)
    poison = next(c for c in state.tb.tacos[0] if game.deck.cards[c].slug == "food-poisoning")  # type: ignore[attr-defined]
    acted = 0
    while poison in state.tb.tacos[0] or state.view(0)["prompt"].get("why") == "poison":  # type: ignore[attr-defined]
        seat = state.to_act[0]
        prompt = state.view(seat)["prompt"]
        if prompt["kind"] == "discard" and prompt["why"] == "poison":
            acted += 1  # the poison acted (and aged) just before asking; ages are public
            assert state.view(1).get("ages", []) == ([[poison, acted]] if acted < 3 else [])
        legal = [str(a) for a in state.legal_actions(seat)]
        state = state.apply(seat, next((a for a in legal if a in ("end", "pass")), legal[0]))
        assert state.step < 200
    assert acted == 3  # its `turns`
    assert poison in state.tb.discard  # type: ignore[attr-defined]
    assert [e.data["id"] for e in ev.iterate(state.history) if e.kind == "worn_off"] == [poison]
    assert "ages" not in state.tb.to_json() and "ages" not in state.view(0)  # type: ignore[attr-defined]


@pytest.mark.parametrize("version", sorted(VERSIONS))
def test_every_shipped_version_plays_to_the_end_and_round_trips(version: str) -> None:
    game = cardroom.make("taco", players=3, deck=version)
    state = game.new_game(3)
    rng = __import__("random").Random(3)
    while not state.is_over:
        seat = state.to_act[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.step % 97 == 0:
            assert game.load(json.loads(json.dumps(state.to_json()))) == state
    assert state.census()["points"] == state.tb.pool_start  # type: ignore[attr-defined]


def test_a_menu_offers_every_version_by_its_name_newest_first() -> None:
    """The room's menu reads the deck option's ``offered`` (the option also takes a file's path, so it has
    no ``choices``): every shipped deck once, by its current name, the one new tables get first."""
    deck = next(o for o in cardroom.core.game_class("taco").option_specs if o.name == "deck")  # type: ignore[attr-defined]
    assert deck.choices is None and deck.offered is not None
    assert deck.offered[0] == deck.default == "v2"
    assert {deck_version(v) for v in deck.offered} == {deck_version(v) for v in VERSIONS}
    assert len(set(deck.offered)) == len({deck_version(v) for v in VERSIONS})  # no alias offered twice
    for version in deck.offered:
        assert cardroom.make("taco", deck=version).options["deck"] == version
