"""The terminal's progress bar for a long run of games (the arena's, the balance lab's, the learner's
self-play): what runs, how many of how many, any columns of the caller's, then the time spent and left."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def games_bar(console: Console, *extra: ProgressColumn) -> Progress:
    """A bar whose tasks are described by their ``add_task`` text; ``extra`` goes after the count."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        *extra,
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
    )
