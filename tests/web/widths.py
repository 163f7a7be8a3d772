"""One page checked at a laptop's and a phone's size, resized between them instead of built twice.

The table and the lobby are laid out by CSS alone (no script reads the window's size; the analysis
graph, drawn after a game, is the one exception and redraws itself on the change), so a page resized
to a size lays out as one opened at it, and the state a test worked to reach is reached once."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from playwright.sync_api import Page

# The sizes the layout tests use: width -> height.
LAPTOP_AND_PHONE: Mapping[int, int] = {1280: 800, 390: 844}


def resized(page: Page, sizes: Mapping[int, int] = LAPTOP_AND_PHONE) -> Iterator[tuple[int, int]]:
    """Each (width, height) of ``sizes`` in turn, the page resized to it before it is yielded."""
    for width, height in sizes.items():
        page.set_viewport_size({"width": width, "height": height})
        yield width, height
