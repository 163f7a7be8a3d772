"""The order a batch of actions is written in, and its answers given back in the batch's own order."""

from __future__ import annotations

from cardroom.server.store.rows import NewAction


def lock_order(batch: list[NewAction]) -> list[int]:
    """The batch's indices in the order of (table, step), whatever order the actions arrived in:
    two processes storing batches that touch the same tables then take their locks in the same
    order, never each waiting for the other (on PostgreSQL that was a deadlock, both refused). The
    clocks' batches (``clocks.ClockSaver.write``) and the expiry of idle tables
    (``tables.expire_idle``) follow the same order of table ids."""
    return sorted(range(len(batch)), key=lambda i: (batch[i].table_id, batch[i].step))


def in_given_order(order: list[int], answers: list[bool]) -> list[bool]:
    """Answers given in ``order`` (see :func:`lock_order`), back in the batch's own order."""
    given = [False] * len(order)
    for i, answer in zip(order, answers, strict=True):
        given[i] = answer
    return given
