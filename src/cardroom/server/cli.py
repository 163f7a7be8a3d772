"""`cardroom serve`: run the card room with Uvicorn and say where to open it."""

from __future__ import annotations

import uvicorn

from cardroom.server.app import create_app
from cardroom.server.database import database_url


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None) -> None:
    """Start the server on ``host:port`` with the given SQLAlchemy URL (default: ./cardroom.sqlite3)."""
    url = database_url(database)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    print(f"cardroom is open at http://{shown}:{port}/  (database: {_safe(url)})", flush=True)
    # No per-message deflate on sockets: compressing every snapshot cost more server time than
    # anything else per push (measured with bench/server_load.py); snapshots are a few KB.
    uvicorn.run(create_app(url), host=host, port=port, log_level="warning", ws_per_message_deflate=False)


def _safe(url: str) -> str:
    """The URL without a password, fit to print."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
