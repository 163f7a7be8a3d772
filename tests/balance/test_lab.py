"""The lab end to end: `cardroom balance` on each game (a few games), --compare, and stalled rounds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardroom.balance import BalanceConfig, play_games
from cardroom.balance.run import run_compare
from cardroom.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize(
    "game,args",
    [
        ("taco", ["--players", "3", "--games", "3"]),
        ("tacocat", ["--games", "2", "--bots", "heuristic", "random"]),
        ("exploding-kittens", ["--players", "3", "--games", "3"]),
    ],
)
def test_balance_runs_on_every_game_and_writes_its_report(tmp_path: Path, game: str, args: list[str]) -> None:
    result = runner.invoke(
        app, ["balance", game, *args, "--skill-games", "2", "--skill-bots", "random heuristic", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].startswith("ended by a safety limit: 0 of")  # first, after the bar
    data = json.loads((tmp_path / "balance.json").read_text())
    summary = data["run"]["summary"]
    assert summary["limits"]["games_limited"] == 0 and summary["games"] >= 2
    assert len(summary["seats"]) == summary["players"]
    assert summary["skill"]["bots"] == ["random", "heuristic"]
    page = (tmp_path / "report.html").read_text()
    for png in ("length.png", "seats.png", "skill_gap.png"):
        assert (tmp_path / png).stat().st_size > 1000 and png in page
    assert ("card_values.png" in page) == (game == "taco")


def test_compare_of_a_deck_with_itself_finds_no_difference() -> None:
    config = BalanceConfig("taco", ("heuristic",), games=6, options={"players": 2})
    rows = run_compare(config, config)["rows"]
    assert rows and all(r["diff"] == 0 and not r["differs"] for r in rows)


def test_compare_on_the_command_line_shows_both_sides(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["balance", "taco", "--players", "2", "--games", "4", "--compare", "v1", "v2", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert "B - A" in result.output and "Card values, B - A (observed" in result.output
    assert "cards compared at once" in result.output
    data = json.loads((tmp_path / "balance.json").read_text())
    assert data["a"]["config"]["options"]["deck"] == "v1" and data["b"]["config"]["options"]["deck"] == "v2"
    assert {r["measure"] for r in data["compare"]} >= {"share of games ended by a limit", "first seat's win share"}
    cards = {c["card"]: c for c in data["compare_cards"]}
    assert len(cards) >= 40 and all(c["diff"] is None or c["low95"] <= c["diff"] <= c["high95"] for c in cards.values())
    assert "Card values, B - A" in (tmp_path / "report.html").read_text()
    assert (tmp_path / "a" / "length.png").exists() and "a/length.png" in (tmp_path / "report.html").read_text()


def test_a_round_that_never_empties_the_pool_is_reported_as_stalled_with_its_contents() -> None:
    # A pool of 500 points cannot empty: every round ends by the turn cap, which the lab must flag.
    # The kernel flags them too; what the stalled tacos held is the reference engine's to tell.
    fast = play_games(BalanceConfig("taco", ("random",), games=2, options={"players": 2, "pool": 500}))
    assert all(g["limited"] and g["limited_rounds"] == 1 for g in fast)
    games = play_games(
        BalanceConfig("taco", ("random",), games=2, options={"players": 2, "pool": 500}, engine="reference")
    )
    assert all(g["limited"] and g["limited_rounds"] == 1 for g in games)
    stall = games[0]["stalls"][0]
    assert stall["pool"] > 0 and len(stall["tacos"]) == 2 and stall["tacos"][0][0].endswith("shell")


def test_bad_input_is_refused_clearly(tmp_path: Path) -> None:
    result = runner.invoke(app, ["balance", "taco", "--games", "0"])
    assert result.exit_code == 2 and "--games must be at least 1" in result.output
    result = runner.invoke(app, ["balance", "taco", "--deck", str(tmp_path / "none.toml"), "--games", "1"])
    assert result.exit_code == 2 and "cannot read deck file" in result.output
    result = runner.invoke(app, ["balance", "nosuchgame", "--games", "1"])
    assert result.exit_code == 2 and "no game named" in result.output


def test_the_same_seed_plays_the_same_games_in_one_process_or_several() -> None:
    one = BalanceConfig("tacocat", ("heuristic", "random"), games=30, seed=3)
    two = BalanceConfig("tacocat", ("heuristic", "random"), games=30, seed=3, jobs=2)  # two chunks
    assert play_games(one) == play_games(two)
    assert play_games(one) != play_games(BalanceConfig("tacocat", ("heuristic", "random"), games=6, seed=4))
