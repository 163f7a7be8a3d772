"""Which decisions of an analysis become puzzles: only a costly one with one best answer at least 10 win
chance points clear of every other, the analysis's own better move, which the player did not play."""

from __future__ import annotations

from typing import Any

from cardroom.server.room.puzzles import MARGIN, pose_all, posed


def decision(wins: dict[str, float], chosen: str, best: str, loss: float = 0.2, step: int = 3) -> dict[str, Any]:
    return {
        "step": step, "chosen": chosen, "best": best, "loss": loss, "win_after": wins[chosen],
        "did": f"did {chosen}", "better": f"do {best}",
        "actions": [{"action": a, "win": w} for a, w in wins.items()],
    }  # fmt: skip


def test_a_clear_best_answer_missed_is_a_puzzle() -> None:
    found = posed(decision({"keep 3": 0.7, "discard 3": 0.4, "pass": 0.55}, "discard 3", "keep 3"))
    assert found is not None
    assert (found.answer, found.answer_win, found.next_win, found.chosen_win) == ("keep 3", 0.7, 0.55, 0.4)
    assert (found.did, found.better, found.step) == ("did discard 3", "do keep 3", 3)


def test_no_puzzle_without_a_clear_answer_or_a_cost() -> None:
    close = {"keep 3": 0.70, "discard 3": 0.40, "pass": 0.70 - MARGIN + 0.001}
    assert posed(decision(close, "discard 3", "keep 3")) is None  # two answers within the margin
    found_it = {"keep 3": 0.7, "discard 3": 0.4}
    assert posed(decision(found_it, "keep 3", "keep 3", loss=0.0)) is None  # the player found it
    assert posed(decision(found_it, "discard 3", "keep 3", loss=0.0)) is None  # no measurable cost
    assert posed(decision(found_it, "discard 3", "discard 3")) is None  # the analysis's better move is not the top
    assert posed(decision({"keep 3": 0.7}, "keep 3", "keep 3")) is None  # one action: no choice to pose


def test_an_analysis_s_puzzles_come_costliest_first() -> None:
    wins = {"keep 3": 0.9, "discard 3": 0.2}
    analysis = {
        "decisions": [
            decision(wins, "discard 3", "keep 3", loss=0.15, step=1),
            decision(wins, "keep 3", "keep 3", loss=0.0, step=2),
            decision(wins, "discard 3", "keep 3", loss=0.4, step=5),
        ]
    }
    assert [p.step for p in pose_all(analysis)] == [5, 1]
