"""Several server processes on one PostgreSQL database: each LISTENs on the `cardroom` channel, and
every stored change NOTIFYs it (see ``notify.notify``), so a process catches up on a table another
process changed and wakes its own sockets. The database stays the one source of truth."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from cardroom.server.store.notify import CHANNEL, conninfo
from cardroom.server.store.outage import first_line, is_database_error

log = logging.getLogger("cardroom.server")


async def listen(
    url: str,
    on_change: Callable[[str], Coroutine[Any, Any, None] | None],
    on_connect: Callable[[], Awaitable[None]] | None = None,
) -> None:
    """Forever: hear each payload NOTIFYed and hand it to ``on_change``; reconnect after errors.

    ``on_change`` is called at once, on this loop: it returns the work the payload needs (a
    coroutine, run in a task of its own) or ``None``. Every process hears every table's changes, and
    most name tables another process serves: those cost no task.

    After each (re)connection, once LISTEN is in place, ``on_connect`` runs: whatever was stored while
    the channel was down was never heard, so the caller reads it from the database."""
    import psycopg

    delay = 0.5
    running: set[asyncio.Task[None]] = set()  # held, so the tasks are not collected mid-way
    lost_at: float | None = None  # when the channel was lost: said once then, and once when back
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo(url), autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                delay = 0.5
                if lost_at is not None:
                    log.warning("the PostgreSQL notification channel is back after %.1f s", time.monotonic() - lost_at)
                    lost_at = None
                if on_connect is not None:
                    try:
                        await on_connect()
                    except Exception as exc:
                        if is_database_error(exc):
                            raise  # the database went away again: reconnect, and catch up then
                        log.exception("catching up after connecting failed")
                # Each notification is handled in a task of its own: catching up reads the database,
                # and in series one slow read would hold up every other table's moves.
                async for note in conn.notifies():
                    try:
                        work = on_change(note.payload)
                    except Exception:
                        log.exception("hearing a change of table %s failed", note.payload)
                        continue
                    if work is not None:
                        task = asyncio.create_task(_handle(work, note.payload))
                        running.add(task)
                        task.add_done_callback(running.discard)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if lost_at is None:
                lost_at = time.monotonic()
                log.warning("lost the PostgreSQL notification channel (%s); reconnecting", first_line(exc))
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10.0)


async def _handle(work: Awaitable[None], payload: str) -> None:
    try:
        await work
    except Exception as exc:
        if is_database_error(exc):  # an outage: the table catches up on its next change
            log.warning("catching up on table %s failed: the database is unavailable", payload)
        else:
            log.exception("catching up on table %s failed", payload)
