"""A friend who closes the tab is played by the room's bot from the first time their move clock runs
out, and has the seat back the moment they return (docs/server.md, "Absent players"). The limits are
shortened: a 2 s move clock, and a request counts as presence for half a second; the away limit stays
at its 5 minutes, so what hands the seat over here is the run-out alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess, free_port
from tests.web.player import wait_for_table

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = f"sqlite:///{tmp_path_factory.mktemp('absent') / 'cardroom.sqlite3'}"
    env = {"CARDROOM_PRESENT_FOR": "0.5", "CARDROOM_ABSENT_SWEEP": "0.2"}
    process = ServerProcess(free_port(), database, bot_delay=0.0, env=env).start()
    yield process
    process.stop()


def test_a_friend_who_closed_the_tab_is_replaced_at_the_first_run_out_and_returns(
    quick_server: ServerProcess, browser: Browser, screenshots: Path
) -> None:
    server = quick_server
    table = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "toy",
            "seats": [{"kind": "me", "name": "Ann"}, {"kind": "invite", "name": "Zed"}],
            "turn_seconds": 2,
            "reaction_seconds": 0.3,
        },
    ).json()
    tid = table["table_id"]
    ann_context, zed_context = browser.new_context(), browser.new_context()
    zed = zed_context.new_page()
    zed.goto(table["invitations"][0]["url"])  # Zed sits down, then closes the tab
    wait_for_table(zed)
    zed.close()
    ann = ann_context.new_page()
    ann.goto(f"{server.url}/table/{tid}#token={table['token']}")
    wait_for_table(ann)
    ann.wait_for_selector("body[data-mine='true']")
    ann.click("#actions button.action >> nth=0")  # Ann plays a card; then it is Zed's turn
    # Zed's first run-out: the room plays his seat from then on, and everyone sees it.
    ann.wait_for_selector(".seat-chip[data-seat='1']:has-text('Zed (auto)')", timeout=10_000)
    ann.screenshot(path=str(screenshots / "absent-friend-auto.png"))
    summary = httpx.get(f"{server.url}/api/tables/{tid}").json()
    assert summary["seats"][1]["auto"] is True and summary["seats"][0]["auto"] is False
    # Zed comes back (his browser kept his seat): the seat is his again at once.
    back = zed_context.new_page()
    back.goto(f"{server.url}/table/{tid}")
    wait_for_table(back)
    back.wait_for_selector(".seat-chip.me[data-seat='1']")
    ann.wait_for_selector(".seat-chip[data-seat='1'] strong:text-is('Zed')", timeout=10_000)
    assert httpx.get(f"{server.url}/api/tables/{tid}").json()["seats"][1]["auto"] is False
    ann_context.close()
    zed_context.close()
