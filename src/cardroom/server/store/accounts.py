"""Accounts and their sessions. The password hash is written and read here only: a login is checked
inside the store (:func:`check_login`) and only the account, never its hash, comes out."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from cardroom.people import passwords
from cardroom.people.records import Account
from cardroom.server.store.rows import now
from cardroom.server.store.schema import accounts, sessions

# The columns an account is handed out with: everything but the hash.
_PUBLIC = (accounts.c.id, accounts.c.name, accounts.c.created, accounts.c.suspended)


def _account(row: Any) -> Account:
    return Account(str(row.id), str(row.name), row.created, bool(row.suspended))


def create_account(engine: Engine, account_id: str, name: str, key: str, password: str) -> bool:
    """A new account (its password hashed here, with argon2id); False if the name's key is taken."""
    hashed = passwords.hash_new(password)
    try:
        with engine.begin() as conn:
            conn.execute(
                insert(accounts).values(
                    id=account_id, name=name, name_key=key, password_hash=hashed, created=now(), suspended=False
                )
            )
    except IntegrityError:
        return False
    return True


def check_login(engine: Engine, key: str, password: str) -> Account | None:
    """The account whose name has ``key`` if ``password`` is its password, else None. An unknown name
    is checked against a decoy hash, so it takes as long as a wrong password."""
    with engine.connect() as conn:
        row = conn.execute(select(*_PUBLIC, accounts.c.password_hash).where(accounts.c.name_key == key)).first()
    if not passwords.check(None if row is None else str(row.password_hash), password):
        return None
    assert row is not None
    return _account(row)


def find_account(engine: Engine, key: str) -> Account | None:
    with engine.connect() as conn:
        row = conn.execute(select(*_PUBLIC).where(accounts.c.name_key == key)).first()
    return None if row is None else _account(row)


def set_suspended(engine: Engine, key: str, suspended: bool) -> Account | None:
    """Suspend (or restore) the account, ending its sessions; None if there is no such account."""
    with engine.begin() as conn:
        row = conn.execute(select(*_PUBLIC).where(accounts.c.name_key == key)).first()
        if row is None:
            return None
        conn.execute(update(accounts).where(accounts.c.id == row.id).values(suspended=suspended))
        if suspended:
            conn.execute(delete(sessions).where(sessions.c.account_id == row.id))
    return Account(str(row.id), str(row.name), row.created, suspended)


def new_session(engine: Engine, id_hash: str, account_id: str, expires: datetime) -> None:
    with engine.begin() as conn:
        conn.execute(insert(sessions).values(id_hash=id_hash, account_id=account_id, created=now(), expires=expires))


def session_account(engine: Engine, id_hash: str, at: datetime) -> Account | None:
    """The account a session id's hash belongs to, if the session has not expired and the account is
    not suspended."""
    with engine.connect() as conn:
        row = conn.execute(
            select(*_PUBLIC, sessions.c.expires)
            .join(sessions, sessions.c.account_id == accounts.c.id)
            .where(sessions.c.id_hash == id_hash)
        ).first()
    if row is None or row.suspended:
        return None
    expires = row.expires if row.expires.tzinfo else row.expires.replace(tzinfo=at.tzinfo)  # SQLite drops it
    return _account(row) if expires > at else None


def end_session(engine: Engine, id_hash: str) -> None:
    with engine.begin() as conn:
        conn.execute(delete(sessions).where(sessions.c.id_hash == id_hash))
