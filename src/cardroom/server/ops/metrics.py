"""The room's metrics in the Prometheus text format, for an operator's scraper.

Off unless ``$CARDROOM_METRICS_PORT`` names a port: then :func:`serve` answers ``GET /metrics`` there
(on ``$CARDROOM_METRICS_HOST``, default 127.0.0.1), never on the public port, so nobody playing can
read them and no route of the room changes. The counters and histograms are kept whether or not
anyone scrapes (each costs an increment or an observation where it happens: one per action for the
action's latency, one per batch for the writer, one per push for the push's latency); what is a
state, not an event (the tables held, the sockets open, the writer's queue, whether the database is
down), is read only when scraped, through the functions :func:`watch` is given.

Nothing hidden is in them: counts, durations and sizes, labelled only by a route's template
(``/api/tables/{id}/actions``, never a table id or a token) and a status.
"""

from __future__ import annotations

import os
import threading
import time
from bisect import bisect_left
from collections.abc import Callable, Iterator
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, start_http_server
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily, Metric

PORT_ENV = "CARDROOM_METRICS_PORT"
HOST_ENV = "CARDROOM_METRICS_HOST"

REGISTRY = CollectorRegistry()
# Seconds: from a request's first byte to its answer, from a change to the socket's send, a bot's thought.
_LATENCY = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
_THINK = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


class Tally:
    """A counter bumped on one thread only (each of the room's is: the writer's, or the event loop's).

    ``prometheus_client``'s own counter takes a lock on every increment and its histogram walks its
    buckets in Python: a dozen calls an action on the event loop, a few percent of its time. With one
    thread bumping, ``+=`` needs no lock; the scraper's thread only reads."""

    __slots__ = ("doc", "name", "value")

    def __init__(self, name: str, doc: str) -> None:
        self.name, self.doc, self.value = name, doc, 0.0

    def inc(self, amount: float = 1.0) -> None:
        self.value += amount

    def family(self) -> Metric:
        return CounterMetricFamily(self.name, self.doc, value=self.value)


class Spread:
    """A histogram observed on one thread only (see :class:`Tally`): a count per bucket, found in C."""

    __slots__ = ("bounds", "counts", "doc", "name", "total")

    def __init__(self, name: str, doc: str, buckets: tuple[float, ...]) -> None:
        self.name, self.doc, self.bounds = name, doc, buckets
        self.counts = [0] * (len(buckets) + 1)  # the last: above every bound
        self.total = 0.0

    def observe(self, value: float) -> None:
        self.counts[bisect_left(self.bounds, value)] += 1  # the first bucket whose bound is >= value
        self.total += value

    def family(self) -> Metric:
        counts, total = list(self.counts), self.total  # one moment's copy: the buckets stay cumulative
        cumulative, running = [], 0
        for bound, count in zip((*self.bounds, float("inf")), counts, strict=True):
            running += count
            cumulative.append(("+Inf" if bound == float("inf") else repr(float(bound)), running))
        return HistogramMetricFamily(self.name, self.doc, buckets=cumulative, sum_value=total)


class KeptMetrics:
    """The :class:`Tally` and :class:`Spread` metrics, read when scraped."""

    def __init__(self, *kept: Tally | Spread) -> None:
        self.kept = kept

    def collect(self) -> Iterator[Metric]:
        for one in self.kept:
            yield one.family()


ACTIONS = Tally("cardroom_actions", "Actions stored (every seat's, the bots' and the clocks' included)")
ACTION_SECONDS = Spread("cardroom_action_seconds", "An action request from its arrival to its answer", _LATENCY)
PUSH_SECONDS = Spread("cardroom_push_seconds", "A table's change to the send of a socket's snapshot", _LATENCY)
BATCH_ACTIONS = Spread(
    "cardroom_commit_batch_actions", "Actions in one group commit", (1, 2, 4, 8, 16, 32, 64, 128, 256)
)
BOT_THINK_SECONDS = Spread(
    "cardroom_bot_think_seconds", "A bot's time to choose a move, its pace's wait not included", _THINK
)
REGISTRY.register(KeptMetrics(ACTIONS, ACTION_SECONDS, PUSH_SECONDS, BATCH_ACTIONS, BOT_THINK_SECONDS))
REFUSALS = Counter(
    "cardroom_refusals", "Requests answered 503 (database unavailable) or 429 (rate limit), by route",
    ["status", "route"], registry=REGISTRY,
)  # fmt: skip
OUTAGES = Counter("cardroom_database_outages", "Database outages begun (a write or probe failed)", registry=REGISTRY)
DAILY_ANALYSES = Counter(
    "cardroom_daily_analyses",
    "Analyses of deal of the day entries worked out (under a second each; kept in the database once done), "
    "by what asked: ahead (the entry's deal finished) or results (a standings request found one missing)",
    ["asked_by"], registry=REGISTRY,
)  # fmt: skip
DAILY_REFERENCES = Counter(
    "cardroom_daily_references_played",
    "Expert references of the deal of the day played out (a whole deal each: seconds), by what asked: "
    "ahead (a window closed) or results (a request found one missing)",
    ["asked_by"], registry=REGISTRY,
)  # fmt: skip
TABLES = Gauge("cardroom_live_tables", "Tables held in this process's memory", registry=REGISTRY)
SOCKETS = Gauge("cardroom_sockets", "Table sockets open on this process", registry=REGISTRY)
QUEUED = Gauge("cardroom_commit_queue", "Actions waiting for the group commit", registry=REGISTRY)
DATABASE_DOWN = Gauge("cardroom_database_unavailable", "1 while the database is unavailable, else 0", registry=REGISTRY)

# A push's latency is measured from the change, stamped by the hub: with nobody scraping that stamp
# is not taken (see :data:`ON`).
ON = bool(os.environ.get(PORT_ENV))
clock = time.perf_counter


def refused(status: int, route: str) -> None:
    """A 503 or a 429 answered on ``route`` (a route's template)."""
    REFUSALS.labels(str(status), route).inc()


def watch(
    tables: Callable[[], float], sockets: Callable[[], float], queued: Callable[[], float], down: Callable[[], float]
) -> None:
    """Read these states when scraped (the latest app's: a process serves one)."""
    TABLES.set_function(tables)
    SOCKETS.set_function(sockets)
    QUEUED.set_function(queued)
    DATABASE_DOWN.set_function(down)


class Served:
    """The metrics' own HTTP server, on a thread, until :meth:`close`."""

    def __init__(self, port: int, host: str) -> None:
        self.port = port
        self._server: Any
        self._thread: threading.Thread
        self._server, self._thread = start_http_server(port, addr=host, registry=REGISTRY)

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)


def serve() -> Served | None:
    """Start answering ``/metrics`` on ``$CARDROOM_METRICS_PORT``, if it is set; None if not."""
    port = os.environ.get(PORT_ENV)
    if not port:
        return None
    global ON
    ON = True
    return Served(int(port), os.environ.get(HOST_ENV, "127.0.0.1"))
