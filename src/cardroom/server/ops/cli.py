"""`cardroom serve`: run the card room with Uvicorn and say where to open it; `cardroom admin`: the
commands of whoever runs it (reports, suspending an account, closing a table). Their help and what
they print are in the terminal's language (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); the
system's own words inside a message (why a port cannot be bound) and the reasons people gave for a
report are shown as written."""

from __future__ import annotations

import socket
import sys
from typing import Annotated

import typer
import uvicorn

from cardroom.locale import in_terminal_language as _  # help and output in the terminal's language
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
    print(
        _(
            "cardroom is open at {address}  (database: {database})",
            address=f"http://{shown}:{port}/",
            database=printable_url(url),
        ),
        flush=True,
    )
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
            return _(
                "cardroom cannot listen on {address}: {problem}. Another program (or another cardroom) is using "
                "that port; stop it, or pick another: cardroom serve --port {other} (make run PORT={other}).",
                address=f"{host}:{port}",
                problem=exc.strerror or exc,
                other=port + 1,
            )
    return None


# -- `cardroom admin`: for whoever runs the room (docs/accounts.md) ----------------------------------

admin_app = typer.Typer(
    help=_("For whoever runs the room: reports, suspending accounts, closing tables."),
    no_args_is_help=True,
    add_completion=False,  # run as `cardroom admin`, whose own command has none
)
DatabaseOption = Annotated[
    str | None, typer.Option(help=_("SQLAlchemy URL (default: $CARDROOM_DATABASE_URL or ./cardroom.sqlite3)"))
]


def _store(database: str | None) -> Store:
    return Store.open(database_url(database))


@admin_app.command(
    "reports", help=_("List the newest reports: when, which table, who reported whom, the message quoted and why.")
)
def admin_reports(
    table: Annotated[str | None, typer.Option(help=_("only this table's reports"))] = None,
    limit: Annotated[int, typer.Option(min=1, max=10_000, help=_("how many, newest first"))] = 50,
    database: DatabaseOption = None,
) -> None:
    store = _store(database)
    try:
        found = store.list_reports(table, limit)
        if not found:
            typer.echo(_("no reports at table {table}", table=table) if table else _("no reports"))
        for report in found:
            row = store.load_table(report.table_id)
            names = {s.seat: s.name for s in row.seats} if row else {}
            spectator = _("a spectator")
            by = names.get(report.by_seat, spectator) if report.by_seat is not None else spectator
            about = (
                _(" about {name}", name=names.get(report.about_seat, _("an unknown seat")))
                if report.about_seat is not None
                else ""
            )
            quoted = store.message_text(report.message_id) if report.message_id is not None else None
            quote = _(' (message: "{quoted}")', quoted=quoted) if quoted else ""
            typer.echo(
                _(
                    "#{id} {when} table {table}: {by} reported{about}{quote}: {reason}",
                    id=report.id,
                    when=f"{report.created:%Y-%m-%d %H:%M}",
                    table=report.table_id,
                    by=by,
                    about=about,
                    quote=quote,
                    reason=report.reason,
                )
            )
    finally:
        store.close()


@admin_app.command(
    "suspend", help=_("Suspend an account: it cannot log in, its sessions end, and its seats cannot be sat at.")
)
def admin_suspend(
    name: Annotated[str, typer.Argument(help=_("the account's name (any case)"))],
    undo: Annotated[bool, typer.Option("--undo", help=_("lift the suspension instead"))] = False,
    database: DatabaseOption = None,
) -> None:
    store = _store(database)
    try:
        account = store.set_suspended(account_key(name), not undo)
    finally:
        store.close()
    if account is None:
        raise SystemExit(_("no account is called {name}", name=repr(name)))
    if undo:
        typer.echo(_("{name}: no longer suspended", name=account.name))
    else:
        typer.echo(_("{name}: suspended; its sessions have ended", name=account.name))


@admin_app.command(
    "close", help=_("Close a table that is still being played (it ends as abandoned: unrated, out of the lobby).")
)
def admin_close(
    table: Annotated[str, typer.Argument(help=_("the table's id (from its link)"))],
    database: DatabaseOption = None,
) -> None:
    store = _store(database)
    try:
        closed = store.abandon(table)
    finally:
        store.close()
    if not closed:
        raise SystemExit(
            _("table {table} is not being played (unknown, or ended already): nothing was closed", table=table)
        )
    typer.echo(_("table {table} closed", table=table))


if __name__ == "__main__":
    admin_app()
