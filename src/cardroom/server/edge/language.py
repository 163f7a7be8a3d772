"""The language a request asks to be answered in: its ``Accept-Language`` (the room's pages send the
browser's), matched against the catalogues the room has (English when none fits)."""

from __future__ import annotations

from fastapi import Request

from cardroom.locale import negotiate, say


def asked_language(request: Request) -> str:
    return negotiate(request.headers.get("accept-language"))


def said(request: Request, message: str, **params: object) -> str:
    """``message`` (a catalogue message) with its places, in the request's language."""
    return say(asked_language(request), message, **params)
