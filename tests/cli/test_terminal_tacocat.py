"""`cardroom play tacocat` and `cardroom replay`, driven through a real pseudo-terminal."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.terminal import Terminal


def play_to_the_end(term: Terminal, max_moves: int = 400) -> str:
    """Answer every prompt with choice 1 until the game ends; returns the final text."""
    for _ in range(max_moves):
        found = term.expect(r"your move> |Game over: (You win!|You lose\.)")
        if found.group(0).startswith("Game over"):
            return found.group(0)
        term.send("1")
    raise AssertionError("the game did not end")


def test_a_whole_game_against_the_random_bot_then_its_replay(tmp_path: Path) -> None:
    term = Terminal(["play", "tacocat", "--vs", "random", "--seed", "11", "--records", str(tmp_path)], tmp_path)
    term.expect("Tacocat")
    term.expect("your move> ")
    # A wrong entry gets a one-line reason and the same prompt.
    term.send("99")
    term.expect(r"there is no choice 99; pick 1 to \d+")
    term.expect("your move> ")
    term.send("jump over the moon")
    term.expect("unknown action 'jump'")
    term.expect("your move> ")
    term.send("help")
    term.expect("Commands: help, rules, log")
    term.expect("your move> ")
    term.send("rules")
    term.expect("option")
    term.expect("your move> ")
    term.send("1")
    result = play_to_the_end(term)
    assert result in ("Game over: You win!", "Game over: You lose.")
    saved = term.expect(r"Saved the record to (\S+\.json)")
    assert term.wait() == 0
    path = Path(saved.group(1))
    record = json.loads(path.read_text())
    assert record["game"] == "tacocat" and record["seed"] == 11 and len(record["actions"]) > 10

    replay = Terminal(["replay", str(path), "--no-pause", "--seat", "0"], tmp_path)
    replay.expect(rf"step {len(record['actions'])} of {len(record['actions'])}")
    replay.expect("Result:")
    assert replay.wait() == 0


def test_quitting_leaves_without_saving(tmp_path: Path) -> None:
    term = Terminal(["play", "tacocat", "--seed", "3", "--records", str(tmp_path)], tmp_path)
    term.expect("your move> ")
    term.send("quit")
    term.expect("unfinished games are not saved")
    assert term.wait() == 0
    assert list(tmp_path.glob("*.json")) == []


def test_bad_options_and_corrupt_records_fail_clearly(tmp_path: Path) -> None:
    term = Terminal(["play", "tacocat", "--preset", "deluxe", "--records", str(tmp_path)], tmp_path)
    term.expect("error: tacocat has no preset 'deluxe'; presets: official, print-and-play, quick-reference")
    assert term.wait() == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    term = Terminal(["replay", str(bad)], tmp_path)
    term.expect("is not JSON")
    assert term.wait() == 2
