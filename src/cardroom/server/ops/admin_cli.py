"""`cardroom admin`: the commands of whoever runs the room (reports, suspending an account, closing a
table), on the store alone: importing the web app too cost each command about 2.6 s of CPU. Their help
and what they print are in the terminal's language; the reasons people gave for a report are shown as
written."""

from __future__ import annotations

from typing import Annotated

import typer

from cardroom.locale import in_terminal_language as _  # help and output in the terminal's language
from cardroom.people.names import account_key
from cardroom.server.store import Store, database_url

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
