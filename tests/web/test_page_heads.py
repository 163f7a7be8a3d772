"""Every page shares one head (``web/head.html``, joined by ``server/edge/pages.py``): a page's own file
starts with its own title line and keeps none of the shared lines, so they cannot drift between pages."""

from __future__ import annotations

import pytest

from cardroom.server.edge.pages import SHARED_HEAD, WEB_DIR, assembled

PAGES = sorted(p.name for p in WEB_DIR.glob("*.html") if p.name != SHARED_HEAD)


def test_the_pages_are_found() -> None:
    assert {"index.html", "table.html", "puzzles.html", "friend.html"} <= set(PAGES)


@pytest.mark.parametrize("name", PAGES)
def test_a_page_starts_with_its_own_title_and_gets_the_shared_head(name: str) -> None:
    own = (WEB_DIR / name).read_text(encoding="utf-8")
    assert own.lstrip().startswith("<title"), f"web/{name} should start with its <title> line"
    for shared_line in (WEB_DIR / SHARED_HEAD).read_text(encoding="utf-8").splitlines():
        assert shared_line.strip() not in own, f"web/{name} repeats the shared head's {shared_line.strip()!r}"
    whole = assembled(name)
    assert whole.startswith("<!doctype html>") and whole.count("<head>") == 1 and whole.count("</head>") == 1
