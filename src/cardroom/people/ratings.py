"""Ratings for people: OpenSkill's Plackett-Luce model over a table's full ranking.

Why this model: these games seat two to ten, and a result is a ranking, not a win or a loss.
Plackett-Luce rates a ranking of any length in one update (Elo and Glicko-2 know only pairs), it
keeps an uncertainty per person as TrueSkill does, and OpenSkill is maintained, openly licensed and
pure Python. A person's shown rating is the conservative ``mu - 3 sigma`` the library calls the
ordinal, so a newcomer starts at zero and climbs as the room learns about them.

Which seats a table rates is decided by :func:`rated_places`, the room's rules:

- every seat must be a person with an account, and the table must be rated;
- a person who conceded or left (and whom the room's bot then played) is ranked last: leaving
  cannot save a rating;
- any other seat the room's bot played for more than a quarter of its decisions is not rated (its
  result says little about the person), and the rest are rated among themselves;
- fewer than two rated seats rate nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

BOT_SHARE_LIMIT = 0.25  # a seat whose decisions the room's bot made more than this share of is unrated
MODEL = PlackettLuce()  # the library's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The figure a person sees: mu - 3 sigma (a newcomer's is 0)."""
        return self.mu - 3.0 * self.sigma


FIRST = Rating(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished table, as the rating rules need it."""

    account: str | None  # None: a guest or a bot
    place: int  # 1 for first; tied seats share a place
    left: bool = False  # conceded, or abandoned and played out by the room
    bot_share: float = 0.0  # the share of this seat's decisions the room's bot made


def rated_places(seats: Sequence[SeatResult], table_rated: bool = True) -> dict[str, int]:
    """Each rated account's place after the rules above (those who left share the last place);
    empty when the table rates nobody."""
    if not table_rated or any(s.account is None for s in seats):
        return {}
    last = max(s.place for s in seats) + 1
    places: dict[str, int] = {}
    for seat in seats:
        assert seat.account is not None
        if seat.left:
            places[seat.account] = last
        elif seat.bot_share <= BOT_SHARE_LIMIT:
            places[seat.account] = seat.place
    return places if len(places) >= 2 else {}


def rate(places: dict[str, int], before: dict[str, Rating], model: PlackettLuce = MODEL) -> dict[str, Rating]:
    """Every placed account's rating after one table (an account not in ``before`` starts at
    :data:`FIRST`)."""
    names = sorted(places)
    teams = [[model.create_rating([before.get(n, FIRST).mu, before.get(n, FIRST).sigma], name=n)] for n in names]
    after = model.rate(teams, ranks=[float(places[n]) for n in names])
    return {n: Rating(team[0].mu, team[0].sigma) for n, team in zip(names, after, strict=True)}
