"""The deal of the day's rules on their own: the windows, the seeds (keyed by the server's secret),
the hiding rule on each side, and the duplicate score."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from cardroom.server.errors import Refused
from cardroom.server.room.daily import deal_seed, results_open, slot_named, window_at, window_named
from cardroom.server.room.daily_results import Played, duplicate_scores, running_board
from cardroom.server.store.challenges import DailyEntry

NOON = datetime(2026, 11, 29, 12, tzinfo=UTC).timestamp()


def test_a_day_is_a_utc_date_and_a_short_window_is_named_by_its_start() -> None:
    day = window_at(NOON, 86400.0)
    assert (day.day, day.closes - day.opens) == ("2026-11-29", 86400.0)
    assert window_named("2026-11-29", 86400.0) == day
    short = window_at(NOON + 7, 6.0)
    assert short.day == "2026-11-29T120006" and window_named(short.day, 6.0) == short
    with pytest.raises(Refused, match="written like"):
        window_named("yesterday", 86400.0)


def test_seeds_depend_on_the_secret_the_day_the_slot_and_the_copy() -> None:
    seeds = {
        deal_seed(secret, day, slot, copy)
        for secret in ("one", "two")
        for day in ("2026-11-29", "2026-11-30")
        for slot in ("taco-2", "taco-4")
        for copy in range(3)
    }
    assert len(seeds) == 24 and all(0 <= s < 2**63 for s in seeds)
    assert deal_seed("one", "2026-11-29", "taco-2", 0) == deal_seed("one", "2026-11-29", "taco-2", 0)


def test_results_open_only_when_finished_and_the_window_closed() -> None:
    day = window_at(NOON, 86400.0)
    assert not results_open(False, day, NOON)  # neither
    assert not results_open(True, day, NOON)  # finished, window open
    assert not results_open(False, day, day.closes + 1)  # window closed, unfinished
    assert results_open(True, day, day.closes)  # both


def test_unknown_slot_is_refused_with_the_slots_there_are() -> None:
    with pytest.raises(Refused, match="taco-2"):
        slot_named("chess-2")


def _played(name: str, copy: int, points: float | None) -> Played:
    entry = DailyEntry("2026-11-29", "taco-2", f"guest:{name}", name, True, copy, name, 0, datetime.now(UTC))
    return Played(entry, points is not None, None if points is None else 1, points)


def test_the_duplicate_score_compares_entrants_of_one_copy_and_the_expert() -> None:
    results = [_played("ada", 0, 1.0), _played("bea", 0, 0.0), _played("cy", 1, 0.0), _played("dee", 1, None)]
    scored = {s.played.entry.name: s for s in duplicate_scores(results, {0: 0.5, 1: 0.0})}
    assert set(scored) == {"ada", "bea", "cy"}  # an unfinished entry is not ranked
    assert scored["ada"].duplicate == pytest.approx(0.75) and scored["ada"].against_expert == pytest.approx(0.5)
    assert scored["bea"].duplicate == pytest.approx(-0.75)
    # Lost a deal the expert lost too: no worse than the field.
    assert scored["cy"].duplicate == 0.0 and scored["cy"].against_expert == 0.0
    assert [s.played.entry.name for s in duplicate_scores(results, {0: 0.5, 1: 0.0})] == ["ada", "cy", "bea"]


def test_the_running_board_sums_each_entrants_scores_best_first() -> None:
    monday = [_played("ada", 0, 1.0), _played("bea", 0, 0.0), _played("cy", 1, 1.0)]
    tuesday = [_played("ada", 2, 0.0), _played("cy", 2, 1.0)]
    scored = duplicate_scores(monday, {0: 0.5, 1: 0.0}) + duplicate_scores(tuesday, {2: 0.5})
    board = running_board(scored)
    # cy: +1 (beat the expert alone) then +0.75; ada: +0.75 then -0.75; bea: -0.75.
    assert [(r.name, r.deals) for r in board] == [("cy", 2), ("ada", 2), ("bea", 1)]
    assert [r.total for r in board] == pytest.approx([1.75, 0.0, -0.75])
    assert all(r.guest for r in board)
