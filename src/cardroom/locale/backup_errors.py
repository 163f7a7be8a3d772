"""Why `cardroom backup` or `cardroom restore` could not do its work, in the terminal's language.

The copier (``server/store/backup.py``) writes its reasons in English; the command reads them back here
and says them again (as :mod:`.reasons` does for the engines). Paths, URLs and commands inside stay as
written, and so does a reason from the system or SQLite itself (the place after "failed:"); a reason no
wording reads is shown as written.
"""

from __future__ import annotations

from cardroom.locale import Phrase
from cardroom.locale.readback import Reader

READER = Reader(
    (
        Phrase(
            "cardroom backup copies SQLite databases. For PostgreSQL use its own tools while the server runs: "
            "pg_dump --format=custom --file=cardroom.dump '<url>' (restore with pg_restore --clean --dbname "
            "'<url>' cardroom.dump, the server stopped), or continuous archiving for point-in-time recovery."
        ),
        Phrase("cardroom backup copies a SQLite database file, not {backend}"),
        Phrase("there is no database at {path}"),
        Phrase("the backup's destination is the database itself: name another file"),
        Phrase("the copy {path} failed its integrity check: {check}"),
        Phrase("the copy failed its integrity check: {check}"),
        Phrase("the backup failed: {problem}"),
        Phrase("the number of daily and weekly copies to keep is 0 or more"),
        Phrase("keep at least one copy (--keep-daily or --keep-weekly of 1 or more)"),
        Phrase(
            "cannot open {path} to see whether a server has the database open: run this as the user the server runs as"
        ),
        Phrase("there is no copy at {path}"),
        Phrase("{path} is open in a running server: stop the server first, then restore"),
        Phrase("the folder {path} does not exist"),
        Phrase("{path} is not a copy of a card room's database (it has no tables of games)"),
        Phrase("{path} could not be read as a SQLite database: {problem}"),
    )
)


def backup_refusal(text: str, lang: str) -> str:
    """The copier's reason, in ``lang``."""
    return READER.reworded(text, lang)
