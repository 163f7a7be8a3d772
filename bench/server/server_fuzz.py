"""Schemathesis against a real `cardroom serve` on loopback, from its own OpenAPI document: at least
--cases cases (default 10,000), valid and invalid, on free ids and on a real table with its seat's
token. Printed: cases, answers by status, and every failure (a 5xx, or a body off the schema
documented for its status). Generation is derandomized, so two runs send the same cases.

    python bench/server/server_fuzz.py                 # 10,000+ cases, a few minutes
    python bench/server/server_fuzz.py --cases 2000

The same driver runs a short round in the test suite (tests/server/test_fuzz.py).
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_load import free_port, rss_mb, start_server  # noqa: E402
from tests.server.fuzzing import fuzz  # noqa: E402

# Kinds of case per operation: valid or invalid data, each on free ids and on the real table.
KINDS_PER_OPERATION = 4
OPERATIONS = 16


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=10_000, help="least number of cases to send (default 10000)")
    args = parser.parse_args()
    # Hypothesis stops early on small input spaces (an operation without parameters), so ask for more
    # per kind than an even split and print the real count.
    per_kind = math.ceil(args.cases / (OPERATIONS * KINDS_PER_OPERATION) * 1.5)
    with tempfile.TemporaryDirectory() as scratch:
        port = free_port()
        server = start_server(port, f"sqlite:///{Path(scratch) / 'fuzz.sqlite3'}")
        try:
            base = f"http://127.0.0.1:{port}"
            before = rss_mb(server.pid)
            started = time.perf_counter()
            tally = fuzz(base, per_kind)
            elapsed = time.perf_counter() - started
            alive = server.poll() is None
            after = rss_mb(server.pid) if alive else float("nan")
        finally:
            server.terminate()
            server.wait(10)
    print(f"schemathesis against cardroom serve (SQLite), {per_kind} cases per operation and kind")
    print(tally.report())
    print(f"{elapsed:.0f} s ({tally.cases / elapsed:.0f} cases/s); server alive at the end: {alive}")
    print(f"server resident memory {before:.0f} MB before, {after:.0f} MB after")
    if tally.cases < args.cases:
        print(f"note: {tally.cases} cases sent, fewer than the {args.cases} asked")
    server_errors = sum(count for status, count in tally.statuses.items() if status >= 500)
    raise SystemExit(1 if tally.failures or server_errors or not alive else 0)


if __name__ == "__main__":
    main()
