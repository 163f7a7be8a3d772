"""The words a matplotlib figure was drawn with, recorded as it is saved: a test reads what a person
sees on a PNG (titles, axis labels, ticks, legends, notes) without reading pixels.

``recording(savefig, path)`` wraps ``Figure.savefig`` so that each save appends one JSON line to
``path``: the file's name and every visible text of the figure, read after it was drawn (a tick's
label is written only as the figure draws). A test sets it in its own process with ``monkeypatch``;
a command run as a process gets it from :data:`SITECUSTOMIZE`, a ``sitecustomize`` module put on the
child's path with ``FIGURE_TEXTS`` naming the file."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from matplotlib.artist import Artist
from matplotlib.axis import Axis, Tick
from matplotlib.figure import Figure
from matplotlib.text import Text

SITECUSTOMIZE = """
import os

from matplotlib.figure import Figure

from tests.i18n.figure_texts import recording

Figure.savefig = recording(Figure.savefig, os.environ["FIGURE_TEXTS"])
"""


def drawn_texts(artist: Artist) -> list[str]:
    """Every non-empty text of ``artist`` and its children that is drawn: not a hidden panel's, nor a
    tick's that matplotlib keeps beyond the axis's ends (it labels it, but does not draw it)."""
    if not artist.get_visible():
        return []
    own = [artist.get_text()] if isinstance(artist, Text) and artist.get_text().strip() else []
    children = artist.get_children()
    if isinstance(artist, Axis):
        low, high = sorted(artist.get_view_interval())
        children = [c for c in children if not isinstance(c, Tick) or low - 1e-9 <= c.get_loc() <= high + 1e-9]
    return own + [text for child in children for text in drawn_texts(child)]


def recording(savefig: Callable[..., Any], path: str | os.PathLike[str]) -> Callable[..., Any]:
    def save(figure: Figure, fname: Any, *args: Any, **kwargs: Any) -> Any:
        done = savefig(figure, fname, *args, **kwargs)  # drawn first: the ticks' labels exist from here
        line = {"file": Path(str(fname)).name, "texts": drawn_texts(figure)}
        with open(path, "a", encoding="utf-8") as record:
            record.write(json.dumps(line, ensure_ascii=False) + "\n")
        return done

    return save


def read_texts(path: Path) -> dict[str, list[str]]:
    """Each saved file's texts, by the file's name."""
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return {line["file"]: line["texts"] for line in lines}
