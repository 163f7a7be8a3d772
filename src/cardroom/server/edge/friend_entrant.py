"""Who a friend's challenge is played by: an account (its session), else a browser, known by the same
random guest cookie as the deal of the day's (HttpOnly; only its hash is kept). One browser is then
one entrant for both, and a guest cannot shed an attempt by switching pages."""

from __future__ import annotations

import hashlib
import secrets

from fastapi import Request, Response

from cardroom.server.edge.account_session import secure_cookies, session_account
from cardroom.server.edge.challenges_api import GUEST_COOKIE, GUEST_LIFE
from cardroom.server.store import Store


def _guest_key(cookie: str) -> str:
    return "guest:" + hashlib.sha256(cookie.encode()).hexdigest()[:40]


async def entrant_of(store: Store, request: Request, response: Response | None) -> tuple[str | None, str | None]:
    """(entrant key, account name): with ``response``, a guest without the cookie is given one (and
    so always has a key); without, such a guest has none."""
    account = await session_account(store, request)
    if account is not None:
        return "account:" + account.id, account.name
    cookie = request.cookies.get(GUEST_COOKIE)
    if cookie and len(cookie) <= 100:
        return _guest_key(cookie), None
    if response is None:
        return None, None
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
    return _guest_key(cookie), None
