"""The store: the only package of the server that speaks SQL or imports a database driver.

:class:`Store` is its facade (see :mod:`.facade`); the rows it hands out are plain dataclasses
(:mod:`.rows`). Behind it: the schema and its Alembic migrations, the group commit (:mod:`.writer`,
with :mod:`.pgbatch` on PostgreSQL), the clocks riding its batches (:mod:`.clocks`), the listener
that hears other processes' changes (:mod:`.listener`), shared rate-limit buckets
(:mod:`.buckets`), what an outage looks like (:mod:`.outage`), when the database may be used
(:mod:`.readiness`), the retry on a fresh connection (:mod:`.reconnect`) and the online backup.
"""

from cardroom.server.store.buckets import Buckets
from cardroom.server.store.challenges import DailyEntry
from cardroom.server.store.clocks import ClockSaver
from cardroom.server.store.database import database_url, printable_url
from cardroom.server.store.facade import Store
from cardroom.server.store.friends import Challenge, FriendEntry
from cardroom.server.store.listener import listen
from cardroom.server.store.notify import CHANNEL, conninfo
from cardroom.server.store.outage import DATABASE_ERRORS, UNAVAILABLE, Outage, Unavailable, is_database_error
from cardroom.server.store.puzzles import Posed, Puzzle
from cardroom.server.store.readiness import Readiness
from cardroom.server.store.rows import (
    ActionRow,
    Link,
    Message,
    NewAction,
    NewTable,
    SeatRow,
    StepTaken,
    TableRow,
    now,
)
from cardroom.server.store.sqlitebatch import Rider
from cardroom.server.store.writer import GroupWriter

__all__ = [
    "CHANNEL",
    "DATABASE_ERRORS",
    "UNAVAILABLE",
    "ActionRow",
    "Buckets",
    "Challenge",
    "ClockSaver",
    "DailyEntry",
    "FriendEntry",
    "GroupWriter",
    "Link",
    "Message",
    "NewAction",
    "NewTable",
    "Outage",
    "Posed",
    "Puzzle",
    "Readiness",
    "Rider",
    "SeatRow",
    "StepTaken",
    "Store",
    "TableRow",
    "Unavailable",
    "conninfo",
    "database_url",
    "is_database_error",
    "listen",
    "now",
    "printable_url",
]
