"""The terminal names every seat as a person reads it: "Player 1", "Bot 2", never the engine's "P1"."""

from __future__ import annotations

import re
from pathlib import Path

from cardroom.cli.seat_names import described, display_names
from cardroom.core.seatnames import name_seats
from tests.cli.terminal import Terminal
from tests.cli.test_terminal_tacocat import play_to_the_end

ENGINE_SEAT = re.compile(r"\bP\d+\b")


def test_seat_mentions_are_named_and_unknown_ones_left_alone() -> None:
    names = display_names(["you", "hard", "random"])
    assert names == ["Player 1", "Bot 2", "Bot 3"]
    assert described(["you", "hard"], 1) == "Bot 2 (hard)"
    assert (
        name_seats("P1 plays Favor on P0; P10 and EP1 stay", names) == "Bot 2 plays Favor on Player 1; P10 and EP1 stay"
    )


def test_a_three_seat_kittens_game_and_its_replay_name_no_seat_by_number(tmp_path: Path) -> None:
    term = Terminal(
        ["play", "exploding-kittens", "--players", "3", "--vs", "random", "--seed", "5", "--records", str(tmp_path)],
        tmp_path,
    )
    play_to_the_end(term)
    saved = term.expect(r"Saved the record to (\S+\.json)")
    assert term.wait() == 0
    assert "At the table: Player 1, Bot 2 (random), Bot 3 (random)" in term.buffer
    assert "Bot 2" in term.buffer and "Bot 3" in term.buffer
    assert not ENGINE_SEAT.findall(term.buffer), ENGINE_SEAT.findall(term.buffer)[:5]
    replay = Terminal(["replay", saved.group(1), "--no-pause"], tmp_path)
    replay.expect(r"Result: ")
    assert replay.wait() == 0
    assert not ENGINE_SEAT.findall(replay.buffer), ENGINE_SEAT.findall(replay.buffer)[:5]
