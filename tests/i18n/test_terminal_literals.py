"""No word of the terminal's table (the play loop, its menu and prompt, the seat names, the screens
worded so far) is written outside the Python catalogue; and the reader finds such words where they
are written, and leaves codes, styles, keys and catalogue messages alone."""

from __future__ import annotations

from pathlib import Path

from tests.i18n.terminal_literals import shown_literals

CLI = Path(__file__).resolve().parents[2] / "src" / "cardroom" / "cli"
# The terminal's modules that speak the person's language (the others are listed in docs/i18n.md).
WORDED = [
    "play.py",
    "prompt.py",
    "menu.py",
    "seat_names.py",
    "screens/__init__.py",
    "reasons.py",
    "screens/tacocat.py",
    "screens/tacocat_log.py",
    "screens/kittens.py",
    "screens/kittens_log.py",
    "screens/kittens_cards.py",
    "screens/taco.py",
    "screens/taco_log.py",
    "extras.py",
    "learn.py",
    "../balance/terminal.py",  # the balance lab's report, in the words the terminal hands it
    "../balance/rows.py",
    "../balance/report.py",  # and its HTML report with its plots, in the same words
    "../balance/plots.py",
    "../arena/report.py",  # the arena's tables
    "../arena/plots.py",  # and its plots, in the words the terminal hands them
    "../arena/bot_names.py",
    "arena.py",  # the arena's command: its progress bar and its lines around the tables
]


def test_no_word_of_the_terminal_table_is_outside_the_catalogue() -> None:
    written = {name: shown_literals((CLI / name).read_text(encoding="utf-8")) for name in WORDED}
    assert {name: found for name, found in written.items() if found} == {}


def test_the_reader_sees_words_where_they_are_written() -> None:
    source = '''
"""A module's docstring is not shown."""
def show(console, lang, view, text):
    console.print("Hello there")
    console.print(f"[dim]{view['name']} wins[/dim]")
    line = Text("Draw pile")
    line.append(say(lang, "You draw {card}", card=1))
    raise ValueError("not a number")
    label = "two words"
    console.print(Text("YAY", style="bold cyan"), say(lang, "Player {n}", n=2), "bold white on red")
    if view["phase"] == "replace" and text.endswith(" again"):
        return Phrase("a {n}", n=1)
    console.print(words.number(view["share"], "+.1f"), "shown words")
    page = "<h3 class='x'>Stalled rounds</h3>" + f"<img src='{view['png']}' alt='" + "body{margin:0 auto}"
    ax.set_xlabel("opponent")
    ax.plot(xs, ys, label="win rate", color="C0")
    ax.text(0, 0, words.percent(share, 0), ha="center", va="center", color="white" if dark else "black")
    fig.legend(handles, names, loc="lower center")
    ax.set_title(words.say("Ratings"))
'''
    found = [text for _, text in sorted(shown_literals(source))]
    assert found == [
        "Hello there",
        " wins[/dim]",
        "Draw pile",
        "not a number",
        "two words",
        "shown words",
        "<h3 class='x'>Stalled rounds</h3>",
        "opponent",
        "win rate",
    ]
