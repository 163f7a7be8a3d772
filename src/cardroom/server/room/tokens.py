"""Seat tokens: 192 random bits handed to a player once, kept by the server only as a SHA-256 hash."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING

from cardroom.server.errors import WrongToken

if TYPE_CHECKING:
    from cardroom.server.room.live import Live


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 24 bytes = 192 bits


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def matches(token: str, token_hash: str | None) -> bool:
    """Constant-time comparison, so the time taken says nothing about how close a guess was."""
    if token_hash is None:
        return False
    return hmac.compare_digest(hash_token(token), token_hash)


def new_table_id() -> str:
    # Table ids are public (they are in every link) but unguessable enough not to be enumerated.
    return secrets.token_hex(8)


def seat_of(live: Live, token: str | None) -> int:
    """The seat a token opens at this table; :class:`WrongToken` if none."""
    if token:
        for s in live.row.seats:
            if matches(token, s.token_hash):
                return s.seat
    raise WrongToken()
