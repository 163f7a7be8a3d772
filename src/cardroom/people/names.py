"""Account names: what a person may call their account, and the key that makes two names the same.

The same rules as a seat's name (a name is shown to everyone: no control characters, none of the
invisible marks that change the direction text is drawn in), and unique across the room by the same
comparison: Unicode's compatibility form (NFKC), case-folded, so "Zed", "ZED" and "Ｚｅｄ" are one
account.
"""

from __future__ import annotations

import unicodedata

from cardroom.locale import Phrase
from cardroom.server.errors import Refused
from cardroom.server.ops.limits import clean_text
from cardroom.server.ops.names import BIDI_CONTROLS, INVISIBLE, JOINERS, name_key

MIN_LENGTH = 2
MAX_LENGTH = 24  # characters: a name fits a leaderboard's line and a seat's label


def account_name(value: str) -> tuple[str, str]:
    """The name as stored (trimmed) and its unique key; :class:`Refused` says what is wrong."""
    text = value.strip()
    clean_text(text, Phrase("an account name"))
    for c in text:
        if c in BIDI_CONTROLS or (unicodedata.category(c) in ("Cf", "Zl", "Zp") and c not in JOINERS):
            raise Refused(INVISIBLE, what=Phrase("an account name"), code=f"{ord(c):04X}")
    if not MIN_LENGTH <= len(text) <= MAX_LENGTH:
        raise Refused(
            "an account name has {low} to {high} characters (this one has {length})",
            low=MIN_LENGTH,
            high=MAX_LENGTH,
            length=len(text),
        )
    return text, account_key(text)


def account_key(name: str) -> str:
    """What two account names are compared by (a login's name is looked up by it as typed)."""
    # NFKC again after folding: folding can produce characters that compose differently.
    return unicodedata.normalize("NFKC", name_key(name.strip()))
