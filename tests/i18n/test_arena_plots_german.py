"""The arena's PNG plots in the terminal's language: the real `cardroom arena` command, run as a process
under a German locale, draws its figures with German titles, labels, legends, notes and figures
(``50 %``), and under an English one as before; arena.json stays English (it is data). A cheating bot's
mark is worded in its tables and plots too. What a figure says is read from the texts matplotlib drew
(``figure_texts.py``), not from its pixels."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from matplotlib.figure import Figure
from rich.console import Console

from cardroom.arena import ArenaConfig, run_arena
from cardroom.arena.bot_names import shown_bot
from cardroom.arena.plots import write_plots
from cardroom.arena.report import print_report
from cardroom.locale.lab_words import LabSpeaker
from tests.i18n.figure_texts import SITECUSTOMIZE, read_texts, recording

CARDROOM = [sys.executable, "-m", "cardroom.cli.main"]
ROOT = Path(__file__).resolve().parents[2]
PLOTS = ["head_to_head.png", "ratings.png", "win_rate_curve.png"]
# The plots' own English words (bots' specs, "random" and "heuristic", are left as typed) and an
# English share (50%, where German writes 50 % with a no-break space).
PLOT_ENGLISH = re.compile(
    r"\b(Win|win|rate|opponent|bot|Ratings?|rating|games?|played|fair|share|hatched|measured|against|itself|"
    r"pairing|schedule|bootstrap|interval|arrow|unbounded|scale|first-named|other|seats?|vs|cheats)\b|\d%"
)
SHARE_DE = re.compile(r"\d+\u00a0%")  # 50 % as Babel writes it for German


def arena_figures(args: list[str], tmp_path: Path, lang: str) -> tuple[dict[str, list[str]], Path]:
    """Run `cardroom arena ... --out` in ``lang``; the texts each PNG was drawn with, and the folder."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    texts, out = tmp_path / "texts.jsonl", tmp_path / "out"
    environment = {
        **os.environ,
        "LANGUAGE": lang,
        "COLUMNS": "250",
        "NO_COLOR": "1",
        "PYTHONPATH": f"{site}{os.pathsep}{ROOT}",
        "FIGURE_TEXTS": str(texts),
    }
    command = [*CARDROOM, "arena", *args, "--out", str(out)]
    done = subprocess.run(command, cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    drawn = read_texts(texts)
    assert sorted(drawn) == PLOTS and all((out / name).stat().st_size > 5000 for name in PLOTS), drawn
    return drawn, out


def test_a_table_of_three_plotted_in_german(tmp_path: Path) -> None:
    args = ["exploding-kittens", "--bots", "random", "heuristic", "--players", "3", "--challenger"]
    drawn, out = arena_figures([*args, "--games", "1", "--seed", "3"], tmp_path, "de")
    heatmap, ratings, curves = (drawn[name] for name in PLOTS)
    for words in (
        "Siegquote des Zeilen-Bots (fairer Anteil 33\u00a0%)",
        "die 2 anderen Plätze",  # say_n: the seats the column's bot fills
        "Bot",
        "schraffiert: nicht gemessen (ein Bot gegen sich selbst oder eine Paarung, die dieser Spielplan nicht spielt)",
    ):
        assert words in heatmap, (words, heatmap)
    assert {"0\u00a0%", "100\u00a0%"} <= set(heatmap)  # the colour bar's ticks in the German style
    assert "Wertungen" in ratings
    assert "Plackett-Luce-Wertung, Elo-Skala\n(95-%-Bootstrap-Intervall; Pfeil: ohne Schranke)" in ratings
    assert "+0" in ratings and all(re.fullmatch(r"[+-]\d+", t) for t in ratings if t[0] in "+-"), ratings
    for words in (
        "Siegquote des erstgenannten Bots nach gespielten Spielen",
        "random gegen 2× heuristic",  # a panel's matchup
        "Siegquote",
        "Spiele",
        "Wilson 95 %",
        "fairer Anteil",
        "20\u00a0%",  # a tick of the win rate
    ):
        assert words in curves, (words, curves)
    every = [text for texts in drawn.values() for text in texts]
    assert [t for t in every if PLOT_ENGLISH.search(t)] == []
    assert [t for t in every if "%" in t and not SHARE_DE.search(t) and "95-%" not in t and "95 %" not in t] == []
    # arena.json is data: its matchups keep their English labels.
    data = json.loads((out / "arena.json").read_text(encoding="utf-8"))
    assert [row["label"] for row in data["summary"]["matchups"]] == ["random vs 2× heuristic"]


def test_the_plots_in_english_as_before(tmp_path: Path) -> None:
    drawn, _ = arena_figures(
        ["tacocat", "--bots", "random", "heuristic", "--games", "2", "--seed", "3"], tmp_path, "en"
    )
    heatmap, ratings, curves = (drawn[name] for name in PLOTS)
    for words in (
        "Win rate of row bot (fair share 50%)",
        "opponent",
        "bot",
        "hatched: not measured (a bot against itself)",
        "100%",
    ):
        assert words in heatmap, (words, heatmap)
    assert {"Ratings", "Plackett-Luce rating, Elo scale\n(95% bootstrap interval; arrow: unbounded)"} <= set(ratings)
    for words in (
        "Win rate of the first-named bot against games played",
        "random vs heuristic",
        "win rate",
        "games",
        "Wilson 95%",
        "fair share",
        "20%",
    ):
        assert words in curves, (words, curves)
    assert not [t for texts in drawn.values() for t in texts if "\u00a0" in t]


def test_a_cheating_bot_is_marked_in_german_in_the_table_and_the_plots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = run_arena(ArenaConfig("pips", ("random", "oracle:iterations=2"), games=2, seed=1))
    assert result.summary["bots"] == ["random", "oracle:iterations=2 (cheats)"]  # the data keeps English
    monkeypatch.setenv("LANGUAGE", "de")
    table = io.StringIO()
    print_report(result.summary, Console(file=table, width=250, no_color=True))
    assert "oracle:iterations=2 (schummelt)" in table.getvalue() and "cheats" not in table.getvalue()
    texts = tmp_path / "texts.jsonl"
    monkeypatch.setattr(Figure, "savefig", recording(Figure.savefig, texts))
    write_plots(result.summary, tmp_path, LabSpeaker("de"))
    drawn = read_texts(texts)
    assert "oracle:iterations=2 (schummelt)" in drawn["ratings.png"], drawn
    assert "random gegen oracle:iterations=2 (schummelt)" in drawn["win_rate_curve.png"], drawn
    assert not [t for texts in drawn.values() for t in texts if "cheats" in t]
    # A spec given twice keeps its number after the mark; a label without the mark is left as it is.
    assert shown_bot("oracle:ms=5 (cheats) #2", LabSpeaker("de")) == "oracle:ms=5 (schummelt) #2"
    assert shown_bot("2× oracle (cheats)") == "2× oracle (cheats)" and shown_bot("random #2") == "random #2"
