"""Whole arena runs: duplicate deals, reproducibility across job counts and backends, the command."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardroom.arena import ArenaConfig, run_arena
from cardroom.arena.schedule import matchups, schedule
from tests.support.toy_game import NAME, registered


@pytest.fixture(autouse=True)
def toy_game_registered() -> Iterator[None]:
    with registered():
        yield


# The toy game's two-seat high-card preset: hidden face-down rounds, hidden draws, a burn window.
PRESET = "sneaky"
BOTS = ("ismcts:iterations=15", "heuristic", "random")


def test_schedule_rotates_every_bot_through_every_seat() -> None:
    assert [m.lineup for m in matchups(3, 2)] == [(0, 1), (0, 2), (1, 2)]
    assert [m.lineup for m in matchups(2, 4)] == [(0, 1, 1, 1), (1, 0, 0, 0)]
    m = matchups(2, 4)[0]
    assert sorted(m.seats(r).index(0) for r in range(4)) == [0, 1, 2, 3]
    tasks = schedule(3, 2, games=5, seed=1)
    assert len(tasks) == 3 * 3  # 5 games round up to 3 duplicate deals per matchup
    assert len({t.game_seed for t in tasks}) == 3  # the same deals for every matchup
    assert schedule(3, 2, games=5, seed=2)[0].game_seed != tasks[0].game_seed


def test_duplicate_games_share_the_deal() -> None:
    result = run_arena(ArenaConfig(NAME, ("heuristic", "random"), games=4, seed=3, preset=PRESET))
    assert [(r.deal, r.rotation, r.seats) for r in result.records] == [
        (0, 0, (0, 1)),
        (0, 1, (1, 0)),
        (1, 0, (0, 1)),
        (1, 1, (1, 0)),
    ]


def test_same_seed_same_results_for_any_number_of_jobs() -> None:
    one = run_arena(ArenaConfig(NAME, BOTS, games=4, seed=11, jobs=1, preset=PRESET))
    two = run_arena(ArenaConfig(NAME, BOTS, games=4, seed=11, jobs=2, preset=PRESET))
    assert [r.outcome_key() for r in one.records] == [r.outcome_key() for r in two.records]
    assert one.reproducible
    assert one.summary["matchups"] == two.summary["matchups"]


def test_oracle_plays_in_the_arena_labelled() -> None:
    result = run_arena(ArenaConfig(NAME, ("oracle:iterations=10", "random"), games=2, seed=1, preset=PRESET))
    assert result.summary["bots"][0] == "oracle:iterations=10 (cheats)"


def test_arena_command_writes_json_and_plots(tmp_path: Path) -> None:
    from cardroom.cli.main import app

    out = tmp_path / "run"
    args = [
        "arena",
        NAME,
        "--preset",
        "sneaky-four",
        "--bots",
        "heuristic",
        "random",
        "--games",
        "4",
        "--seed",
        "5",
        "--out",
        str(out),
    ]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "3× random" in result.output and "Seat advantage" in result.output
    data = json.loads((out / "arena.json").read_text())
    assert data["summary"]["matchups"][0]["label"] == "heuristic vs 3× random"
    assert data["config"]["bots"] == ["heuristic", "random"]
    assert len(data["games"]) == 2 * 4  # two matchups, one duplicate deal of four rotations each
    for name in ("head_to_head.png", "ratings.png", "win_rate_curve.png"):
        assert (out / name).read_bytes()[:4] == b"\x89PNG"


def test_arena_command_refuses_bad_specs() -> None:
    from cardroom.cli.main import app

    result = CliRunner().invoke(app, ["arena", NAME, "--preset", PRESET, "--bots", "heuristic", "alphazero"])
    assert result.exit_code == 2
    assert "unknown bot 'alphazero'" in result.output


def test_ray_backend_gives_the_local_results() -> None:
    # Ray workers import games by module path, so this test uses a built-in game, not the toy one.
    config = dict(game="tacocat", bots=("ismcts:iterations=4,playout=random", "random"), games=4, seed=21)
    local = run_arena(ArenaConfig(**config, jobs=1))  # type: ignore[arg-type]
    remote = run_arena(ArenaConfig(**config, jobs=2, backend="ray"))  # type: ignore[arg-type]
    assert [r.outcome_key() for r in remote.records] == [r.outcome_key() for r in local.records]
