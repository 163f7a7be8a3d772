"""`cardroom serve`: run the card room with Uvicorn and say where to open it; `cardroom admin`: the
commands of whoever runs it (reports, suspending an account, closing a table)."""

from __future__ import annotations

import socket
import sys
from typing import Annotated

import typer
import uvicorn

from cardroom.people.names import account_key
from cardroom.server.edge.app import create_app
from cardroom.server.edge.headtimeout import HeadTimeoutProtocol
from cardroom.server.edge.sockets import MAX_MESSAGE, MAX_QUEUED
from cardroom.server.store import Store, database_url, printable_url

SWITCH_INTERVAL = 0.001  # seconds a thread may hold the GIL while another waits for it (default 0.005)


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None) -> None:
    """Start the server on ``host:port`` with the given database URL (default: ./cardroom.sqlite3)."""
    url = database_url(database)
    busy = port_problem(host, port)
    if busy:
        raise SystemExit(busy)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    print(f"cardroom is open at http://{shown}:{port}/  (database: {printable_url(url)})", flush=True)
    # No per-message deflate on sockets: compressing every snapshot cost more server time than
    # anything else per push (measured with bench/server/server_load.py); snapshots are a few KB.
    # The group commit and the rate-limit leases run on threads of their own, which give up the GIL
    # for every SQLite call and then wait for the event loop to hand it back: at Python's default
    # 5 ms switch interval a busy loop made a 25-action commit take 8-24 ms at the median and up to
    # 300 ms (1 ms: 3-7 ms, at most 20 ms), and a bot thinking on its thread held the loop up to 5 ms
    # at a time. This process is the server's alone.
    sys.setswitchinterval(SWITCH_INTERVAL)
    uvicorn.run(
        create_app(url, tune_collector=True),
        host=host,
        port=port,
        log_level="warning",
        ws_per_message_deflate=False,
        ws_max_size=MAX_MESSAGE,  # a table socket's client sends nothing the room reads
        ws_max_queue=MAX_QUEUED,
        http=HeadTimeoutProtocol,  # a connection that never finishes its first request head is closed
    )


def port_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host:port`` (a clear sentence), or None if it can."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            return (
                f"cardroom cannot listen on {host}:{port}: {exc.strerror or exc}. Another program (or another "
                f"cardroom) is using that port; stop it, or pick another: cardroom serve --port {port + 1} "
                f"(make run PORT={port + 1})."
            )
    return None


# -- `cardroom admin`: for whoever runs the room (docs/accounts.md) ----------------------------------

admin_app = typer.Typer(
    help="For whoever runs the room: reports, suspending accounts, closing tables.", no_args_is_help=True
)
DatabaseOption = Annotated[
    str | None, typer.Option(help="SQLAlchemy URL (default: $CARDROOM_DATABASE_URL or ./cardroom.sqlite3)")
]


def _store(database: str | None) -> Store:
    return Store.open(database_url(database))


@admin_app.command("reports")
def admin_reports(
    table: Annotated[str | None, typer.Option(help="only this table's reports")] = None,
    limit: Annotated[int, typer.Option(min=1, max=10_000, help="how many, newest first")] = 50,
    database: DatabaseOption = None,
) -> None:
    """List the newest reports: when, which table, who reported whom, the message quoted and why."""
    store = _store(database)
    try:
        found = store.list_reports(table, limit)
        if not found:
            typer.echo("no reports" + (f" at table {table}" if table else ""))
        for report in found:
            row = store.load_table(report.table_id)
            names = {s.seat: s.name for s in row.seats} if row else {}
            by = names.get(report.by_seat, "a spectator") if report.by_seat is not None else "a spectator"
            about = f" about {names.get(report.about_seat, 'an unknown seat')}" if report.about_seat is not None else ""
            quoted = store.message_text(report.message_id) if report.message_id is not None else None
            message = f' (message: "{quoted}")' if quoted else ""
            typer.echo(
                f"#{report.id} {report.created:%Y-%m-%d %H:%M} table {report.table_id}: {by} reported{about}{message}: {report.reason}"
            )
    finally:
        store.close()


@admin_app.command("suspend")
def admin_suspend(
    name: Annotated[str, typer.Argument(help="the account's name (any case)")],
    undo: Annotated[bool, typer.Option("--undo", help="lift the suspension instead")] = False,
    database: DatabaseOption = None,
) -> None:
    """Suspend an account: it cannot log in, its sessions end, and its seats cannot be sat at."""
    store = _store(database)
    try:
        account = store.set_suspended(account_key(name), not undo)
    finally:
        store.close()
    if account is None:
        raise SystemExit(f"no account is called {name!r}")
    typer.echo(f"{account.name}: {'no longer suspended' if undo else 'suspended; its sessions have ended'}")


@admin_app.command("close")
def admin_close(
    table: Annotated[str, typer.Argument(help="the table's id (from its link)")],
    database: DatabaseOption = None,
) -> None:
    """Close a table that is still being played (it ends as abandoned: unrated, out of the lobby)."""
    store = _store(database)
    try:
        closed = store.abandon(table)
    finally:
        store.close()
    if not closed:
        raise SystemExit(f"table {table} is not being played (unknown, or ended already): nothing was closed")
    typer.echo(f"table {table} closed")


if __name__ == "__main__":
    admin_app()
