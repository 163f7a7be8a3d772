"""The server's log as JSON lines, for a log collector: ``CARDROOM_LOG_FORMAT=json``.

Each record is one JSON object on one line: ``time`` (UTC, ISO 8601), ``level``, ``logger``,
``message`` (the formatted line, as the plain log has it), the fields a call passed in ``extra``, and
``exception`` (the traceback as text) where there is one. The lines say what the plain log says and
nothing more: the room logs no card, hand, seed or token, only table ids, seat numbers, bot specs
and what failed. Unset (or ``plain``), the log is left as Uvicorn configures it.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from datetime import UTC, datetime
from typing import Any

FORMAT_ENV = "CARDROOM_LOG_FORMAT"
# The server's own loggers and Uvicorn's (its startup, errors and protocol warnings).
LOGGERS = ("cardroom", "uvicorn", "uvicorn.error", "uvicorn.access")
# What every LogRecord has: anything else on a record came from a call's ``extra``.
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and key not in line:
                line[key] = value if isinstance(value, str | int | float | bool | None) else repr(value)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure(environ: dict[str, str] | None = None) -> bool:
    """Switch the server's loggers to JSON lines on stderr if ``$CARDROOM_LOG_FORMAT`` is ``json``;
    whether it did. Refuses any other value but ``plain`` with a sentence."""
    chosen = (environ if environ is not None else os.environ).get(FORMAT_ENV, "plain").strip().lower()
    if chosen == "plain":
        return False
    if chosen != "json":
        raise SystemExit(f"{FORMAT_ENV} must be 'json' or 'plain', not {chosen[:40]!r}")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines())
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.propagate = False
        if logger.level == logging.NOTSET:
            logger.setLevel(logging.INFO if name == "cardroom" else logging.WARNING)
    return True
