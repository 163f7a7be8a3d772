"""Schemathesis against the OpenAPI document of a real server on a real port (a bounded run; the long
one is bench/server/server_fuzz.py): no 5xx, and every answer matches the schema documented for its status."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.fuzzing import fuzz
from tests.server.process import ServerProcess, free_port


def _server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = Path(tmp_path_factory.mktemp("fuzz")) / "cardroom.sqlite3"
    proc = ServerProcess(free_port(), f"sqlite:///{database}").start()
    try:
        yield proc
    finally:
        proc.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from _server(tmp_path_factory)


@pytest.fixture
def fuzzed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The fuzzer's own server: its hundreds of requests empty the address's rate bucket (20 a second,
    60 at once), and a test run just after it on a shared server was answered 429, not what it asked."""
    yield from _server(tmp_path_factory)


def test_fuzzing_finds_no_server_error_and_no_answer_off_its_schema(fuzzed_server: ServerProcess) -> None:
    # Five cases a way of calling each operation: the room has grown to dozens of operations (hundreds of
    # cases in all, each answered by a real server); `bench/server/server_fuzz.py` runs many more.
    tally = fuzz(fuzzed_server.url, cases_per_operation=5)
    assert tally.cases > 300, tally.report()
    assert not tally.failures, tally.report()
    assert not [status for status in tally.statuses if status >= 500], tally.report()
    # The fixed table and token let cases past the 404s to the code behind them.
    assert tally.statuses[200] > 0 and tally.statuses[422] > 0, tally.report()


def test_a_malformed_request_gets_the_problem_shape_its_document_promises(server: ServerProcess) -> None:
    # Found by the fuzzer: the document promised FastAPI's list of errors for 422, the server answers
    # {"detail": "malformed request: ..."} like every other refusal.
    document = httpx.get(server.url + "/openapi.json", timeout=10).json()
    assert "HTTPValidationError" not in document["components"]["schemas"]
    promised = {
        answer["content"]["application/json"]["schema"]["$ref"]
        for path in document["paths"].values()
        for operation in path.values()
        for status, answer in operation["responses"].items()
        if status == "422"
    }
    assert promised == {"#/components/schemas/Problem"}
    answer = httpx.get(server.url + "/api/tables/nope/replay", params={"step": -1}, timeout=10)
    assert answer.status_code == 422
    assert isinstance(answer.json()["detail"], str) and "step" in answer.json()["detail"]


@pytest.mark.parametrize(
    "body",
    [
        b'{"game":"\xff\xfe"}',
        b"[" * 30_000 + b"]" * 30_000,
        b'{"game":"tacocat","reaction_seconds":' + b"9" * 5000 + b"}",
    ],
    ids=["invalid UTF-8", "JSON 30,000 deep", "an integer of 5,000 digits"],
)
def test_a_body_json_cannot_read_gets_a_400_saying_what_is_allowed(server: ServerProcess, body: bytes) -> None:
    # Found by bench/server/server_abuse.py: the answer said only "There was an error parsing the body".
    answer = httpx.post(
        server.url + "/api/tables", content=body, headers={"content-type": "application/json"}, timeout=10
    )
    assert answer.status_code == 400
    detail = answer.json()["detail"]
    assert "UTF-8 JSON" in detail and "4,300 digits" in detail
    assert httpx.get(server.url + "/api/tables/nope", timeout=10).json() == {"detail": "no such table"}
