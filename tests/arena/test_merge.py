"""Merging arena runs played with different seeds into one measurement."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardroom.arena import ArenaConfig, run_arena, write_results
from cardroom.arena.merge import MergeError, load_result, merge
from cardroom.arena.stats import wilson
from tests.support.toy_game import NAME, registered


@pytest.fixture(autouse=True)
def toy_game_registered() -> Iterator[None]:
    with registered():
        yield


# The toy game's two-seat high-card preset: hidden face-down rounds, hidden draws, a burn window.
PRESET = "sneaky"
BOTS = ("heuristic", "random")


def _run(seed: int, games: int = 6, bots: tuple[str, ...] = BOTS) -> ArenaConfig:
    return ArenaConfig(NAME, bots, games=games, seed=seed, preset=PRESET)


def test_merged_counts_are_the_sums_of_the_runs(tmp_path: Path) -> None:
    one, two = run_arena(_run(1)), run_arena(_run(2, games=4))
    write_results(one, tmp_path / "one")
    write_results(two, tmp_path / "two")
    merged = merge([load_result(tmp_path / "one" / "arena.json"), load_result(tmp_path / "two" / "arena.json")])
    assert merged.seeds == [1, 2]
    assert len(merged.records) == len(one.records) + len(two.records) == 6 + 4
    rows = [(a, b) for a, b in zip(one.summary["matchups"], two.summary["matchups"])]
    for row, (a, b) in zip(merged.summary["matchups"], rows):
        assert row["games"] == a["games"] + b["games"]
        assert row["score"] == pytest.approx(a["score"] + b["score"])
        assert row["wilson95"] == pytest.approx(list(wilson(row["score"], row["games"])))
    # Every game stays distinct: the second run's deals are numbered after the first run's.
    keys = {(r.matchup, r.deal, r.rotation) for r in merged.records}
    assert len(keys) == len(merged.records)


def test_merging_one_run_changes_nothing(tmp_path: Path) -> None:
    one = run_arena(_run(3))
    write_results(one, tmp_path)
    again = merge([load_result(tmp_path / "arena.json")])
    assert again.summary["matchups"] == one.summary["matchups"]
    assert [r.outcome_key() for r in again.records] == [r.outcome_key() for r in one.records]


def test_the_same_seed_twice_is_refused() -> None:
    one = run_arena(_run(4))
    with pytest.raises(MergeError, match="both used seed 4"):
        merge([one, one])


def test_a_different_question_is_refused() -> None:
    with pytest.raises(MergeError, match="bots differ"):
        merge([run_arena(_run(5)), run_arena(_run(6, bots=("random", "heuristic")))])


def test_a_corrupt_file_says_what_is_wrong(tmp_path: Path) -> None:
    bad = tmp_path / "arena.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(MergeError, match="not JSON"):
        load_result(bad)
    bad.write_text(json.dumps({"config": {"game": "tacocat"}}), encoding="utf-8")
    with pytest.raises(MergeError, match="not an arena result"):
        load_result(bad)


def test_merge_command_prints_the_table_and_writes_files(tmp_path: Path) -> None:
    from cardroom.cli.main import app

    for seed in (7, 8):
        write_results(run_arena(_run(seed, games=2)), tmp_path / str(seed))
    files = [str(tmp_path / str(seed) / "arena.json") for seed in (7, 8)]
    result = CliRunner().invoke(app, ["arena-merge", *files, "--out", str(tmp_path / "all")])
    assert result.exit_code == 0, result.output
    assert "2 runs, seeds 7, 8: 4 games" in result.output
    data = json.loads((tmp_path / "all" / "arena.json").read_text())
    assert data["seeds"] == [7, 8] and len(data["games"]) == 4
    assert (tmp_path / "all" / "ratings.png").read_bytes()[:4] == b"\x89PNG"
    refused = CliRunner().invoke(app, ["arena-merge", files[0], files[0]])
    assert refused.exit_code == 2 and "both used seed 7" in refused.output
