"""Schemathesis against the OpenAPI document of a real server on a real port (a bounded run; the long
one is bench/server_fuzz.py): no 5xx, and every answer matches the schema documented for its status."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.fuzzing import fuzz
from tests.server.process import ServerProcess, free_port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = Path(tmp_path_factory.mktemp("fuzz")) / "cardroom.sqlite3"
    proc = ServerProcess(free_port(), f"sqlite:///{database}").start()
    try:
        yield proc
    finally:
        proc.stop()


def test_fuzzing_finds_no_server_error_and_no_answer_off_its_schema(server: ServerProcess) -> None:
    tally = fuzz(server.url, cases_per_operation=8)
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
