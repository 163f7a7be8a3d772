"""Reading a typed line so that Ctrl-C is heard at any moment.

``input()`` blocks in a read of the terminal. A Ctrl-C that arrives after the prompt is written but
before that read begins is noted by the interpreter and then waits, unheard, until the person
presses Enter: the terminal looked frozen (a test that presses Ctrl-C as soon as the prompt shows
saw it in about one run in forty). So on a terminal the line is awaited with ``select`` in short
slices: between two slices Python runs again, and a noted Ctrl-C raises :class:`KeyboardInterrupt`
there. The terminal hands over a line only once Enter is pressed, so the ``input()`` that follows
returns at once, with the terminal's own line editing.
"""

from __future__ import annotations

import os
import select
import sys

from rich.console import Console

SLICE = 0.1  # seconds between two looks for a noted Ctrl-C while waiting for a line


def read_line(console: Console, prompt: str) -> str:
    """The next line typed (without its newline) after showing ``prompt`` (rich markup allowed);
    :class:`EOFError` at the end of input, :class:`KeyboardInterrupt` on Ctrl-C."""
    console.print(prompt, end="")
    stdin = sys.stdin
    if os.name == "posix" and stdin is not None and stdin.isatty():
        # Piped input is read straight away: its buffer may already hold the next lines, which
        # select() on the descriptor would not see.
        while not select.select([stdin], [], [], SLICE)[0]:
            pass
    return input()
