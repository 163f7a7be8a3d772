"""The luck-adjusted duplicate score (docs/challenges.md, "Does the score reward play?"): each entry's
result less its luck, from the analysis the standings run for the play figure, compared within its
copy as the duplicate score compares points."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from cardroom.core.registry import make
from cardroom.server.room.daily import SEAT, deal_seed, slot_named
from cardroom.server.room.daily_play import Job, analysis_of, luck_adjusted
from cardroom.server.room.daily_replay import reference_game, reference_points
from cardroom.server.room.daily_results import Played, adjusted_scores, duplicate_scores
from cardroom.server.store.challenges import DailyEntry


def _played(name: str, copy: int, points: float | None) -> Played:
    entry = DailyEntry("2026-11-29", "tacocat-2", f"guest:{name}", name, True, copy, name, 0, datetime.now(UTC))
    return Played(entry, points is not None, None if points is None else 1, points)


def test_the_adjusted_score_compares_adjusted_results_within_a_copy_as_points_are() -> None:
    results = [_played("ada", 0, 1.0), _played("bea", 0, 0.0), _played("cy", 1, 0.0), _played("dee", 1, None)]
    # ada won and bea lost, but bea played better by the analysis; cy's analysis is not worked out yet.
    adjusted = {"ada": 0.40, "bea": 0.45, "dee": 0.5}
    scored = {s.played.entry.name: s for s in adjusted_scores(results, adjusted, {0: 0.50, 1: 0.5})}
    assert set(scored) == {"ada", "bea"}  # cy: no analysis yet; dee: not finished
    assert scored["bea"].duplicate == pytest.approx(0.45 - (0.40 + 0.50) / 2)
    assert scored["ada"].duplicate == pytest.approx(0.40 - (0.45 + 0.50) / 2)
    assert scored["ada"].against_expert == pytest.approx(-0.10)
    assert [s.played.entry.name for s in adjusted_scores(results, adjusted, {0: 0.5})] == ["bea", "ada"]
    # The points themselves are what the plain score still compares.
    assert {s.played.entry.name: s.duplicate for s in duplicate_scores(results, {0: 0.5})}["ada"] == 0.75


def test_the_adjusted_result_is_the_start_less_the_losses_and_the_reference_is_the_played_game() -> None:
    slot = slot_named("tacocat-2")
    seed = deal_seed("a test's secret", "2027-01-01", slot.key, 0)
    moves, outcome = reference_game(slot.key, seed, "heuristic", "expert:iterations=20")
    points = (slot.players - outcome.place(SEAT)) / (slot.players - 1)
    assert points == reference_points(slot.key, seed, "heuristic", "expert:iterations=20")
    game = make(slot.game, None, **slot.options)
    analysis = analysis_of(Job(game, seed, tuple(moves), SEAT, outcome, None, ("Ada", "Bot 1")))
    assert analysis.decisions
    # start + luck - losses = result: the result less the luck is the start less the counted losses.
    assert luck_adjusted(analysis) == pytest.approx(analysis.result - analysis.total_luck, abs=1e-9)
    assert luck_adjusted(analysis, expected=True) == pytest.approx(analysis.start - analysis.expected_loss)
    # The room's budget and seed: the same game gives the same figure.
    again = analysis_of(Job(game, seed, tuple(moves), SEAT, outcome, None, ("Ada", "Bot 1")))
    assert luck_adjusted(again, expected=True) == luck_adjusted(analysis, expected=True)
