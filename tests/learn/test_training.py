"""Training is reproducible to the byte, the CLI writes what it says, and the loader refuses bad files."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from cardroom.cli.main import app
from cardroom.learn import LearnedValueError, weights_for
from cardroom.learn.games import learned_game
from cardroom.learn.train import Request, train
from cardroom.learn.weights import shipped_path

GAMES = ("tacocat", "exploding-kittens", "taco")
runner = CliRunner()


def _train_cli(tmp_path: Path, name: str, *args: str) -> tuple[int, str, Path]:
    out = tmp_path / name
    result = runner.invoke(app, ["learn", "train", "--games", "40", "--heldout", "10", "--out", str(out), *args])
    return result.exit_code, result.output, out


def test_the_same_seed_writes_the_same_file_byte_for_byte(tmp_path: Path) -> None:
    """Two runs of one command give identical files; another seed gives other weights."""
    code_a, text, a = _train_cli(tmp_path, "a.json", "--game", "exploding-kittens", "--players", "2,3", "--seed", "7")
    code_b, _, b = _train_cli(tmp_path, "b.json", "--game", "exploding-kittens", "--players", "2,3", "--seed", "7")
    code_c, _, c = _train_cli(tmp_path, "c.json", "--game", "exploding-kittens", "--players", "2,3", "--seed", "8")
    assert (code_a, code_b, code_c) == (0, 0, 0), text
    assert a.read_bytes() == b.read_bytes()
    record = json.loads(a.read_text())
    assert json.loads(c.read_text())["weights"] != record["weights"]
    assert record["command"] == (
        "cardroom learn train --game exploding-kittens --players 2,3 --games 40 --heldout 10 --positions 4 --seed 7"
    )
    assert "held-out" in text and "log loss" in text
    w = weights_for("exploding-kittens", a)
    nf = len(record["features"])
    assert len(w) == 9 * nf  # 2 to 10 players: 4 to 10 take the weights trained for 3
    np.testing.assert_array_equal(w[:nf], record["weights"]["2"])
    np.testing.assert_array_equal(w[nf : 2 * nf], record["weights"]["3"])
    np.testing.assert_array_equal(w[-nf:], record["weights"]["3"])


def test_the_model_beats_an_even_share_on_held_out_games() -> None:
    """Even a small run learns something: held-out log loss below the even share's."""
    held = train(Request("tacocat", games=300, heldout=100, seed=1)).record["heldout"]["all"]
    assert held["model"]["log_loss"] < held["even_share"]["log_loss"] - 0.02


def test_the_cli_refuses_bad_requests_clearly(tmp_path: Path) -> None:
    code, text, out = _train_cli(tmp_path, "x.json", "--game", "tacocat", "--players", "3")
    assert code == 2 and "tacocat is played by 2 to 2; asked for 3" in text and not out.exists()
    code, text, _ = _train_cli(tmp_path, "x.json", "--game", "chess")
    assert code == 2 and "no game named 'chess'" in text
    code, text, _ = _train_cli(tmp_path, "x.json", "--game", "taco", "--players", "2,two")
    assert code == 2 and "numbers separated by commas" in text


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_weights_load(game: str) -> None:
    w = weights_for(game)
    lg = learned_game(game)
    assert w.dtype == np.float64 and w.shape == (len(lg.feature_names) * (int(lg.features.MAXP) - 1),)
    assert np.isfinite(w).all() and np.abs(w).max() > 0


def test_each_caller_gets_its_own_copy_of_the_shipped_weights() -> None:
    """The shipped file is read once; a bot that changed its array must not change the next bot's."""
    first = weights_for("tacocat")
    expected = first.copy()
    first[:] = 0.0
    second = weights_for("tacocat")
    assert second is not first and np.array_equal(second, expected)


def _corrupt(tmp_path: Path, change: str) -> Path:
    record = json.loads(shipped_path("tacocat").read_text())
    if change == "json":
        text = "{not json"
    else:
        if change == "length":
            record["weights"]["2"] = record["weights"]["2"][:-1]
        elif change == "nan":
            record["weights"]["2"][0] = float("nan")
        elif change == "features":
            record["features"] = list(reversed(record["features"]))
        elif change == "size":
            record["weights"]["3"] = record["weights"]["2"]
        elif change == "version":
            record["version"] = 99
        elif change == "game":
            record["game"] = "taco"
        text = json.dumps(record)
    path = tmp_path / "bad.json"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("json", "is not valid JSON"),
        ("length", "must hold 16 weights for 2 players, one per feature"),
        ("size", r"must map table sizes \(2\) to their weights"),
        ("nan", "not a finite number"),
        ("features", "trained on other features"),
        ("version", "has version 99; this cardroom reads 1"),
        ("game", "is for 'taco', not tacocat"),
    ],
)
def test_the_loader_rejects_a_corrupt_file_saying_what_is_wrong(tmp_path: Path, change: str, message: str) -> None:
    with pytest.raises(LearnedValueError, match=message):
        weights_for("tacocat", _corrupt(tmp_path, change))


def test_a_missing_file_says_how_to_make_one(tmp_path: Path) -> None:
    with pytest.raises(LearnedValueError, match="missing; train one with `cardroom learn train --game taco`"):
        weights_for("taco", tmp_path / "taco.json")
