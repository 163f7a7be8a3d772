"""Start the `cardroom` command from a chosen source tree: ``python _server_launch.py SRC serve ...``.

The server benchmarks can measure two revisions of the server in one run (``--baseline``), each
started from its own checkout's ``src`` with this project's Python and libraries. Before anything
else, this writes the directory of the ``cardroom`` package it imported to standard error (the
server's log), so the benchmark can check that the code it meant is the code that serves.
"""

from __future__ import annotations

import sys
from pathlib import Path

MARK = "cardroom package imported from "


def main() -> None:
    src = Path(sys.argv.pop(1)).resolve()
    sys.path.insert(0, str(src))  # ahead of the editable install of this checkout
    import cardroom

    print(f"{MARK}{Path(cardroom.__file__).resolve().parent}", file=sys.stderr, flush=True)
    from cardroom.cli.main import app

    sys.argv[0] = "cardroom"
    app()


if __name__ == "__main__":
    main()
