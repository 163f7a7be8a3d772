"""The database tables. The database, not memory, is the source of truth for every game.

A game is stored as its options, its secret seed and the append-only list of actions; a state is
rebuilt by replaying them. ``actions`` has a unique ``(table_id, step)`` so that two submissions for
the same step can never both land, even from two server processes.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()


def per_seat(name: str, *columns: Column[Any] | Index) -> Table:
    """A table of one row per seat of a table (the pair is its key): what the room keeps of a seat."""
    return Table(
        name,
        metadata,
        Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
        Column("seat", Integer, primary_key=True),
        *columns,
    )


tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("preset", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    # The secret seed: it never leaves the database except into the server's own replay.
    Column("seed", BigInteger, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("status", String(16), nullable=False),
    Column("reaction_seconds", Float, nullable=False),
    Column("turn_seconds", Float, nullable=True),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch_id", String(32), nullable=True),
    # When an action was last stored (null: none yet, see `created`); idle tables expire by it.
    Column("updated", DateTime(timezone=True), nullable=True),
    # The running clocks' deadlines (epoch seconds), so a restart ends them when they would have.
    Column("clocks", JSON, nullable=True),
    # A hash of the creating address (never the address), so every process can count an address's
    # new tables for the creation limit.
    Column("creator", String(16), nullable=True),
    Index("ix_tables_status_updated", "status", "updated"),
    Index("ix_tables_creator_created", "creator", "created"),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # human | bot | invite
    Column("bot_spec", String(128), nullable=True),
    # SHA-256 of the seat's token; the token itself is never stored.
    Column("token_hash", String(64), nullable=True, index=True),
    Column("name", String(64), nullable=False),
    Column("joined", Boolean, nullable=False, default=False),
)

actions = Table(
    "actions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("step", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    # Who decided: a person, a bot, or the clock (a reaction window or turn timer running out).
    Column("timed_out", Boolean, nullable=False, default=False),
    UniqueConstraint("table_id", "step", name="uq_actions_table_step"),
)

# Links that hand a seat to whoever opens them (an invitation, or an owner moving to another device).
# Opening one exchanges it for a fresh secret held only by that browser; the link is then spent, so a
# second visit can be told the seat is taken. Only the hash is kept, as for seat tokens.
links = Table(
    "links",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("spent", Boolean, nullable=False, default=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# Table chat, kept with the table: plain text from a seat (or a spectator, seat null).
chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=True),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# Tables left out of the public list: only people with a link (or its id) find them.
private_tables = Table(
    "private_tables",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
)

# A seat that conceded (see docs/server.md, "Conceding"): the game ended there, that seat lost.
concessions = Table(
    "concessions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("step", Integer, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# Tables whose creator turned hints on for everyone (see hints.py); set once, at creation.
hint_tables = Table(
    "hint_tables",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
)

# Per-token rate limits, shared by every server process (see ``ratelimit.SharedRateLimiter``): a
# token bucket per key (a hash of the seat token, or of the address of anonymous requests).
rate_buckets = Table(
    "rate_buckets",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("tokens", Float, nullable=False),  # left in the bucket at `stamp`
    Column("stamp", Float, nullable=False),  # epoch seconds
)

# Hidden answers to an open reaction window, until it closes (see window_answers.py): never shown.
window_answers = Table(
    "window_answers",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("action", String(200), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# Seats the room plays for while their person is away (see absent.py): shown as "(auto)" to everyone,
# handed back when the person acts or reconnects. ``reason``: "timeouts" or "away".
auto_seats = per_seat(
    "auto_seats",
    Column("reason", String(16), nullable=False),
    Column("since", DateTime(timezone=True), nullable=False),
)

# When a seat last had a socket open, in any server process (see absent.py): refreshed while it has.
seat_presence = per_seat(
    "seat_presence",
    Column("seen", DateTime(timezone=True), nullable=False),
)

# Seats whose person asked for more time (see docs/table-page.md, "More time"): their reaction windows and
# move clocks run at least ten times as long, and everyone is told so. Present means on.
more_time_seats = per_seat(
    "more_time_seats",
    Column("created", DateTime(timezone=True), nullable=False),
)

# -- people who come back (see docs/accounts.md) ------------------------------------------------------

# An account: a name as typed, the key two names are compared by (NFKC, case-folded: unique), and the
# argon2id hash of its password, which no statement hands out of the store.
accounts = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(160), nullable=False, unique=True),
    Column("password_hash", String(255), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("suspended", Boolean, nullable=False, default=False),
)

# A logged-in browser: only the SHA-256 of its session id is kept (the id is in the browser's cookie).
sessions = Table(
    "sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False),
)

# The seats an account holds: one account per seat, so no other account can claim it later.
account_seats = per_seat(
    "account_seats",
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Index("ix_account_seats_account_created", "account_id", "created"),
)

# The seat whose person created the table (its host: may remove a person before the game begins).
table_hosts = Table(
    "table_hosts",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, nullable=False),
)

# What a person reported at a table (a message, or a seat's player), for whoever runs the room.
reports = Table(
    "reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("by_seat", Integer, nullable=True),
    Column("about_seat", Integer, nullable=True),
    Column("message_id", Integer, nullable=True),
    Column("reason", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# A person's rating per game (OpenSkill Plackett-Luce: mu, sigma; `shown` = mu - 3 sigma, sorted on).
person_ratings = Table(
    "person_ratings",
    metadata,
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("shown", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Index("ix_person_ratings_game_shown", "game", "shown"),
)

# Every rated table's effect on each rated person: the rating after it. One row per (table, account),
# so a table is never rated twice, even by two processes at once.
rating_history = Table(
    "rating_history",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("place", Integer, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("shown", Float, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Index("ix_rating_history_account_game_created", "account_id", "game", "created"),
)

# -- the same deal for everyone (see docs/challenges.md) ----------------------------------------------

# The server's secret the deals of the day are derived from (one row, made on first use), so a day's
# deal cannot be worked out from its date. $CARDROOM_DAILY_SECRET, when set, is used instead.
daily_secret = Table(
    "daily_secret",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("secret", String(64), nullable=False),
)

# Who entered which day's slot, and the table they were dealt: one row per (window, slot, entrant), so
# a second attempt is refused by the database itself, even from two server processes at once.
daily_entries = Table(
    "daily_entries",
    metadata,
    Column("day", String(20), primary_key=True),
    Column("slot", String(20), primary_key=True),
    Column("entrant", String(80), primary_key=True),  # "account:<id>" or "guest:<browser hash>"
    Column("name", String(40), nullable=False),
    Column("guest", Boolean, nullable=False),
    Column("copy", Integer, nullable=False),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, unique=True),
    Column("seat", Integer, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    # The analysis of the finished deal (0015), kept once worked out so no process works it out again:
    # ``adjusted`` (the luck-adjusted result, win chance 0-1) is NULL until then, and never NULL after;
    # ``play`` (the play figure, accuracy 0-100) is NULL also when worked out with no decision to make.
    Column("play", Float, nullable=True),
    Column("adjusted", Float, nullable=True),
    Index("ix_daily_entries_day_slot_copy", "day", "slot", "copy"),
)

# The expert bot's result on one copy of a window's slot (the duplicate score's reference): played out
# once, when the window closes or when results first need it, and kept here so no process plays it
# again (it is deterministic: every process would get the same points). Keyed by what the game depends
# on besides the copy's secret seed: the deal's bots and the expert's spec.
daily_references = Table(
    "daily_references",
    metadata,
    Column("day", String(20), primary_key=True),
    Column("slot", String(20), primary_key=True),
    Column("copy", Integer, primary_key=True),
    Column("bots", String(120), primary_key=True),
    Column("expert", String(120), primary_key=True),
    Column("points", Float, nullable=False),  # 1 for first place .. 0 for last
    Column("created", DateTime(timezone=True), nullable=False),
    # The expert's luck-adjusted result (win chance 0-1, from the standings' analysis of its game);
    # NULL on a row kept before it was (0014), worked out and set when first needed.
    Column("adjusted", Float, nullable=True),
)

# A friend's challenge (docs/challenges.md): a random, unguessable id standing for one seat of a finished
# table against bots; the link names only the id, never the table or its seed.
friend_challenges = Table(
    "friend_challenges",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    UniqueConstraint("table_id", "seat", name="uq_friend_challenges_table_seat"),
)

# Who played a challenge, at which table: the challenger (their own table) and each friend; one row per
# (challenge, entrant), so a second attempt is refused by the database itself.
friend_entries = Table(
    "friend_entries",
    metadata,
    Column("challenge_id", String(32), ForeignKey("friend_challenges.id"), primary_key=True),
    Column("entrant", String(80), primary_key=True),  # "account:<id>" or "guest:<browser hash>"
    Column("name", String(40), nullable=False),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, unique=True),
    Column("seat", Integer, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# Puzzles from a player's games: the seats whose analysis was read for them (with or without any)...
puzzle_sources = per_seat(
    "puzzle_sources",
    Column("created", DateTime(timezone=True), nullable=False),
)

# ...and each decision posed again: the step of that table, the best answer clear of the next by at
# least the puzzle margin, and the analysis's words for it. The id is random: it opens the puzzle.
puzzles = Table(
    "puzzles",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("step", Integer, nullable=False),
    Column("answer", String(200), nullable=False),
    Column("answer_win", Float, nullable=False),
    Column("next_win", Float, nullable=False),
    Column("chosen", String(200), nullable=False),
    Column("chosen_win", Float, nullable=False),
    Column("loss", Float, nullable=False),
    Column("did", String(400), nullable=False),
    Column("better", String(400), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Index("ix_puzzles_table_seat", "table_id", "seat"),
)
