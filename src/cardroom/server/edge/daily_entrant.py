"""Who enters a deal of the day: an account (its session), else a browser holding the room's guest
cookie (random, HttpOnly; the database keeps only a hash of it), playing under a name marked as a guest's."""

from __future__ import annotations

import hashlib

from fastapi import Request

from cardroom.server.edge.account_session import session_account
from cardroom.server.store import Store

GUEST_COOKIE = "cardroom_daily_guest"
GUEST_LIFE = 400 * 86400  # seconds: the longest a browser keeps a cookie


def guest_key(cookie: str) -> str:
    return "guest:" + hashlib.sha256(cookie.encode()).hexdigest()[:40]


async def entrant(store: Store, request: Request) -> tuple[str | None, str | None, bool]:
    """(entrant key, account name, guest?) of this browser; no key for a guest without the cookie yet."""
    account = await session_account(store, request)
    if account is not None:
        return "account:" + account.id, account.name, False
    cookie = request.cookies.get(GUEST_COOKIE)
    if not cookie or len(cookie) > 100:
        return None, None, True
    return guest_key(cookie), None, True
