"""What a typed line means, and records on disk."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardroom.cli.prompt import BadEntry, interpret
from cardroom.cli.records import Record, load_record
from cardroom.core.errors import CorruptState

LEGAL = ["defend 9", "defend 11", "sacrifice"]


def test_numbers_pick_from_the_list() -> None:
    assert interpret("2", LEGAL).action == "defend 11"
    assert interpret(" 3 ", LEGAL).action == "sacrifice"


def test_text_and_commands() -> None:
    assert interpret("Defend   9", LEGAL).action == "defend 9"
    assert interpret("help", LEGAL).command == "help"
    assert interpret("?", LEGAL).command == "help"
    assert interpret("q", LEGAL).command == "quit"
    assert interpret("RULES", LEGAL).command == "rules"


@pytest.mark.parametrize(
    ("entry", "fragment"), [("", "type a number from 1 to 3"), ("4", "no choice 4"), ("0", "no choice 0")]
)
def test_bad_entries_explain_themselves(entry: str, fragment: str) -> None:
    with pytest.raises(BadEntry) as info:
        interpret(entry, LEGAL)
    assert fragment in str(info.value)


def test_record_round_trip(tmp_path: Path) -> None:
    record = Record("tacocat", "official", {}, 12345, ["you", "heuristic"], [(0, "done"), (1, "done")])
    path = record.save(tmp_path)
    again = load_record(path)
    assert again.actions == record.actions and again.seed == 12345 and again.game == "tacocat"
    second = record.save(tmp_path)
    assert second != path  # never overwrites


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("not json", "is not JSON"),
        ("[1, 2]", "is not a cardroom record"),
        ('{"format": "cardroom-record/1", "game": "tacocat"}', "a record needs"),
        (
            '{"format": "cardroom-record/1", "game": "tacocat", "preset": "official", "options": {}, "seed": "x", "actions": []}',
            "a record needs",
        ),
    ],
)
def test_corrupt_records_are_refused(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(CorruptState) as info:
        load_record(path)
    assert fragment in str(info.value)


def test_missing_record_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CorruptState):
        load_record(tmp_path / "absent.json")
    assert json.loads(json.dumps(Record("t", "p", {}, 1, []).to_json()))["format"] == "cardroom-record/1"
