"""The room's metrics: ``/metrics`` on the operator's own port (``CARDROOM_METRICS_PORT``), in the
Prometheus format, read with the Prometheus client library's own parser while people and a bot play
through the real API; and the JSON lines log format."""

from __future__ import annotations

import json
import logging
import random
import sys
from collections import Counter
from pathlib import Path

import httpx
import pytest
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.parser import text_string_to_metric_families
from websockets.sync.client import connect

from cardroom.server.ops.logformat import JsonLines, configure
from cardroom.server.ops.metrics import KeptMetrics, Spread
from tests.server.faults import TIMEOUT, LoggedServer, Table
from tests.server.process import free_port
from tests.support.polling import until


def _scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample on the metrics port: (name, labels) -> value."""
    text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=TIMEOUT).text
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def _value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_metrics_move_with_real_play_on_their_own_port(tmp_path: Path) -> None:
    port = free_port()
    env = {"CARDROOM_METRICS_PORT": str(port), "CARDROOM_TABLES_PER_MINUTE": "3"}
    server = LoggedServer(free_port(), f"sqlite:///{tmp_path / 'room.sqlite3'}", tmp_path / "server.log", env).start()
    try:
        # Not on the public port: nobody playing can read them.
        assert httpx.get(f"{server.url}/metrics", timeout=TIMEOUT).status_code == 404
        before = _scrape(port)
        with httpx.Client(timeout=TIMEOUT) as http:
            table = Table(server.url, http)
            socket_url = f"ws://127.0.0.1:{server.port}/api/tables/{table.id}/ws?token={table.tokens[0]}"
            with connect(socket_url, open_timeout=10) as ws:
                ws.recv(timeout=10)  # the first snapshot
                assert _value(_scrape(port), "cardroom_sockets") == 1
                rng, statuses = random.Random(2), Counter[int]()
                while len(table.acked) < 5:
                    assert table.move(server.url, http, rng, statuses)
                ws.recv(timeout=10)  # a push after a move
            # A table against a bot: the bot thinks.
            made = http.post(
                f"{server.url}/api/tables", json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "bot"}]}
            )
            assert made.status_code == 201, made.text
            until(lambda: _value(_scrape(port), "cardroom_bot_think_seconds_count") >= 1, 20, "a bot's move timed")
            # The creation limit (3 a minute, one more every 20 s): refused within a few more tables.
            for _ in range(4):
                refused = http.post(
                    f"{server.url}/api/tables", json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "bot"}]}
                )
                if refused.status_code != 201:
                    break
            assert refused.status_code == 429, refused.text
        after = _scrape(port)
        moved = len(table.acked)
        grew = {name: _value(after, name) - _value(before, name) for name in (
            "cardroom_actions_total", "cardroom_action_seconds_count", "cardroom_push_seconds_count",
            "cardroom_commit_batch_actions_count",
        )}  # fmt: skip
        assert grew["cardroom_actions_total"] >= moved and grew["cardroom_action_seconds_count"] >= moved, grew
        assert grew["cardroom_push_seconds_count"] >= 1 and grew["cardroom_commit_batch_actions_count"] >= 1, grew
        assert _value(after, "cardroom_refusals_total", status="429", route="/api/tables") == 1
        assert _value(after, "cardroom_live_tables") >= 2
        assert _value(after, "cardroom_sockets") == 0  # the socket closed
        assert (
            _value(after, "cardroom_database_unavailable") == 0
            and _value(after, "cardroom_database_outages_total") == 0
        )
        # The bots at the tables just made may still be moving, their actions queued for the writer at
        # the moment of a scrape (CI saw 1 once): the gauge goes back to zero once they are written.
        until(lambda: _value(_scrape(port), "cardroom_commit_queue") == 0, 20, "the writer's queue to drain")
        # Nothing hidden: no table id, no token in any label or name.
        text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=TIMEOUT).text
        assert table.id not in text and all(token not in text for token in table.tokens)
    finally:
        server.kill()


def test_json_lines_hold_each_records_fields() -> None:
    try:
        raise ValueError("a broken thing")
    except ValueError:
        record = logging.LogRecord(
            "cardroom.server", logging.WARNING, __file__, 1, "table %s: %s", ("t1", "late"), sys.exc_info()
        )
    record.seat = 2  # a field passed with ``extra``
    line = json.loads(JsonLines().format(record))
    assert line["level"] == "WARNING" and line["logger"] == "cardroom.server" and line["message"] == "table t1: late"
    assert line["seat"] == 2 and "ValueError: a broken thing" in line["exception"] and line["time"].endswith("+00:00")


def test_the_log_format_setting_refuses_what_it_does_not_know() -> None:
    assert configure({}) is False and configure({"CARDROOM_LOG_FORMAT": "plain"}) is False
    with pytest.raises(SystemExit, match="must be 'json' or 'plain'"):
        configure({"CARDROOM_LOG_FORMAT": "xml"})


def test_a_histogram_counts_each_value_in_the_first_bucket_whose_bound_holds_it() -> None:
    """Prometheus' buckets are cumulative and a bucket's bound is inclusive ("le": less or equal)."""
    spread = Spread("test_spread", "values", (1.0, 2.0, 4.0))
    for value in (0.5, 1.0, 1.5, 2.0, 3.0, 9.0):
        spread.observe(value)
    registry = CollectorRegistry()
    registry.register(KeptMetrics(spread))
    samples = {
        (s.name, s.labels.get("le")): s.value
        for family in text_string_to_metric_families(generate_latest(registry).decode())
        for s in family.samples
    }
    assert [samples[("test_spread_bucket", le)] for le in ("1.0", "2.0", "4.0", "+Inf")] == [2, 4, 5, 6]
    assert samples[("test_spread_count", None)] == 6 and samples[("test_spread_sum", None)] == 17.0
