"""The lobby's create form in German: every game's option help, the values its menus offer and the
presets in German words, on a real server in Chromium with a German browser; and the browser
catalogues word every option and value the games declare (a new option without words fails here;
the seat count's help too, which `cardroom games` shows)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

from cardroom.server.edge.catalogue import game_catalogue
from tests.server.process import ROOT, ServerProcess, free_port

pytestmark = pytest.mark.browser

CATALOGUES = ROOT / "src" / "cardroom" / "web" / "i18n"
# Words of the engines' English help and values that must not be left in the German form.
ENGLISH = re.compile(
    r"\b(the|which|cards?|players?|or|and|yes|no|none|stacking|icon|title|cats|discard|removed|arrow|redeal"
    r"|sets|all|two|empty|classic|current|official|assumed: no)\b"
)
# What German keeps as written: what a person types into a free-text box (Tacocat's decks and board by
# their names), the variants' printed names, versions.
KEPT = re.compile(r"„[^“]*“|\bv\d\b|T\.A\.C\.O\.")
GAMES = ("tacocat", "exploding-kittens", "taco")  # the games the room lists
VERSION = re.compile(r"v\d+")  # a preset named by a version is shown as written in every language


def _catalogue(lang: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))
    return found


def test_every_option_and_value_the_games_declare_has_words_in_both_languages() -> None:
    english, german = _catalogue("en"), _catalogue("de")
    needed = []
    for game in (g for g in game_catalogue() if g.name in GAMES):  # not a test's toy another test registers
        needed += [f"lobby.preset.{p}" for p in game.presets if not VERSION.fullmatch(p)]
        for option in game.options:
            needed.append(f"lobby.help.{game.name}.{option.name}")
            needed += [f"lobby.choice.{option.name}.{c}" for c in option.choices or () if isinstance(c, str)]
    missing = [key for key in needed if key not in english or key not in german]
    assert not missing, missing
    assert all(english[key] != german[key] for key in needed if ".help." in key)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = f"sqlite:///{tmp_path_factory.mktemp('lobby') / 'cardroom.sqlite3'}"
    process = ServerProcess(free_port(), database).start()
    yield process
    process.stop()


@pytest.fixture(scope="module")
def forms(server: ServerProcess, browser: Browser) -> dict[tuple[str, str], tuple[str, list[str], list[str]]]:
    """Each game's form as a browser in German and one in English show it: the option notes, the values
    of every option menu, the presets."""
    shown = {}
    for locale in ("de-DE", "en-US"):
        page = browser.new_page(locale=locale)
        page.goto(server.url + "/")
        for game in GAMES:
            page.wait_for_selector(f"#game option[value='{game}']", state="attached")
            page.select_option("#game", game)
            notes = page.eval_on_selector_all("#options .note", "ns => ns.map(n => n.textContent)")
            values = page.eval_on_selector_all("#options select option", "os => os.map(o => o.textContent)")
            presets = page.eval_on_selector_all("#preset option", "os => os.map(o => o.textContent)")
            shown[locale[:2], game] = ("\n".join(notes), values, presets)
        page.close()
    return shown


@pytest.mark.parametrize("game", GAMES)
def test_the_options_are_in_german_on_a_german_page(forms: dict[Any, Any], game: str) -> None:
    notes, values, presets = forms["de", game]
    german = _catalogue("de")
    expected = [o for o in next(g for g in game_catalogue() if g.name == game).options if o.name != "players"]
    for option in expected:
        assert german[f"lobby.help.{game}.{option.name}"] in notes, option.name
    leftover = ENGLISH.findall(KEPT.sub("", "\n".join([notes, *values, *presets])))
    assert not leftover, (leftover, notes, values, presets)
    english_notes, english_values, _ = forms["en", game]
    assert english_notes != notes and len(english_values) == len(values)


def test_german_values_and_yes_no_in_the_menus(forms: dict[Any, Any]) -> None:
    _, values, presets = forms["de", "exploding-kittens"]
    assert {"ohne Stapeln", "mit Stapeln", "Symbol", "Katzen", "ja", "nein", "Ablagestapel"} <= set(values)
    assert presets == ["klassisch", "aktuell"]
    _, english, english_presets = forms["en", "exploding-kittens"]
    assert {"no stacking", "stacking", "icon", "cats", "yes", "no", "discard"} <= set(english)
    assert english_presets == ["classic", "current"]
