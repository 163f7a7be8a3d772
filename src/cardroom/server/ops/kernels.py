"""The room's compiled kernels load in the background, so a first run never plays a bot at random.

On a cold compile cache the kernels take about a minute of CPU to compile. A bot's decision is timed,
so compiling inside one would miss the table's pace and the room would play a random move instead.
:func:`start` puts the process in background mode (``compiled_registry.load_in_background``): every
game's kernel loads on a thread, with its progress in the log, and until a game's kernel is ready its
``ismcts`` bots search on the reference engine. The load starts when the first searching bot asks
for a kernel, or at once with ``CARDROOM_WARM_KERNELS=1`` (``make run`` compiles ahead and sets it).
"""

from __future__ import annotations

import logging
import os

from cardroom.core import compiled_registry


def start() -> None:
    """Background mode for this server process (cheap: nothing loads until asked, unless eager). The
    progress goes to the server's log; with no logging set up, to standard error at level INFO."""
    progress = compiled_registry.log
    if not progress.handlers and not logging.getLogger().handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        progress.addHandler(handler)
        progress.setLevel(logging.INFO)
    compiled_registry.load_in_background(eager=os.environ.get("CARDROOM_WARM_KERNELS", "0") == "1")


def stop() -> None:
    """Leave background mode when the server stops (see ``compiled_registry.leave_background``)."""
    compiled_registry.leave_background()
