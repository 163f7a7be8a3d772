"""The server's function calls per acknowledged action, counted exactly (``server_profile --calls``).

py-spy's samples split the server's CPU between functions in proportion, and on a shared machine two
codes' samples differ by more than a small change; counted calls do not. The server runs its event loop
under ``cProfile`` over the measured window only (started and stopped by signals, see
``_server_launch``), and each code's calls and time are divided by its acknowledged actions. The times
are the profiler's (it slows every call about twofold), so they compare two codes, not a code with
the clock; the calls are exact.
"""

from __future__ import annotations

import pstats
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path


def short_path(path: str) -> str:
    """A module's path cut to the package (``cardroom/server/play.py``) or the library (``uvicorn/...``);
    the server's modules that moved into edge/, room/, store/ and ops/ (issue 28) named as before, so
    two revisions' functions meet."""
    for marker in ("/src/cardroom/", "/site-packages/", "/lib/python3.11/"):
        if marker in path:
            path = ("cardroom/" if marker == "/src/cardroom/" else "") + path.split(marker, 1)[1]
            break
    return re.sub(r"^cardroom/server/(edge|room|store|ops)/", "cardroom/server/", path)


@dataclass
class Calls:
    """One code's counts over its rounds: calls, own seconds and inclusive seconds by function."""

    acked: int = 0
    calls: Counter[str] = field(default_factory=Counter)
    own: Counter[str] = field(default_factory=Counter)
    inclusive: Counter[str] = field(default_factory=Counter)

    def add(self, counted: Path, acked: int) -> None:
        self.acked += acked
        for (file, _line, function), (_primitive, calls, own, inclusive, _callers) in pstats.Stats(
            str(counted)
        ).stats.items():  # type: ignore[attr-defined]
            name = f"{short_path(file)}:{function}"
            self.calls[name] += calls
            self.own[name] += own
            self.inclusive[name] += inclusive

    def per_action(self, what: str) -> Counter[str]:
        """Calls (or milliseconds, for ``own`` and ``inclusive``) per acknowledged action."""
        found: Counter[str] = getattr(self, what)
        scale = (1 if what == "calls" else 1000) / max(1, self.acked)
        return Counter({k: v * scale for k, v in found.items()})


def print_calls(by_code: dict[str, Calls], top: int) -> None:
    """Totals per action for each code, then the functions that changed most, per table."""
    codes = list(by_code)
    print("\ncalls on the event loop's thread, per acknowledged action (the profiler's times: about 2x)")
    for label, found in by_code.items():
        print(
            f"  {label:>8}: {sum(found.calls.values()) / max(1, found.acked):7.1f} calls, "
            f"{1000 * sum(found.own.values()) / max(1, found.acked):6.3f} ms ({found.acked} actions)"
        )
    for what, unit in (("calls", "calls"), ("own", "ms, own lines"), ("inclusive", "ms, with what it called")):
        per = {c: by_code[c].per_action(what) for c in codes}
        first, last = per[codes[0]], per[codes[-1]]
        # One code alone: its largest first (there is no change to sort by).
        changes = {k: abs(last[k] - first[k]) if len(codes) > 1 else last[k] for k in set(first) | set(last)}
        names = sorted(changes, key=lambda k: -changes[k])[:top]
        print(f"\n{unit} per action" + ("" if len(codes) < 2 else ", largest changes first"))
        print("".join(f"{c:>10}" for c in codes) + ("      diff" if len(codes) == 2 else "") + "   function")
        for k in names:
            row = "".join(f"{per[c][k]:>10.3f}" for c in codes)
            print(row + (f"{last[k] - first[k]:>+10.3f}" if len(codes) == 2 else "") + f"   {k}")
