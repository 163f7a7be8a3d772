"""Why the room refuses one more socket (too many: close code 4429), in the socket's language.

The room's hub writes these reasons in English (``server/room/hub.py``); the socket's edge, which knows
the socket's language, reads them back here and says them again (as :mod:`.reasons` does for the
engines). A reason no wording reads is sent as written.
"""

from __future__ import annotations

from cardroom.locale import Phrase, Plural
from cardroom.locale.readback import Reader

READER = Reader(
    (
        Phrase("the room is full; try again later"),
        Plural("at most {count} spectator per table", "at most {count} spectators per table", 0),
        Plural("at most {count} socket per seat", "at most {count} sockets per seat", 0),
    )
)


def socket_refusal(text: str, lang: str) -> str:
    """The hub's reason for refusing a socket, in ``lang``."""
    return READER.reworded(text, lang)
