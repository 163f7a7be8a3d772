"""Fuzz a running card room from its own OpenAPI document with schemathesis (used by the fuzz test and
by bench/server/server_fuzz.py).

Every operation is fuzzed twice over: with free path parameters and headers (which mostly reach the
404/403 answers), and with a real table's id and its seat's token fixed, so generated bodies and
queries reach the code behind them. Each case is generated both valid ("positive") and deliberately
invalid ("negative"). Generation is derandomized (Hypothesis' fixed seed), so a run is the same run
every time. Each answer is checked for two things: not a 5xx, and a body that matches the response
schema documented for its status.
"""

from __future__ import annotations

import collections
import contextlib
from dataclasses import dataclass, field

import httpx
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

CHECKS = [not_a_server_error, response_schema_conformance]


@dataclass
class Tally:
    """What a fuzz run saw: answers by status, and each failed check (operation, status, why)."""

    cases: int = 0
    statuses: collections.Counter[int] = field(default_factory=collections.Counter)
    failures: list[str] = field(default_factory=list)

    def report(self) -> str:
        by_status = ", ".join(f"{status}: {count}" for status, count in sorted(self.statuses.items()))
        lines = [f"{self.cases} cases; answers by status: {by_status}", f"{len(self.failures)} failures"]
        return "\n".join(lines + [f"  {failure}" for failure in self.failures[:20]])


def real_table(base_url: str) -> tuple[str, str]:
    """A Tacocat table with two human seats, made through the API: (table id, the first seat's token)."""
    body = {"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}]}
    answer = httpx.post(base_url + "/api/tables", json=body, timeout=10)
    answer.raise_for_status()
    made = answer.json()
    # The invited seat sits down, so the game has begun and its routes answer as in play.
    invited = {"Authorization": f"Bearer {made['invitations'][0]['token']}"}
    httpx.get(f"{base_url}/api/tables/{made['table_id']}/view", headers=invited, timeout=10).raise_for_status()
    return str(made["table_id"]), str(made["token"])


def fuzz(base_url: str, cases_per_operation: int, tally: Tally | None = None) -> Tally:
    """Fuzz every documented operation with ``cases_per_operation`` cases in each of four kinds
    (positive or negative data, free or real table) and return the tally."""
    tally = tally or Tally()
    schema = schemathesis.openapi.from_url(base_url + "/openapi.json")
    table_id, token = real_table(base_url)
    for result in schema.get_all_operations():
        operation = result.ok()
        fixed: dict[str, str] = {"table_id": table_id} if "{table_id}" in operation.path else {}
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            free = operation.as_strategy(generation_mode=mode)
            _run(base_url, free, operation.label, cases_per_operation, tally)
            if fixed:
                known = operation.as_strategy(
                    generation_mode=mode, path_parameters=fixed, headers={"Authorization": f"Bearer {token}"}
                )
                _run(base_url, known, operation.label, cases_per_operation, tally)
    return tally


def _run(base_url: str, strategy: object, label: str, cases: int, tally: Tally) -> None:
    @settings(
        max_examples=cases,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def one(case: schemathesis.Case) -> None:
        response = case.call(base_url=base_url, timeout=30)
        tally.cases += 1
        tally.statuses[response.status_code] += 1
        try:
            case.validate_response(response, checks=CHECKS)
        except Exception as failure:  # every failed check is counted, not raised
            first = str(failure).strip().splitlines()[0] if str(failure).strip() else type(failure).__name__
            tally.failures.append(f"{label} -> {response.status_code}: {first}")

    # Unsatisfiable: no invalid form exists (an operation without parameters or body): nothing to send.
    with contextlib.suppress(Unsatisfiable):
        one()
