"""A game's printed card names are declared once, by its kit (``printed_names``), and the locale words
every registered game's by them: each name has a German entry, and an engine's text naming a card by its
printed name or by its code reads back in German."""

from __future__ import annotations

import io

import pytest
from babel.messages.pofile import read_po

from cardroom.core.kit import GameKit
from cardroom.core.registry import kit, kits
from cardroom.locale import catalogue_text
from cardroom.locale.actions import action_in
from cardroom.locale.events import event_in
from cardroom.locale.readback import coded_cards, printed_cards
from cardroom.locale.reasons import reworded


@pytest.mark.parametrize("found", [k for k in kits() if k.printed_names], ids=lambda k: k.name)
def test_every_declared_printed_name_is_read_back_and_has_a_german_entry(found: GameKit) -> None:
    names = found.card_names()
    assert names, f"{found.name} declares printed names but its mapping is empty"
    german = {m.id for m in read_po(io.StringIO(catalogue_text("de")), locale="de") if m.string}
    assert set(names.values()) <= german
    assert set(names.values()) <= set(printed_cards()) and set(names) <= set(coded_cards())


def test_the_kittens_kit_declares_its_cards_by_code() -> None:
    names = kit("exploding-kittens").card_names()
    assert names["see-the-future"] == "See the Future" and names["rainbow-ralphing-cat"] == "Rainbow-Ralphing Cat"
    assert len(names) == 13


def test_a_card_an_engine_names_is_worded_in_german() -> None:
    assert reworded("you hold no See the Future", "de") == "du hast keine Karte „Blick in die Zukunft“"
    assert action_in("played See The Future", "de") == "„Blick in die Zukunft“ spielen"  # the code's words
    assert event_in("Bo plays Nope: Ada's see-the-future is cancelled", "de") == (
        "Bo spielt Nö!: Blick in die Zukunft von Ada ist aufgehoben"  # by printed name and by code
    )
    assert event_in("Your hand: Defuse, See the Future", "de") == "Deine Hand: Entschärfung, Blick in die Zukunft"
