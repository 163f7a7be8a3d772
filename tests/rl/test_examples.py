"""The examples run end to end (on a much smaller budget than their defaults)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_training_example_runs_and_reports_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    result = load("train_tacocat").train(seconds=3.0, eval_games=20)
    assert result["episodes"] > 0 and 0.0 <= result["after"] <= 1.0
    out = capsys.readouterr().out
    # Like with like: before and after, each sampled and greedy, and the heuristic on the same deals.
    for label in (
        "untrained policy, sampled",
        "untrained policy, greedy",
        "trained policy, sampled",
        "trained policy, greedy",
        "heuristic bot",
        "vs heuristic",
    ):
        assert label in out
    assert result["heuristic"] > 0.5  # the bar: the heuristic beats random on these deals


def test_ismcts_example_runs_through_the_arena(capsys: pytest.CaptureFixture[str]) -> None:
    summary = load("ismcts_vs_heuristic").run(sims=3, games=2)
    assert summary["games"] >= 2
    assert "Head to head" in capsys.readouterr().out
