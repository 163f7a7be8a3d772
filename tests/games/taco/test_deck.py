"""The deck is data: the shipped file loads with the right cards, and bad files are refused clearly."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import cardroom
from cardroom.core.errors import InvalidOptions
from cardroom.games.taco.cards import DeckError, load_deck, slugify

SHIPPED = Path(cardroom.__file__).parent / "games" / "taco" / "deck_v1.toml"  # a fixed text to break


@pytest.mark.parametrize("version", ["v1", "v2"])
def test_the_shipped_deck_has_142_cards_plus_8_crunchy_shells(version: str) -> None:
    deck = load_deck(version)
    assert len(deck.cards) == 150
    assert sum(1 for c in deck.cards if not c.starting) == 142
    starting = [c for c in deck.cards if c.starting]
    assert len(starting) == 8 and {c.name for c in starting} == {"Crunchy Shell"} and starting[0].points == 0
    types = Counter(c.type for c in deck.cards if not c.starting)
    assert types == {"basic": 55, "superstar": 25, "shell": 10, "action": 22, "poison": 14, "instant": 16}


@pytest.mark.parametrize("version", ["v1", "v2"])
def test_the_named_cards_keep_their_rulebook_effects(version: str) -> None:
    deck = load_deck(version)
    spec = {s.slug: s for s in deck.specs}
    assert spec["shredded-beef"].effect == "play_another"
    assert spec["sour-cream"].effect == "place_ingredient" and spec["sour-cream"].params == {"points": 1}
    assert spec["tomato"].type == "basic" and spec["tomato"].points == 1
    assert spec["mold"].type == "action" and spec["mold"].effect == "destroy"
    assert spec["shrimp"].is_ingredient and spec["shrimp"].food == "meat"
    assert spec["nacho-card-o"].effect == "steal"
    assert spec["foreign-accent"].type == "poison" and spec["foreign-accent"].antics
    assert spec["taco-master"].antics and spec["taco-master"].effect == "taco_master"
    assert any(s.points < 0 for s in deck.specs) and any(s.play_immediately for s in deck.specs)
    assert all(s.food in ("meat", "vegetable") for s in deck.specs if s.is_ingredient)


def test_antics_cards_stay_in_the_box_unless_asked_for() -> None:
    plain = cardroom.make("taco").new_game(3)
    cards = plain.game.deck.cards  # type: ignore[attr-defined]
    assert all(cards[c].antics or cards[c].starting for c in plain.tb.box)
    assert sum(1 for c in plain.tb.box if cards[c].antics) == 2
    wild = cardroom.make("taco", antics=True).new_game(3)
    assert not any(cards[c].antics for c in wild.tb.box)


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _broken(tmp_path: Path, old: str, new: str) -> str:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    return _write(tmp_path, text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("old", "new", "card", "field"),
    [
        ('effect = "steal"\ntext = "Steal', 'effect = "pilfer"\ntext = "Steal', "Nacho Card-O", "effect"),
        ('name = "Mold"\ntype = "action"', 'name = "Mold"\ntype = "spell"', "Mold", "type"),
        (
            'name = "Tomato"\ntype = "basic"\npoints = 1\ncount = 7\nfood = "vegetable"\n',
            'name = "Tomato"\ntype = "basic"\npoints = 1\ncount = 7\n',
            "Tomato",
            "food",
        ),
        (
            'name = "Onion"\ntype = "basic"\npoints = 1\ncount = 6\n',
            'name = "Onion"\ntype = "basic"\npoints = 1\n',
            "Onion",
            "count",
        ),
        (
            'name = "Lettuce"\ntype = "basic"\npoints = 1\ncount = 7',
            'name = "Lettuce"\ntype = "basic"\npoints = 1\ncount = 0',
            "Lettuce",
            "count",
        ),
        (
            'name = "Rice"\ntype = "basic"\npoints = 2\ncount = 4',
            'name = "Rice"\ntype = "basic"\npoints = 2\ncount = "four"',
            "Rice",
            "count",
        ),
        ('params = { count = 2 }\ntext = "Draw 2', 'params = { many = 2 }\ntext = "Draw 2', "Food Truck", "params"),
    ],
    ids=["unknown-effect", "unknown-type", "missing-food", "missing-count", "zero-count", "text-count", "bad-param"],
)
def test_a_bad_deck_file_is_refused_naming_the_card_and_field(
    tmp_path: Path, old: str, new: str, card: str, field: str
) -> None:
    path = _broken(tmp_path, old, new)
    with pytest.raises(DeckError) as info:
        cardroom.make("taco", deck=path)
    assert card in str(info.value) and repr(field) in str(info.value)
    assert isinstance(info.value, InvalidOptions)


def test_unreadable_and_malformed_deck_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="cannot read"):
        cardroom.make("taco", deck=str(tmp_path / "missing.toml"))
    with pytest.raises(DeckError, match="not valid TOML"):
        cardroom.make("taco", deck=_write(tmp_path, "[[card]\nname="))


def test_a_players_own_deck_file_is_played(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8").replace(
        'name = "Tomato"\ntype = "basic"\npoints = 1', 'name = "Tomato"\ntype = "basic"\npoints = 3'
    )
    game = cardroom.make("taco", deck=_write(tmp_path, text))
    assert game.deck.by_slug("tomato").points == 3  # type: ignore[attr-defined]
    state = game.new_game(1)
    assert state.to_act


def test_slugs_are_action_words() -> None:
    assert slugify("Nacho Card-O") == "nacho-card-o"
    assert slugify("No Way, José!") == "no-way-jose"
