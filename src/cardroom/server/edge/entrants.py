"""Who enters a deal of the day or a friend's challenge: an account (its session), else a browser
holding the room's guest cookie (random, HttpOnly; the database keeps only a hash of it), playing
under a name marked as a guest's. One browser is one entrant for both, so a guest cannot shed an
attempt by switching pages."""

from __future__ import annotations

import hashlib
import secrets

from fastapi import Request, Response

from cardroom.server.edge.account_session import secure_cookies, session_account
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


def new_guest(request: Request, response: Response) -> str:
    """Give this browser its guest cookie (its first entry as a guest): the entrant key it stands for."""
    cookie = secrets.token_urlsafe(24)
    response.set_cookie(
        GUEST_COOKIE,
        cookie,
        max_age=GUEST_LIFE,
        path="/",
        secure=secure_cookies(request),
        httponly=True,
        samesite="lax",
    )
    return guest_key(cookie)


async def entrant_of(store: Store, request: Request, response: Response | None) -> tuple[str | None, str | None]:
    """(entrant key, account name): with ``response``, a guest without the cookie is given one (and
    so always has a key); without, such a guest has none."""
    key, name, _ = await entrant(store, request)
    if key is None and response is not None:
        key = new_guest(request, response)
    return key, name
