"""`cardroom analyse` on a saved record: the table, the summary, the JSON and the PNG graph."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

import cardroom
from cardroom.bots.policy import make_policy
from cardroom.cli.main import app
from cardroom.cli.records import Record

QUICK = ["--precision", "50", "--max-worlds", "8", "--search-playouts", "256"]


def _record(tmp_path: Path, finished: bool = True) -> Path:
    game = cardroom.make("tacocat")
    policy = make_policy(game, "heuristic")
    rng = random.Random(4)
    record = Record(game.name, game.preset, dict(game.options), 4, ["heuristic", "you"])
    state = game.new_game(4)
    while not state.is_over:
        seat = state.to_act[0]
        text = policy.move(state, seat, rng)
        record.actions.append((seat, text))
        state = state.apply(seat, text)
    if not finished:
        record.actions = record.actions[:20]
    return record.save(tmp_path / "records")


def test_analyse_prints_the_decisions_and_writes_json_and_a_graph(tmp_path: Path) -> None:
    path = _record(tmp_path)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["analyse", str(path), "--out", str(out), "--oracle", "--jobs", "2", *QUICK])
    assert result.exit_code == 0, result.output
    assert "Player 2 (you)'s decisions" in result.output  # the person's seat ("you") by default
    assert "Your accuracy" in result.output and "result" in result.output and "seat 1" not in result.output
    data = json.loads((out / "analysis.json").read_text())
    assert data["seat"] == 1 and data["decisions"]
    assert data["format"] == "cardroom-analysis/1" and data["game"] == "tacocat"
    assert all(d["chosen"] in {a["action"] for a in d["actions"]} for d in data["decisions"])
    assert (out / "win-chance.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # The oracle line is there, labelled, and apart from every verdict.
    assert "hidden cards" in data["oracle"]["label"] and data["oracle"]["timeline"][-1][1] == data["result"]
    assert len(data["oracle"]["timeline"]) == len(data["decisions"]) + 1


def test_analyse_refuses_bad_input_and_says_why(tmp_path: Path) -> None:
    path = _record(tmp_path)
    runner = CliRunner()
    bad_seat = runner.invoke(app, ["analyse", str(path), "--seat", "5", *QUICK])
    assert bad_seat.exit_code == 2 and "--seat must be 0 to 1" in bad_seat.output
    bad_precision = runner.invoke(app, ["analyse", str(path), "--precision", "0"])
    assert bad_precision.exit_code == 2 and "--precision must be between" in bad_precision.output
    unfinished = runner.invoke(app, ["analyse", str(_record(tmp_path, finished=False)), *QUICK])
    assert unfinished.exit_code == 2 and "not finished" in unfinished.output
    missing = runner.invoke(app, ["analyse", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_analyse_with_inference_says_so_and_refuses_an_unknown_model(tmp_path: Path) -> None:
    path = _record(tmp_path)
    runner = CliRunner()
    bad = runner.invoke(app, ["analyse", str(path), "--infer", "oracle", *QUICK])
    assert bad.exit_code == 2 and "--infer must be off, ismcts or heuristic" in bad.output
    out = tmp_path / "weighed"
    weighed = runner.invoke(app, ["analyse", str(path), "--infer", "ismcts", "--out", str(out), *QUICK])
    assert weighed.exit_code == 0, weighed.output
    assert "model ismcts" in json.loads((out / "analysis.json").read_text())["yardstick"]
