"""The balance lab's HTML report and the arena's and the lab's figures in the terminal's language: the real
`cardroom` command run as a process under a German locale writes report.html in German with German
figures (``50,0 %``), its balance.json in English (it is data), and the arena's seat table numbers the
seats from 1 with German figures while arena.json keeps the engine's seats from 0; under an English locale
every figure is written as before (``50.0%``)."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from cardroom.locale.numbers import number, pattern, percent

CARDROOM = [sys.executable, "-m", "cardroom.cli.main"]
SMALL = ["--games", "8", "--blocks", "2", "--skill-games", "2", "--skill-bots", "random heuristic"]
BALANCE = ["balance", "tacocat", *SMALL]
ARENA = ["arena", "tacocat", "--bots", "random", "heuristic", "--games", "2", "--seed", "3"]
ENGLISH_SHARE = re.compile(r"\d\.\d%")  # 50.0%
GERMAN_SHARE = re.compile(r"\d,\d\u00a0%")  # 50,0 % (a no-break space, as CLDR writes it)
# The report's own English words that must not be left in the German page (bots' specs, options and
# the engine's name stay as the run wrote them).
REPORT_ENGLISH = re.compile(
    r"Balance report|ended by a safety|\bgames?,|Seat advantage|\bLength\b|Seed blocks|\bblock \d|pooled|verdict|"
    r"too wide|Skill gap|Played on|turn order|win share|histograms|\bmeasure\b|\bseat \d|\bnote:|independent"
)


def cardroom(args: list[str], cwd: Path, lang: str) -> str:
    environment = {**os.environ, "LANGUAGE": lang, "COLUMNS": "250", "NO_COLOR": "1"}
    done = subprocess.run([*CARDROOM, *args], cwd=cwd, env=environment, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def page_text(page: str) -> str:
    """The words a reader of the page sees: its text and its images' alt texts, without the style sheet."""
    page = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    alts = " ".join(re.findall(r"alt='([^']*)'", page))
    return html.unescape(re.sub(r"<[^>]+>", " ", page) + " " + alts)


def test_the_balance_report_page_in_german_and_its_data_in_english(tmp_path: Path) -> None:
    out = tmp_path / "de"
    said = cardroom([*BALANCE, "--out", str(out)], tmp_path, "de")
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "<html lang='de'>" in page
    text = page_text(page)
    for words in (
        "Balance-Bericht: tacocat",
        "durch eine Sicherheitsgrenze beendet: 0 von 8 Spielen (0,0\u00a0%)",
        "8 Spiele, 2 Spieler, Bots heuristic;",
        "Vorteil des Platzes",
        "Zugreihenfolge",
        "Sieganteil nach Zugreihenfolge mit 95-%-Intervallen",  # a plot's alt text
        "Seed-Blöcke (2 unabhängige Blöcke)",
        "nicht p unter 0,01 ergibt",
        "Gespielt auf der Engine reference.",  # the engine's name as the run wrote it
        "Abstand nach Können",
        "2 Spiele je Paarung, doppelt gespielte Austeilungen.",
    ):
        assert words in text, (words, text)
    assert GERMAN_SHARE.search(text) and not ENGLISH_SHARE.search(text), text
    assert re.search(r"<td>Platz 1</td><td>\d+,\d\u00a0%</td>", page), page
    assert not REPORT_ENGLISH.search(text), REPORT_ENGLISH.search(text)
    assert GERMAN_SHARE.search(said) and not ENGLISH_SHARE.search(said), said  # the terminal's tables too
    # balance.json is data: its notes stay the lab's English, its figures numbers.
    data = json.loads((out / "balance.json").read_text(encoding="utf-8"))
    blocks = data["run"]["summary"]["blocks"]
    assert blocks["notes"] and "games cannot say whether" in blocks["notes"][0], blocks["notes"]
    assert isinstance(data["run"]["summary"]["seats"][0]["win_share"], float)


def test_the_balance_report_page_in_english_as_before(tmp_path: Path) -> None:
    out = tmp_path / "en"
    said = cardroom([*BALANCE, "--out", str(out)], tmp_path, "en")
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "<html lang='en'>" in page
    text = page_text(page)
    for words in ("Balance report: tacocat", "Seat advantage", "Seed blocks (2 independent blocks)", "Skill gap"):
        assert words in text, words
    assert ENGLISH_SHARE.search(text) and not GERMAN_SHARE.search(text)
    assert re.search(r"<td>seat 1</td><td>\d+\.\d%</td>", page), page
    assert re.search(r"seat 1 +\d+\.\d% ", said) and "\u00a0%" not in said, said


def seat_column(said: str, title: str) -> list[str]:
    """The first cell of each row of the arena's seat table (the one titled ``title``)."""
    table = said[said.index(title) :]
    return [line.split("│")[1].strip() for line in table.splitlines() if line.startswith("│")]


def test_the_arena_seat_table_counts_from_one_with_german_figures(tmp_path: Path) -> None:
    said = cardroom([*ARENA, "--out", str(tmp_path / "de")], tmp_path, "de")
    assert seat_column(said, "Vorteil des Platzes (alle Spiele des Laufs)") == ["1", "2"], said
    rows = said[said.index("Vorteil des Platzes") :]
    assert re.search(r"│ +1 │ +2 │ +\d+,\d\u00a0% │ \d+,\d\u00a0% – \d+,\d\u00a0% │ +50,0\u00a0% │", rows), rows
    assert re.search(r"Mittlere Spiellänge: \d+,\d Schritte über 2 Spiele\.", said), said
    assert not ENGLISH_SHARE.search(said), said
    # arena.json is data: its seats keep the engine's numbers from 0.
    data = json.loads((tmp_path / "de" / "arena.json").read_text(encoding="utf-8"))
    assert [row["seat"] for row in data["summary"]["seats"]] == [0, 1]


def test_the_arena_seat_table_in_english_counts_from_one_as_before(tmp_path: Path) -> None:
    said = cardroom(ARENA, tmp_path, "en")
    assert seat_column(said, "Seat advantage (every game of the run)") == ["1", "2"], said
    rows = said[said.index("Seat advantage") :]
    assert re.search(r"│ +1 │ +2 │ +\d+\.\d% │ \d+\.\d% – \d+\.\d% │ +50\.0% │", rows), rows
    assert not GERMAN_SHARE.search(said)


def test_figures_are_written_once_for_both_languages() -> None:
    """English is Python's own format; German is Babel's with the same spec's pattern."""
    for value, spec, english, german in (
        (9004, ",", "9,004", "9.004"),
        (1.25, "+.1f", "+1.2", "+1,2"),
        (-3.0, "+.0f", "-3", "-3"),
        (0.0012, ".2g", "0.0012", "0,0012"),
        (0.05, "g", "0.05", "0,05"),
        (0.0, "g", "0", "0"),  # Babel's significant digits alone would write "0,0"
        (0.0, "+.2g", "+0", "+0"),
        (2.675, ".2f", "2.67", "2,67"),  # rounded as the float is, the same in both
    ):
        assert (number(value, spec, "en"), number(value, spec, "de")) == (english, german), spec
    assert (percent(0.5, "en"), percent(0.5, "de"), percent(0.5, "de", 0)) == ("50.0%", "50,0\u00a0%", "50\u00a0%")
    try:
        pattern("x")
    except ValueError as refused:
        assert "[+][,][.N](d|f|g), not 'x'" in str(refused)
    else:
        raise AssertionError("a spec the figures do not know was taken")
