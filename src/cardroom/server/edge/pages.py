"""The browser's pages, each served whole from two parts: the head every page shares (``web/head.html``:
the doctype, character set, viewport, the room's style sheet and the icon) and the page's own file,
which starts with its own head lines (title, style sheets, script) and goes on from ``<body``.

Written once, the shared head cannot drift between pages. A page is assembled the first time it is
asked for and kept: the files are part of the installed package and do not change while it runs.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from fastapi.responses import HTMLResponse

WEB_DIR = Path(str(resources.files("cardroom") / "web"))
SHARED_HEAD = "head.html"
BODY_START = "<body"


@functools.cache
def assembled(name: str) -> str:
    """The whole page ``name`` (a file in ``web/``): the shared head, the page's own head lines,
    ``</head>``, then the page's body as its file has it."""
    own = (WEB_DIR / name).read_text(encoding="utf-8")
    head, found, body = own.partition(BODY_START)
    if not found:
        raise ValueError(f"web/{name} has no <body: a page file is its own head lines, then its body")
    shared = (WEB_DIR / SHARED_HEAD).read_text(encoding="utf-8")
    return f"{shared}{head}</head>\n{BODY_START}{body}"


def page(name: str) -> HTMLResponse:
    """The page ``name`` as a response (``text/html; charset=utf-8``)."""
    return HTMLResponse(assembled(name))
