"""The games' rules texts in German: each ``rules.de.md`` has its English text's structure (the same
headings at the same levels, table rows, list items and typed commands), the room's rules route
answers in German when the request asks for it (the game's German text, the option table's headings,
meanings and notes in German) and in English otherwise, and the real `cardroom rules` command does
the same under a German and an English locale."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

import cardroom
from tests.cli.terminal import Terminal
from tests.people.room import browser, running_room
from tests.server.process import ServerProcess

GAMES = {"exploding-kittens": "kittens", "taco": "taco", "tacocat": "tacocat"}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}
LOBBY_DE = json.loads(resources.files("cardroom").joinpath("web", "i18n", "de.json").read_text(encoding="utf-8"))


def rules_file(package: str, name: str) -> str:
    return resources.files(f"cardroom.games.{package}").joinpath(name).read_text(encoding="utf-8")


def headings(text: str) -> list[tuple[int, str]]:
    return [(len(m.group(1)), m.group(2).strip()) for m in re.finditer(r"^(#+) (.*)$", text, re.MULTILINE)]


def shape(text: str) -> dict[str, object]:
    """What a faithful translation keeps: its headings' levels, its table rows (each with its
    number of cells), its numbered and bulleted items, and the commands and notation in backticks."""
    lines = text.splitlines()
    return {
        "heading levels": [level for level, _ in headings(text)],
        "table rows": [line.count("|") for line in lines if line.startswith("|")],
        "numbered items": sum(1 for line in lines if re.match(r"\s*\d+\. ", line)),
        "bullets": sum(1 for line in lines if re.match(r"\s*- ", line)),
        "typed": Counter(re.findall(r"`[^`]+`", text)),
    }


def english_sections(package: str) -> list[str]:
    """The English text's section headings (the games' titles stay as printed in both languages)."""
    return [title for level, title in headings(rules_file(package, "rules.md")) if level > 1]


@pytest.mark.parametrize("package", sorted(GAMES.values()))
def test_the_german_text_has_the_english_texts_structure(package: str) -> None:
    english, german = rules_file(package, "rules.md"), rules_file(package, "rules.de.md")
    assert shape(german) == shape(english)
    assert [title for level, title in headings(german) if level == 1] == [
        title for level, title in headings(english) if level == 1
    ]
    assert not set(english_sections(package)) & {title for _, title in headings(german)}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_room(tmp_path_factory.mktemp("rules")) as room:
        yield room


def option_rows(markdown: str) -> dict[str, str]:
    """The option table's rows by option name: the meaning column."""
    rows = re.findall(r"^\| `([a-z_]+)` \| `[^`]*` \| (.*) \|$", markdown, re.MULTILINE)
    return dict(rows)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_rules_route_answers_in_the_asked_language(server: ServerProcess, game: str) -> None:
    package = GAMES[game]
    specs = cardroom.make(game).option_specs
    with browser(server) as client:
        german = client.get(f"/api/games/{game}/rules", headers=GERMAN)
        english = client.get(f"/api/games/{game}/rules")
    assert german.status_code == english.status_code == 200, german.text + english.text
    de, en = german.json()["markdown"], english.json()["markdown"]

    assert de.startswith(rules_file(package, "rules.de.md").rstrip())
    preset = german.json()["preset"]
    assert f"## Dieser Tisch: Voreinstellung `{preset}`\n\n| Option | Wert | Bedeutung |" in de
    assert not set(english_sections(package)) & {title for _, title in headings(de)}
    meanings = option_rows(de)
    assert list(meanings) == [spec.name for spec in specs]
    for spec in specs:
        assert meanings[spec.name].startswith(LOBBY_DE[f"lobby.help.{game}.{spec.name}"]), spec.name
        assert meanings[spec.name].endswith("*(angenommen: kein Regeltext nennt es)*") == spec.assumed

    assert en.startswith(rules_file(package, "rules.md").rstrip())
    assert f"## This table: preset `{preset}`\n\n| option | value | meaning |" in en
    for spec in specs:
        note = " *(assumed: no rule text gives it)*" if spec.assumed else ""
        assert option_rows(en)[spec.name] == spec.help + note


def cardroom_rules(game: str, lang: str) -> str:
    """What the real `cardroom rules GAME` prints under a locale (a wide terminal: no line wrapped)."""
    language = {"LANG": lang, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    env = {**os.environ, **language, "COLUMNS": "250", "NO_COLOR": "1", "TERM": "dumb"}
    done = subprocess.run(
        [sys.executable, "-m", "cardroom.cli.main", "rules", game],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.parametrize("game", sorted(GAMES))
def test_cardroom_rules_speaks_the_terminals_language(game: str) -> None:
    package = GAMES[game]
    german = cardroom_rules(game, "de_DE.UTF-8")
    lines = {line.strip() for line in german.splitlines()}
    for _, title in headings(rules_file(package, "rules.de.md"))[1:]:
        assert title.replace("`", "") in lines, title
    assert "Dieser Tisch: Voreinstellung" in german
    for column in ("Option", "Wert", "Bedeutung"):
        assert column in german
    assert not set(english_sections(package)) & {line.strip() for line in german.splitlines()}
    assert "This table" not in german


def test_cardroom_rules_keeps_english_without_a_german_locale() -> None:
    english = cardroom_rules("exploding-kittens", "C.UTF-8")
    lines = {line.strip() for line in english.splitlines()}
    for title in english_sections("kittens"):
        assert title in lines, title
    assert "This table: preset classic" in lines
    assert "Vorbereitung" not in english and "Dieser Tisch" not in english


def test_the_rules_routes_refusals_are_in_the_asked_language(server: ServerProcess) -> None:
    with browser(server) as client:
        no_game = client.get("/api/games/chess/rules", headers=GERMAN)
        no_preset = client.get("/api/games/tacocat/rules", params={"preset": "nope"}, headers=GERMAN)
        english = client.get("/api/games/tacocat/rules", params={"preset": "nope"})
    assert no_game.status_code == 404
    assert no_game.json()["detail"].startswith("kein Spiel namens 'chess'; Spiele: ")
    assert "tacocat" in no_game.json()["detail"]
    assert (no_preset.status_code, no_preset.json()["detail"]) == (
        422,
        "tacocat hat keine Voreinstellung 'nope'; Voreinstellungen: official, print-and-play, quick-reference",
    )
    assert (english.status_code, english.json()["detail"]) == (
        422,
        "tacocat has no preset 'nope'; presets: official, print-and-play, quick-reference",
    )


def test_the_rules_key_of_a_german_table_shows_the_german_rules(tmp_path: Path) -> None:
    args = ["play", "tacocat", "--vs", "random", "--seed", "11", "--records", str(tmp_path), "--lang", "de"]
    term = Terminal(args, tmp_path)
    term.expect("dein Zug> ")
    term.send("rules")
    term.expect("Eine Runde, in dieser Reihenfolge")
    term.expect("Dieser Tisch: Voreinstellung official")
    term.expect("Wert")
    term.expect("dein Zug> ")
    term.send("quit")
    assert term.wait() == 0
    assert "A round, in this order" not in term.buffer and "This table" not in term.buffer
