"""What makes a browser an account's: the session cookie, the check that a state-changing request
came from this site's own pages (CSRF), and the login limits.

The cookie: a fresh random id at every sign-up and login (so an id planted before a login is never
the one that is logged in: no session fixation), of which the database keeps only a SHA-256;
HttpOnly (no script reads it), SameSite=Lax (not sent with another site's forms or fetches), and
Secure whenever the room is reached over https (the request's scheme, or $CARDROOM_PUBLIC_URL). On
plain-http localhost it cannot be Secure, or a browser reached by http://192.168.x.y would never
send it back; nothing secret crosses such a network but the room's own traffic.

CSRF: every POST this module's routes take is refused unless its ``Origin`` (or, lacking one, its
``Referer``) is this site. An Origin check needs no token threaded through the pages, browsers set
the header on every cross-site POST and no page can forge it, and SameSite=Lax alone would still let
a sibling subdomain post. A request with neither header is refused too: the room's own pages always
send one.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import secrets
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from urllib.parse import urlsplit

from fastapi import Request, Response

from cardroom.people.records import Account
from cardroom.server.ops.ratelimit import SharedRateLimiter
from cardroom.server.store import Readiness, Store, now

COOKIE = "cardroom_session"
SESSION_LIFE = timedelta(days=30)
LOGIN_BURST = 10  # tries per name before the limit ($CARDROOM_LOGIN_BURST); one more every minute after
ADDRESS_TIMES = 3  # an address may try three times as often as one name (a household shares one)


class NotSameSite(Exception):
    """403: a state-changing request whose origin is not this site."""


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def check_same_site(request: Request) -> None:
    """:class:`NotSameSite` unless the request's Origin (else Referer) is this site's."""
    if request.headers.get("sec-fetch-site") == "cross-site":
        raise NotSameSite()
    claimed = request.headers.get("origin") or request.headers.get("referer")
    if not claimed or claimed == "null":
        raise NotSameSite()
    allowed = {_origin(str(request.base_url))}
    public = os.environ.get("CARDROOM_PUBLIC_URL", "").strip()
    if public:
        allowed.add(_origin(public))
    if _origin(claimed) not in allowed:
        raise NotSameSite()


def _hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("utf-8")).hexdigest()


def secure_cookies(request: Request) -> bool:
    return request.url.scheme == "https" or os.environ.get("CARDROOM_PUBLIC_URL", "").strip().startswith("https:")


async def start_session(store: Store, account: Account, request: Request, response: Response) -> None:
    """A fresh session for ``account``, its id set in the response's cookie (any earlier one ended)."""
    old = request.cookies.get(COOKIE)
    if old:
        await store.writer.call(store.end_session, _hash(old))
    session_id = secrets.token_urlsafe(32)
    await store.writer.call(store.new_session, _hash(session_id), account.id, now() + SESSION_LIFE)
    response.set_cookie(
        COOKIE,
        session_id,
        max_age=int(SESSION_LIFE.total_seconds()),
        path="/",
        secure=secure_cookies(request),
        httponly=True,
        samesite="lax",
    )


async def end_session(store: Store, request: Request, response: Response) -> None:
    old = request.cookies.get(COOKIE)
    if old:
        await store.writer.call(store.end_session, _hash(old))
    response.delete_cookie(COOKIE, path="/", secure=secure_cookies(request), httponly=True, samesite="lax")


async def session_account(store: Store, request: Request) -> Account | None:
    """The account this browser is logged in as (None: a guest, or a session ended or expired)."""
    session_id = request.cookies.get(COOKIE)
    if not session_id or len(session_id) > 100:
        return None
    return await asyncio.to_thread(store.session_account, _hash(session_id), now())


class LoginLimits:
    """Login and sign-up tries, limited per name and per address in the shared buckets (so the
    limits hold across server processes). Keys are hashes: neither names nor addresses are stored."""

    def __init__(self, url: str, thread: ThreadPoolExecutor | None, readiness: Readiness) -> None:
        burst = int(os.environ.get("CARDROOM_LOGIN_BURST", str(LOGIN_BURST)))
        # A token at a time (lease=1): a guesser must not get a process's unspent lease on top.
        self.names = SharedRateLimiter(url, 1 / 60, burst, thread, readiness=readiness, lease=1)
        self.addresses = SharedRateLimiter(
            url, ADDRESS_TIMES / 60, burst * ADDRESS_TIMES, thread, readiness=readiness, lease=1
        )

    async def allow(self, name_key: str, address: str) -> bool:
        by_address = await self.addresses.allow("login@" + _hash(address)[:58])
        by_name = await self.names.allow("login:" + _hash(name_key)[:58])
        return by_address and by_name

    def close(self) -> None:
        self.names.close()
        self.addresses.close()
