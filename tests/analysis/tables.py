"""Helpers for the analysis tests that talk to a real server."""

from __future__ import annotations

import httpx

from tests.support.seat_play import last, play_seats


def finish_by_api(url: str, tid: str, token: str) -> None:
    """Our seat's remaining moves (its last legal action each time: the seeds were chosen for it)."""
    with httpx.Client(base_url=url, timeout=10) as client:
        play_seats(client, tid, {0: token}, choose=last, seconds=90)
