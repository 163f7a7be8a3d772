"""People's ratings: each rated table's effect (``rating_history``, one row per table and account, so
a table is never rated twice) and each person's rating per game (``person_ratings``), with the two
reads the pages need: a game's leaderboard and one person's history. Both read by index only
(``ix_person_ratings_game_shown``, ``ix_rating_history_account_game_created``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Engine, and_, exists, insert, select, update
from sqlalchemy.exc import IntegrityError

from cardroom.people.records import RatedGame, Standing
from cardroom.server.store.rows import now
from cardroom.server.store.schema import (
    account_seats,
    accounts,
    person_ratings,
    private_tables,
    rating_history,
    tables,
)


def finished_unrated(engine: Engine, since: datetime, limit: int) -> list[str]:
    """Tables finished since ``since`` (not private) with a seat held by an account and no rating yet.

    Two reads, each a range of ``ix_tables_status_updated``: tables with a move stored since then,
    and tables conceded before any move (no ``updated``: their creation stands in). One read with
    an OR of the two scanned every finished table at every sweep."""
    unrated = (
        exists().where(account_seats.c.table_id == tables.c.id),
        ~exists().where(rating_history.c.table_id == tables.c.id),
        ~exists().where(private_tables.c.table_id == tables.c.id),
    )
    moved = tables.c.updated >= since
    never_moved = and_(tables.c.updated.is_(None), tables.c.created >= since)
    found: list[str] = []
    with engine.connect() as conn:
        for when in (moved, never_moved):
            query = select(tables.c.id).where(tables.c.status == "over", when, *unrated).limit(limit)
            found += [str(r.id) for r in conn.execute(query)]
    return found[:limit]


def ratings_of(engine: Engine, game: str, account_ids: list[str]) -> dict[str, tuple[float, float]]:
    """(mu, sigma) of each of these accounts that has a rating at ``game``."""
    r = person_ratings.c
    with engine.connect() as conn:
        rows = conn.execute(select(r.account_id, r.mu, r.sigma).where(r.game == game, r.account_id.in_(account_ids)))
        return {str(row.account_id): (float(row.mu), float(row.sigma)) for row in rows}


def save_rated(engine: Engine, table_id: str, game: str, results: list[tuple[str, int, float, float]]) -> bool:
    """Store a rated table: each (account, place, mu, sigma) after it, in one transaction; False if
    the table was rated already (by another process)."""
    stamp = now()
    r = person_ratings.c
    try:
        with engine.begin() as conn:
            for account_id, place, mu, sigma in results:
                # The rating after this table, in the columns the history and the current rating share.
                rating = {"mu": mu, "sigma": sigma, "shown": mu - 3.0 * sigma}
                conn.execute(
                    insert(rating_history).values(
                        table_id=table_id, account_id=account_id, game=game, place=place, created=stamp, **rating
                    )
                )
                changed = conn.execute(
                    update(person_ratings)
                    .where(r.account_id == account_id, r.game == game)
                    .values(games=r.games + 1, updated=stamp, **rating)
                )
                if changed.rowcount == 0:
                    conn.execute(
                        insert(person_ratings).values(
                            account_id=account_id, game=game, games=1, updated=stamp, **rating
                        )
                    )
    except IntegrityError:
        return False
    return True


def leaderboard(engine: Engine, game: str, limit: int, offset: int) -> list[Standing]:
    """The game's rated people, best shown rating first."""
    r = person_ratings.c
    query = (
        select(accounts.c.name, r.shown, r.mu, r.sigma, r.games)
        .join(accounts, accounts.c.id == r.account_id)
        .where(r.game == game, accounts.c.suspended.is_(False))
        .order_by(r.shown.desc(), r.account_id)
        .limit(limit)
        .offset(offset)
    )
    with engine.connect() as conn:
        return [
            Standing(str(x.name), float(x.shown), float(x.mu), float(x.sigma), int(x.games))
            for x in conn.execute(query)
        ]


def standings_of(engine: Engine, account_id: str) -> dict[str, Standing]:
    """The account's rating at each game it is rated at."""
    r = person_ratings.c
    query = (
        select(r.game, accounts.c.name, r.shown, r.mu, r.sigma, r.games)
        .join(accounts, accounts.c.id == r.account_id)
        .where(r.account_id == account_id)
    )
    with engine.connect() as conn:
        return {
            str(x.game): Standing(str(x.name), float(x.shown), float(x.mu), float(x.sigma), int(x.games))
            for x in conn.execute(query)
        }


def history_of(engine: Engine, account_id: str, game: str, limit: int) -> list[RatedGame]:
    """The account's newest ``limit`` rated tables at ``game``, oldest first."""
    h = rating_history.c
    query = (
        select(h.table_id, h.game, h.place, h.shown, h.created)
        .where(h.account_id == account_id, h.game == game)
        .order_by(h.created.desc())
        .limit(limit)
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [RatedGame(str(x.table_id), str(x.game), int(x.place), float(x.shown), x.created) for x in reversed(rows)]
