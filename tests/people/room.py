"""A real room for the accounts tests: a server process on a free port (the toy game registered),
and HTTP clients that each come from an address of their own (127.0.0.x: every loopback address
reaches the server), so one test's login tries never count against another's per-address limit."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from tests.server.process import ServerProcess, free_port

_addresses = itertools.count(2)
PASSWORD = "correct horse battery"


@contextmanager
def running_room(tmp: Path, **env: str) -> Iterator[ServerProcess]:
    server = ServerProcess(free_port(), f"sqlite:///{tmp / 'room.sqlite3'}", env={"CARDROOM_LOGIN_BURST": "3", **env})
    server.start()
    try:
        yield server
    finally:
        server.stop()


def bearer(token: str) -> dict[str, str]:
    """The header a seat's token is sent in."""
    return {"Authorization": f"Bearer {token}"}


def browser(server: ServerProcess) -> httpx.Client:
    """A client like one browser: its own address and cookie jar, its POSTs sent from the room's pages."""
    return httpx.Client(
        base_url=server.url,
        headers={"Origin": server.url},
        transport=httpx.HTTPTransport(local_address=f"127.0.0.{next(_addresses)}"),
        timeout=10,
    )


def guest_table(client: httpx.Client) -> dict[str, Any]:
    """A toy table with the guest in seat 0 and a bot in seat 1: its id, seat and token."""
    made = client.post("/api/tables", json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]})
    assert made.status_code == 201, made.text
    table: dict[str, Any] = made.json()
    return table


def sign_up(client: httpx.Client, name: str, tables: list[dict[str, Any]] = ()) -> httpx.Response:  # type: ignore[assignment]
    seats = [{"table_id": t["table_id"], "token": t["token"]} for t in tables]
    return client.post("/api/account/signup", json={"name": name, "password": PASSWORD, "seats": seats})
