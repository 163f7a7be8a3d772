"""What `cardroom balance`, `cardroom learn` and a command missing an optional extra print, in the
terminal's language: the real `cardroom` command run as a process under a German locale says its
words in German (numbers, bots' specs and options as typed), and under an English one as before."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

CARDROOM = [sys.executable, "-m", "cardroom.cli.main"]
ROOT = Path(__file__).resolve().parents[2]
# Refuses numpy as if it were not installed (a sitecustomize module on the child's path).
NO_NUMPY = """
import sys


class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "numpy":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Refuse())
"""


def cardroom(args: list[str], cwd: Path, lang: str, **env: str) -> tuple[int, str]:
    """The command's exit status and all it wrote (its lines unwrapped, as one text)."""
    environment = {**os.environ, "LANGUAGE": lang, "COLUMNS": "250", "NO_COLOR": "1", **env}
    done = subprocess.run([*CARDROOM, *args], cwd=cwd, env=environment, capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout + done.stderr


def test_a_missing_extra_is_named_in_german(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "sitecustomize.py").write_text(NO_NUMPY)
    args = ["learn", "train", "--game", "tacocat", "--games", "4", "--out", str(tmp_path / "w.json")]
    path = {"PYTHONPATH": f"{blocker}{os.pathsep}{ROOT}"}
    code, german = cardroom(args, tmp_path, "de", **path)
    assert code == 2, german
    assert (
        "Fehler: cardroom learn braucht das Extra [fast] (numpy ist nicht installiert): pip install 'cardroom[fast]'"
        in german
    )
    code, english = cardroom(args, tmp_path, "en", **path)
    assert code == 2, english
    assert (
        "error: cardroom learn needs the [fast] extra (numpy is not installed): pip install 'cardroom[fast]'" in english
    )


# English words of the lab's report that must not be left in German (bots' specs, options, cards'
# and effects' names stay as typed, so only the report's own words are looked for).
LAB_ENGLISH = re.compile(
    r"ended by a safety|\bgames?,|Seat advantage|\bLength\b|Seed blocks|\bblock \d|pooled|verdict|too wide|"
    r"Card values|observed|paired|cards? (tested|compared)|chance alone|\bmore cards?\b|Narrowed|every column|"
    r"Effects fired|compiled kernel|\bwarning:|\bnote:|\berror:|\bleft\b|\bmeasure\b|\bdiffers\b|\bseat \d"
)


def test_a_balance_comparison_in_german_and_english(tmp_path: Path) -> None:
    """T.A.C.O.'s two decks side by side on its kernel (a few games): every table, the narrowed card
    table at 100 columns, the corrections' lines, the comparison and the kernel's note."""
    args = ["balance", "taco", "--games", "6", "--blocks", "2", "--players", "2", "--compare", "v1", "v2"]
    code, german = cardroom(args, tmp_path, "de", COLUMNS="100")
    assert code == 0, german
    text = " ".join(german.split())
    for words in (
        "durch eine Sicherheitsgrenze beendet: ",
        "6 Spiele, 2 Spieler, Bots heuristic; antics=False, deck=v1",  # options as typed
        "Vorteil des Platzes (nach Zugreihenfolge)",
        "Seed-Blöcke (2 unabhängige; Chi-Quadrat / Cochrans Q, p < 0,01 = ABWEICHEND)",
        "Kennzahl Block 1 Block 2 zusammengefasst (95 %) Blöcke einig? Urteil",
        "Verkürzt auf 100 Spalten; alle Spalten stehen in dem HTML-Bericht",
        "BH-q: Benjamini-Hochberg über alle Karten; * unter 0,05.",
        "beobachtet, Starthand: 30 Karten zugleich getestet; davon p < 0,05: ",
        "auf dem kompilierten Kernel gespielt, der sie nicht aufzeichnet",
        "B - A (A: v1; B: v2)",
        "erster Platz siegt",  # the narrowed table names its measures briefly
        "Kartenwerte, B - A (beobachtet; die größten Unterschiede zuerst)",
        "Karten zugleich verglichen; davon p < 0,05: ",
        "weitere Karten in dem HTML-Bericht",
        "übrig",
    ):
        assert words in text, words
    assert re.search(r"Platz 1 +\d+,\d\u00a0%", german)  # a share in the German style (50,0 %)
    assert not LAB_ENGLISH.search(text), LAB_ENGLISH.search(text)
    code, english = cardroom(args, tmp_path, "en", COLUMNS="100")
    assert code == 0, english
    text = " ".join(english.split())
    for words in (
        "ended by a safety limit: ",
        "6 games, 2 players, bots heuristic; antics=False, deck=v1",
        "Seed blocks (2 independent; chi-square / Cochran's Q, p < 0.01 = DIFFER)",
        "Narrowed to fit 100 columns; every column is in the HTML report",
        "observed, opening hand: 30 cards tested at once; ",
        "B - A (A: v1; B: v2)",
        "first seat wins",
        "more cards in the HTML report",
    ):
        assert words in text, words


def test_balance_refusals_in_german(tmp_path: Path) -> None:
    refused = {
        ("--blocks", "0"): "Fehler: --blocks muss eine ganze Zahl von 1 bis 100 sein, nicht 0",
        ("--preset", "nope"): "Fehler: tacocat hat keine Voreinstellung 'nope'; Voreinstellungen: official,",
        ("-o", "x"): "Fehler: eine Option ist KEY=VALUE, nicht 'x'",
        ("--bots", "nobot"): "Fehler: unbekannter Bot 'nobot'; die Bots: random, heuristic,",
        ("--engine", "fast"): "Fehler: --engine ist eines von auto, kernel, reference, nicht 'fast'",
    }
    for args, said in refused.items():
        code, german = cardroom(["balance", "tacocat", "--games", "2", *args], tmp_path, "de")
        assert code == 2 and said in german, (args, german)
        assert "error:" not in german
    code, english = cardroom(["balance", "tacocat", "--games", "2", "--blocks", "0"], tmp_path, "en")
    assert code == 2 and "error: --blocks must be a whole number from 1 to 100, not 0" in english, english


def test_learn_train_in_german(tmp_path: Path) -> None:
    args = ["learn", "train", "--game", "tacocat", "--games", "4", "--heldout", "4", "--positions", "1"]
    code, german = cardroom([*args, "--out", str(tmp_path / "w.json")], tmp_path, "de")
    assert code == 0, german
    text = " ".join(german.split())
    for words in (
        "tacocat gegen sich selbst",
        "übrig",
        "tacocat: zurückgehaltene Stellungen (Log-Loss und Brier je Platz; niedriger ist besser)",
        "Log-Loss des Modells",
        "Brier gleicher Anteile",
        "(Spiel gegen sich selbst und Anpassung, Kompilieren eingeschlossen)",
        f"{tmp_path / 'w.json'} geschrieben (",
    ):
        assert words in text, words
    assert re.search(r"trainiert auf \d+ Stellungen in \d+\.\d s", text)
    assert not re.search(r"self-play|held-out|log loss|trained on|\bwrote\b|\bleft\b", text)
    refusals = {
        ("--game", "nosuch"): "Fehler: kein Spiel namens 'nosuch'; Spiele: tacocat,",
        (
            "--game",
            "exploding-kittens",
            "--players",
            "11",
        ): "Fehler: exploding-kittens wird von 2 bis 10 gespielt; verlangt: 11",
        ("--game", "tacocat", "--players", "2,2"): "--players nennt eine Tischgröße zweimal: '2,2'",
    }
    for refused, said in refusals.items():
        code, german = cardroom(
            ["learn", "train", *refused, "--games", "1", "--heldout", "1", "--out", "w.json"], tmp_path, "de"
        )
        assert code == 2 and said in " ".join(german.split()), (refused, german)
