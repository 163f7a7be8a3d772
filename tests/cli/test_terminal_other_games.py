"""`cardroom play` for Exploding Kittens and T.A.C.O. through a real pseudo-terminal, then replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.terminal import Terminal
from tests.cli.test_terminal_tacocat import play_to_the_end


@pytest.mark.parametrize(
    ("game", "extra", "screen_word"),
    [
        ("exploding-kittens", ["--players", "3"], "Draw pile"),
        ("taco", ["--players", "3"], "Pool"),
    ],
)
def test_a_whole_game_against_bots_then_its_replay(
    tmp_path: Path, game: str, extra: list[str], screen_word: str
) -> None:
    term = Terminal(["play", game, *extra, "--vs", "random", "--seed", "5", "--records", str(tmp_path)], tmp_path, 60)
    term.expect(screen_word)
    term.expect("your move> ")
    term.send("nope nope nope")
    term.expect(r"(not legal|unknown action|wrong number|cannot|no Nope|IllegalAction|is not|only)")
    term.send("1")
    result = play_to_the_end(term, max_moves=2000)
    assert result.startswith("Game over")
    saved = term.expect(r"Saved the record to (\S+\.json)")
    assert term.wait() == 0
    record = json.loads(Path(saved.group(1)).read_text())
    assert record["game"] == game and record["options"]["players"] == 3

    replay = Terminal(["replay", saved.group(1), "--no-pause"], tmp_path, 60)
    replay.expect(rf"step {len(record['actions'])} of {len(record['actions'])}")
    replay.expect("Result:")
    assert replay.wait() == 0


def test_taco_takes_a_deck_file_and_refuses_a_bad_one(tmp_path: Path) -> None:
    bad = tmp_path / "deck.toml"
    bad.write_text('[[card]]\nname = "Mystery Meat"\n')
    term = Terminal(["play", "taco", "--players", "2", "--deck", str(bad)], tmp_path)
    found = term.expect(r"error: (.+)")
    assert "Mystery Meat" in found.group(1) or "deck" in found.group(1)
    assert term.wait() == 2
    shipped = Path(__file__).resolve().parents[2] / "src/cardroom/games/taco/deck.toml"
    term = Terminal(["play", "taco", "--players", "2", "--deck", str(shipped), "--seed", "2"], tmp_path)
    term.expect("your move> ")
    term.send("quit")
    assert term.wait() == 0
