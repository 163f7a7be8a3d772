"""`cardroom analyse TABLE --token T`: the server analyses your seat at a finished table."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from cardroom.cli.main import app
from tests.analysis.tables import finish_by_api
from tests.server.process import ServerProcess, free_port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = f"sqlite:///{tmp_path_factory.mktemp('analysis-remote') / 'cardroom.sqlite3'}"
    process = ServerProcess(free_port(), database, bot_delay=0.0, env={"CARDROOM_ANALYSIS_MAX_WORLDS": "8"}).start()
    yield process
    process.stop()


def test_a_finished_table_analysed_by_its_server(server: ServerProcess, tmp_path: Path) -> None:
    created = httpx.post(
        server.url + "/api/tables", json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "easy"}]}
    ).json()
    tid, token = created["table_id"], created["token"]
    runner = CliRunner()
    early = runner.invoke(app, ["analyse", tid, "--server", server.url, "--token", token])
    assert early.exit_code == 2 and "when the game is over" in early.output
    finish_by_api(server.url, tid, token)
    out = tmp_path / "out"
    done = runner.invoke(
        app,
        [
            "analyse",
            tid,
            "--server",
            server.url,
            "--token",
            token,
            "--out",
            str(out),
            "--precision",
            "50",
            "--max-worlds",
            "8",
        ],
    )
    assert done.exit_code == 0, done.output
    assert "Your accuracy" in done.output and "'s decisions" in done.output and "seat 0" not in done.output
    assert json.loads((out / "analysis.json").read_text())["seat"] == 0
    assert (out / "win-chance.png").exists()
    wrong = runner.invoke(app, ["analyse", tid, "--server", server.url, "--token", "not-a-token"])
    assert wrong.exit_code == 2 and "HTTP 403" in wrong.output
