"""Runs `cardroom serve` in a child process with the toy game registered (used by the restart test)."""

from __future__ import annotations

import sys

from cardroom.server.ops.cli import serve
from tests.server.toygame import register

if __name__ == "__main__":
    register()
    serve(host="127.0.0.1", port=int(sys.argv[1]), database=sys.argv[2])
