"""The terminal's small promises: --vs lists, Ctrl-C, the thinking sign, replay's winner, menu notes."""

from __future__ import annotations

import io
import json
import signal
from pathlib import Path

import pytest
from rich.console import Console

import cardroom
from cardroom.cli.menu import FLAT_LIMIT, Menu
from cardroom.cli.screens.kittens import label
from tests.cli.terminal import Terminal
from tests.cli.test_terminal_tacocat import play_to_the_end


def test_vs_takes_a_list_one_bot_per_opponent(tmp_path: Path) -> None:
    term = Terminal(
        ["play", "taco", "--players", "3", "--vs", "random", "heuristic", "--seed", "4", "--records", str(tmp_path)],
        tmp_path,
        60,
    )
    play_to_the_end(term, max_moves=3000)
    saved = term.expect(r"Saved the record to (\S+\.json)")
    assert term.wait() == 0
    assert json.loads(Path(saved.group(1)).read_text())["seats"] == ["you", "random", "heuristic"]


def test_vs_with_the_wrong_number_of_bots_says_what_is_allowed(tmp_path: Path) -> None:
    term = Terminal(
        ["play", "taco", "--players", "4", "--vs", "random", "heuristic", "--records", str(tmp_path)], tmp_path
    )
    term.expect(r"error: give one --vs bot for all 3 opponents or exactly 3, one per opponent")
    assert term.wait() == 2


def test_ctrl_c_leaves_cleanly_on_a_new_line(tmp_path: Path) -> None:
    term = Terminal(["play", "tacocat", "--vs", "random", "--seed", "3", "--records", str(tmp_path)], tmp_path)
    term.expect("your move> ")
    term.proc.send_signal(signal.SIGINT)
    term.expect(r"Left the table; unfinished games are not saved\.")
    assert term.wait() == 0
    assert "your move> \nLeft the table" in term.buffer  # the next line, not after the prompt
    assert "Traceback" not in term.buffer and "KeyboardInterrupt" not in term.buffer
    assert list(tmp_path.glob("*.json")) == []


def test_ctrl_c_stops_a_replay_cleanly(tmp_path: Path) -> None:
    term = Terminal(["play", "tacocat", "--vs", "random", "--seed", "11", "--records", str(tmp_path)], tmp_path)
    play_to_the_end(term)
    saved = term.expect(r"Saved the record to (\S+\.json)")
    assert term.wait() == 0
    replay = Terminal(["replay", saved.group(1)], tmp_path)
    replay.expect("Enter: next step")
    replay.send("")
    replay.expect("Enter: next step")
    replay.proc.send_signal(signal.SIGINT)
    replay.expect(r"Stopped at step 1 of \d+; nobody has won yet\.")
    assert replay.wait() == 0
    assert "Traceback" not in replay.buffer


def test_a_searching_bot_shows_a_thinking_sign(tmp_path: Path) -> None:
    term = Terminal(
        ["play", "tacocat", "--vs", "ismcts:ms=300", "--seed", "2", "--seat", "1", "--records", str(tmp_path)],
        tmp_path,
        60,
    )
    term.expect(r"Bot 1 \(ismcts[^)]*\) is thinking")
    term.expect("your move> ")
    term.send("quit")
    assert term.wait() == 0


def test_replay_names_the_winner_on_its_last_line(tmp_path: Path) -> None:
    term = Terminal(["play", "tacocat", "--vs", "random", "--seed", "11", "--records", str(tmp_path)], tmp_path)
    result = play_to_the_end(term)
    saved = term.expect(r"Saved the record to (\S+\.json)")
    assert term.wait() == 0
    replay = Terminal(["replay", saved.group(1), "--no-pause"], tmp_path)
    line = replay.expect(r"Result: [^\n]*\n").group(0).strip()
    assert replay.wait() == 0
    assert replay.buffer.strip().splitlines()[-1].strip() == line  # the last line
    winner = "Player 1" if result.endswith("You win!") else "Bot 2 (random)"
    assert line.startswith(f"Result: {winner} wins. "), line


def test_defuse_choices_say_top_and_bottom() -> None:
    view = {"draw_pile": 5}
    assert label(view, "place 0") == "top of the pile: drawn next"
    assert label(view, "place 1") == "1 card down from the top"
    assert label(view, "place 3") == "3 cards down from the top"
    assert label(view, "place 5") == "bottom of the pile"
    assert label(view, "draw") is None
    # A long pile's places go in columns, top and bottom named, and stay within an 80x24 screen.
    menu = Menu([f"place {i}" for i in range(41)], lambda text: label({"draw_pile": 40}, text))
    console = Console(width=80, record=True, file=io.StringIO())
    menu.render(console)
    shown = console.export_text()
    assert "1: top of the pile: drawn next" in shown and "41: bottom of the pile" in shown
    assert len(shown.splitlines()) <= 12 and max(len(line) for line in shown.splitlines()) <= 80


def test_a_long_menu_is_grouped_by_verb_and_numbers_open_the_groups() -> None:
    legal = [f"play card{i} {s}" for i in range(4) for s in range(3)] + ["use taco-truck", "end"]
    assert len(legal) > FLAT_LIMIT
    menu = Menu(legal)
    assert menu.numbered() == ["play", "use taco-truck", "end"]
    assert menu.pick(3) == "end"  # a group of one is the action itself
    assert menu.pick(1) is None and menu.numbered() == [f"play card{i}" for i in range(4)]
    assert menu.pick(0) is None and menu.group is None  # back to the top
    assert menu.pick(1) is None and menu.pick(2) is None and menu.group == "play card1"
    assert menu.numbered() == ["play card1 0", "play card1 1", "play card1 2"]
    assert menu.pick(2) == "play card1 1"
    with pytest.raises(ValueError, match="pick 1 to 3, or 0 to go back"):
        menu.pick(4)


def test_a_short_menu_stays_flat() -> None:
    game = cardroom.make("tacocat")
    legal = [str(a) for a in game.new_game(1).legal_actions(0)][:FLAT_LIMIT]
    menu = Menu(legal)
    assert not menu.grouped and menu.pick(1) == legal[0]
