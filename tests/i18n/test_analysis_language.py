"""The analysis speaks the language the page asks for (``Accept-Language``, which the page sends): its
headline, summary and oracle label in the finished result, and its refusals over HTTP; the same
analysis asked for in English (or without the header) keeps the English words and every number."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import cardroom
from cardroom.analysis import Precision, analyse_game
from cardroom.analysis.evaluate import heuristic_actions
from cardroom.core.outcome import Outcome
from cardroom.server.edge.analysis_api import Job
from cardroom.server.edge.app import create_app
from tests.server.conftest import auth, create

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'cardroom.sqlite3'}", bot_delay=0.0)) as c:
        yield c


QUICK = Precision(half_width=0.2, min_worlds=8, max_worlds=8, batch=8)


def _done_job() -> Job:
    """A finished analysis of a short seeded Tacocat game that seat 0 gave up after 20 moves."""
    game = cardroom.make("tacocat")
    actions = heuristic_actions(game, 6)[:20]
    gave_up = Outcome(winners=(1,), ranking=((1,), (0,)), reason="P0 conceded")
    a = analyse_game(game, 6, actions, 0, precision=QUICK, prior_games=16, outcome=gave_up, conceded=0)
    result = {**a.to_json(), "oracle": {"label": "oracle (knows the hidden cards)", "timeline": []}}
    return Job(seat=0, status="done", result=result, analysis=a)


def test_a_finished_analysis_is_worded_in_the_asked_language() -> None:
    job = _done_job()
    de, en = job.public("de")["analysis"], job.public("en")["analysis"]
    assert de["summary"].startswith(("Deine Genauigkeit", "Du hattest keine Entscheidung")), de["summary"]
    assert en["summary"].startswith(("Your accuracy", "You had no decision")), en["summary"]
    assert en["summary"] == job.result["summary"]  # type: ignore[index]
    assert de["headline"]["cards"] != en["headline"]["cards"]
    assert de["oracle"]["label"].startswith("Orakel (kennt die verdeckten Karten")
    for key in ("timeline", "drawn", "start", "result"):  # only the words differ
        assert de[key] == en[key], key
    words = {"did", "better", "said"}
    for key in ("decisions", "luck"):
        assert [{k: v for k, v in d.items() if k not in words} for d in de[key]] == [
            {k: v for k, v in d.items() if k not in words} for d in en[key]
        ], key
    assert all(d["did"] != e["did"] for d, e in zip(de["decisions"], en["decisions"], strict=True))
    assert {k: v for k, v in de["headline"].items() if k != "cards"} == {
        k: v for k, v in en["headline"].items() if k != "cards"
    }
    failed = Job(seat=0, status="failed", detail="out of memory")
    assert failed.public("de")["detail"] == "die Analyse ist fehlgeschlagen: out of memory"
    assert failed.public("en")["detail"] == "the analysis failed: out of memory"


def test_the_analysis_refusals_come_in_german(client: TestClient) -> None:
    table = create(client)
    tid, token = str(table["table_id"]), str(table["token"])
    url = f"/api/tables/{tid}/analysis"
    early = client.post(url, headers={**auth(token), **GERMAN}, json={"precision": 50})
    assert early.status_code == 409 and early.json()["detail"] == "die Analyse öffnet, wenn das Spiel vorbei ist"
    missing = client.get(url, headers={**auth(token), **GERMAN})
    assert missing.status_code == 404 and missing.json()["detail"].startswith("für deinen Platz wurde keine Analyse")
    english = client.get(url, headers=auth(token))
    assert english.json()["detail"].startswith("no analysis started for your seat")
