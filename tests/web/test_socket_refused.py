"""A spectator the room turns away (the table's spectator sockets are all taken) is told why on the
page, rather than left on a page that silently fails to connect."""

from __future__ import annotations

from contextlib import ExitStack

import httpx
from playwright.sync_api import Browser
from websockets.sync.client import connect

from tests.server.process import ServerProcess


def test_a_refused_spectator_is_told_why(server: ServerProcess, browser: Browser) -> None:
    table = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 60},
    ).json()
    ws = server.url.replace("http", "ws", 1) + f"/api/tables/{table['table_id']}/ws"
    with ExitStack() as spectators:
        for _ in range(100):  # every spectator socket the table allows
            spectators.enter_context(connect(ws, open_timeout=10)).recv(timeout=10)
        page = browser.new_page()
        page.goto(f"{server.url}/table/{table['table_id']}")
        page.wait_for_function(
            "document.querySelector('#message').innerText.includes('turned this connection away')", timeout=15_000
        )
        assert "at most 100 spectators per table" in page.inner_text("#message")
        page.close()
