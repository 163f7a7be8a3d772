"""People's ratings: OpenSkill's Plackett-Luce, and the room's rules for which seats it rates."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from cardroom.people.ratings import FIRST, Rating, SeatResult, rate, rated_places


def test_free_for_alls_match_the_librarys_reference_values() -> None:
    """openskill.py's own tests (tests/models/test_plackett_luce.py, a model without the dynamics
    term tau): a 3-player free-for-all from default ratings gives mu 27.868876552746237,
    25.717219138186557, 21.413904309067206 and sigma 8.204837030780652, 8.057829747583874 twice;
    a 2-player one 27.63523138347365 / 22.36476861652635, sigma 8.065506316323548."""
    still = PlackettLuce(tau=0)
    three = rate({"ann": 1, "bo": 2, "cy": 3}, {}, still)
    assert three["ann"].mu == pytest.approx(27.868876552746237, abs=1e-9)
    assert three["bo"].mu == pytest.approx(25.717219138186557, abs=1e-9)
    assert three["cy"].mu == pytest.approx(21.413904309067206, abs=1e-9)
    assert [three[n].sigma for n in ("ann", "bo", "cy")] == pytest.approx(
        [8.204837030780652, 8.057829747583874, 8.057829747583874], abs=1e-9
    )
    two = rate({"ann": 2, "bo": 1}, {}, still)
    assert (two["bo"].mu, two["bo"].sigma) == pytest.approx((27.63523138347365, 8.065506316323548), abs=1e-9)
    assert two["ann"].mu == pytest.approx(22.36476861652635, abs=1e-9)


def test_a_newcomer_is_shown_zero_and_a_win_over_a_stronger_player_moves_more() -> None:
    assert FIRST.shown == pytest.approx(0.0)
    strong = Rating(35.0, 3.0)
    upset = rate({"new": 1, "strong": 2}, {"strong": strong})
    expected = rate({"new": 1, "weak": 2}, {"weak": Rating(15.0, 3.0)})
    assert upset["new"].mu - FIRST.mu > expected["new"].mu - FIRST.mu > 0
    assert upset["strong"].mu < strong.mu


def test_ties_share_a_rating_change() -> None:
    after = rate({"a": 1, "b": 2, "c": 2}, {})
    assert after["b"] == after["c"] and after["a"].mu > after["b"].mu


def test_only_tables_of_account_holders_are_rated() -> None:
    people = [SeatResult("ann", 1), SeatResult("bo", 2)]
    assert rated_places(people) == {"ann": 1, "bo": 2}
    assert rated_places(people, table_rated=False) == {}
    assert rated_places([SeatResult("ann", 1), SeatResult(None, 2)]) == {}  # a guest or a bot seat


def test_a_seat_the_room_mostly_played_is_unrated_but_leaving_ranks_last() -> None:
    seats = [SeatResult("ann", 1, bot_share=0.5), SeatResult("bo", 2), SeatResult("cy", 3, bot_share=0.25)]
    assert rated_places(seats) == {"bo": 2, "cy": 3}  # a quarter is still the person's game
    # A person who leaves cannot escape by letting the room's bot win for them: last, whatever happened.
    left = [SeatResult("ann", 1, left=True, bot_share=0.9), SeatResult("bo", 2), SeatResult("cy", 3)]
    assert rated_places(left) == {"ann": 4, "bo": 2, "cy": 3}
    assert rate(rated_places(left), {})["ann"].mu < FIRST.mu
    assert rated_places([SeatResult("ann", 1, bot_share=0.3), SeatResult("bo", 2)]) == {}  # one seat rates nobody
