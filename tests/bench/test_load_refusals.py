"""The load generators keep the first few responses a sound room never gives a player (a refused
token, a server error) with the server's own words, so a rare one in a long run can be traced."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench" / "server"))  # bench/ is not a package
from _server_players import REFUSALS_KEPT, Figures, refused  # noqa: E402


def test_an_unexpected_status_is_kept_with_what_the_server_said() -> None:
    figures = Figures()
    refused(figures, "action", 200, b"{}", "t1", 4, 0)
    refused(figures, "action", 409, b'{"detail": "stale"}', "t1", 4, 1)
    refused(figures, "action", 429, b"", "t1", 5, 1)
    refused(figures, "rematch", 200, b"{}", "t1", None, 0)
    assert figures.refusals == []
    refused(figures, "action", 403, b'{"detail": "this token opens no seat at this table"}', "t2", 7, 1)
    refused(figures, "rematch", 409, b'{"detail": "already"}', "t3", None, 0)
    assert [(r["request"], r["status"], r["table"], r["step"], r["seat"]) for r in figures.refusals] == [
        ("action", 403, "t2", 7, 1), ("rematch", 409, "t3", None, 0)]  # fmt: skip
    assert "opens no seat" in figures.refusals[0]["detail"]


def test_a_flood_of_refusals_keeps_the_first_few_of_each_kind_and_merges() -> None:
    figures, other = Figures(), Figures()
    for step in range(REFUSALS_KEPT + 5):
        refused(figures, "action", 503, b"x" * 1000, "t", step, 0)
    refused(figures, "rematch", 403, b"the rare one", "r", None, 1)  # still kept after the flood
    refused(figures, "action", 403, b"another", "a", 3, 0)
    assert [r["step"] for r in figures.refusals if r["status"] == 503] == list(range(REFUSALS_KEPT))
    assert all(len(r["detail"]) == 300 for r in figures.refusals if r["status"] == 503)
    assert [(r["request"], r["status"]) for r in figures.refusals[REFUSALS_KEPT:]] == [
        ("rematch", 403),
        ("action", 403),
    ]
    refused(other, "action", 403, b"no", "u", 1, 1)
    figures.merge(other)
    assert figures.refusals[-1]["table"] == "u"
