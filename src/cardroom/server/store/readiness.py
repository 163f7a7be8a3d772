"""Whether this process may use its database: not before its schema was checked (and brought up to
date), and on SQLite never while the shared-memory file is frozen.

A server starts whatever state its database is in (a full disk, PostgreSQL down): until the schema
check has run, every connection the room's engines would hand out is refused with :class:`Unavailable`
(a 503, like any outage), so no request meets a table that is not there yet. The health check tries
the schema check again each time it probes (:meth:`Store.prepare`), and the room serves from the
moment it passes, with no restart.

SQLite maps its ``-shm`` file into memory and writes to it on every transaction, readers too. If
that file is made immutable (``chattr +i``) under a running server, the next write to the mapping
kills the process with SIGBUS, which Python cannot catch. So every use of the database is checked
first (:mod:`.reconnect`, and a new connection before its first statement), by the file's attributes
(``statx``, which opens nothing: closing any descriptor of the file would drop this process's SQLite
locks on it), and refused with a sentence that says what is wrong and how to fix it. The check and
the use are not one step: a file frozen between them still kills the process.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from typing import Any

from sqlalchemy import Engine, event

from cardroom.server.store.outage import Unavailable

NOT_CHECKED = "the database's schema has not been checked yet (the database could not be reached)"
FROZEN = (
    "the database's shared-memory file {path} is immutable (chattr +i), so SQLite cannot use it: "
    "make it writable again (chattr -i {path}); nothing is read or written until then"
)

_AT_FDCWD = -100
_AT_SYMLINK_NOFOLLOW = 0x100
_STATX_ATTR_IMMUTABLE = 0x10
_STATX_ATTRIBUTES_AT = 8  # byte offset of stx_attributes in struct statx (after two 32-bit fields)
_STATX_SIZE = 256


def _statx() -> Any:
    # PyDLL: the call keeps the GIL. It is a system call of a microsecond or two, made before every
    # transaction on the writer's thread; giving the GIL up for it cost that thread one more wait to
    # get it back from a busy event loop (up to the switch interval, 1 ms) in every group commit.
    libc = ctypes.PyDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    call = getattr(libc, "statx", None)
    if call is not None:
        call.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_uint, ctypes.c_void_p]
        call.restype = ctypes.c_int
    return call


_STATX = _statx() if os.name == "posix" else None


def immutable(path: str) -> bool:
    """Whether the file at ``path`` exists and is immutable (False where that cannot be known)."""
    if _STATX is None:
        return False
    buffer = ctypes.create_string_buffer(_STATX_SIZE)
    if _STATX(_AT_FDCWD, os.fsencode(path), _AT_SYMLINK_NOFOLLOW, 0, buffer) != 0:
        return False  # no such file (SQLite makes it), or no statx here
    attributes = int.from_bytes(buffer.raw[_STATX_ATTRIBUTES_AT : _STATX_ATTRIBUTES_AT + 8], "little")
    return bool(attributes & _STATX_ATTR_IMMUTABLE)


def check_shared_memory(database_file: str | None) -> None:
    """:class:`Unavailable` if the SQLite file's ``-shm`` is frozen (see the module's words)."""
    if database_file and database_file != ":memory:" and not database_file.startswith("file:"):
        shm = database_file + "-shm"
        if immutable(shm):
            raise Unavailable(FROZEN.format(path=shm))


class Readiness:
    """Set once this process has checked the database's schema; until then, connections are refused."""

    def __init__(self, checked: bool = False) -> None:
        self.checked = checked

    def guard(self, engine: Engine) -> None:
        """Refuse ``engine``'s connections until :attr:`checked`: before one is made (so nothing waits
        for a database that is down) and as one is taken from its pool."""

        def checked_first(*_: object) -> None:
            if not self.checked:
                raise Unavailable(NOT_CHECKED)

        event.listen(engine, "do_connect", checked_first)
        event.listen(engine, "checkout", checked_first)
