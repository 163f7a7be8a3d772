"""A real server process for the deal of the day's background work (its references, its entries'
analyses), with its metrics on a port of their own: the tests count that work by the room's own
counters, never by timing an answer."""

from __future__ import annotations

import httpx

from tests.server.process import ServerProcess, free_port


def daily_server(url: str, window: float, **env: str) -> tuple[ServerProcess, str]:
    """A started server on database ``url`` whose day lasts ``window`` seconds and played days stay
    counted across a restart, ``env`` on top; and the address of its metrics."""
    metrics = free_port()
    settings = {
        "CARDROOM_DAILY_BOTS": "heuristic",
        "CARDROOM_DAILY_EXPERT": "heuristic",
        "CARDROOM_DAILY_WINDOW": str(window),
        "CARDROOM_DAILY_RUNNING_DAYS": "200",  # the played window stays counted across the restart
        "CARDROOM_METRICS_PORT": str(metrics),
        **env,
    }
    return ServerProcess(free_port(), url, env=settings).start(), f"http://127.0.0.1:{metrics}/metrics"


def counted_by_asker(metrics: str, counter: str) -> dict[str, float]:
    """``counter``'s count by what asked (``ahead`` or ``results``) on this server process (none seen: 0)."""
    counts = {"ahead": 0.0, "results": 0.0}
    for line in httpx.get(metrics).text.splitlines():
        if line.startswith(counter + "{"):
            counts[line.split('asked_by="')[1].split('"')[0]] = float(line.rsplit(" ", 1)[1])
    return counts
