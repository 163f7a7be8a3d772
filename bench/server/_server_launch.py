"""Start the `cardroom` command from a chosen source tree: ``python _server_launch.py SRC serve ...``.

The server benchmarks can measure two revisions of the server in one run (``--baseline``), each
started from its own checkout's ``src`` with this project's Python and libraries. Before anything
else, this writes the directory of the ``cardroom`` package it imported to standard error (the
server's log), so the benchmark can check that the code it meant is the code that serves.

With ``CARDROOM_BENCH_CALLS`` set to a file, the server counts its function calls on the event loop's
thread between the signals SIGUSR1 (start) and SIGUSR2 (stop, and write the counts there, in
``cProfile``'s format): ``bench/server/server_profile.py --calls``. With ``CARDROOM_BENCH_STALLS`` set to
a file, it samples the event loop's stack whenever the loop runs late, between the same signals
(``_server_stalls``): ``server_profile.py --stalls``.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

MARK = "cardroom package imported from "


def count_calls_on_signals(out: Path) -> None:
    """cProfile on the main thread (the event loop's) from SIGUSR1 to SIGUSR2, written to ``out``."""
    import cProfile

    profile = cProfile.Profile()

    def stop(*_: object) -> None:
        profile.disable()
        profile.dump_stats(out)

    signal.signal(signal.SIGUSR1, lambda *_: profile.enable())
    signal.signal(signal.SIGUSR2, stop)


def main() -> None:
    if os.environ.get("CARDROOM_BENCH_CALLS"):
        count_calls_on_signals(Path(os.environ["CARDROOM_BENCH_CALLS"]))
    if os.environ.get("CARDROOM_BENCH_STALLS"):
        import _server_stalls

        _server_stalls.install(Path(os.environ["CARDROOM_BENCH_STALLS"]))
    src = Path(sys.argv.pop(1)).resolve()
    sys.path.insert(0, str(src))  # ahead of the editable install of this checkout
    import cardroom

    print(f"{MARK}{Path(cardroom.__file__).resolve().parent}", file=sys.stderr, flush=True)
    from cardroom.cli.main import app

    sys.argv[0] = "cardroom"
    app()


if __name__ == "__main__":
    main()
