"""What the event loop was doing when it ran late (``server_profile --stalls``).

The tail of a move's latency is made of moments when the event loop could not turn: a long piece of
Python on it, the interpreter's lock held by another thread, or no free core. A sampler that takes
every function's share of the CPU (py-spy, ``--calls``) averages those moments away. Here a timer on
the loop notes each turn (every millisecond), and a thread of the sampler's own looks every half
millisecond: when the loop has not turned for ``CARDROOM_BENCH_STALL_MS`` (default 3 ms), it records
the loop thread's Python stack (``sys._current_frames``). Stacks that end in the loop's own ``run``
are time outside Python (the loop waiting for the interpreter's lock or for a core); the others name
the code that held the loop.

In the server (``install``, from ``_server_launch``) between SIGUSR1 and SIGUSR2, as ``--calls``;
the counts are written to the file ``CARDROOM_BENCH_STALLS`` names, one ``count<TAB>stack`` line a
stack, innermost frame first.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from _server_calls import short_path

BEAT = 0.001  # seconds between two turns noted on the loop
LOOK = 0.0005  # seconds between two looks of the sampler's thread
DEPTH = 30  # frames kept a stack


def install(out: Path) -> None:
    """Sample the event loop's stack when it runs late, from SIGUSR1 to SIGUSR2, into ``out``."""
    late_after = float(os.environ.get("CARDROOM_BENCH_STALL_MS", "3")) / 1000
    import uvicorn.server

    serve = uvicorn.server.Server.serve
    stacks: Counter[tuple[str, ...]] = Counter()
    state = {"on": False, "beat": time.perf_counter(), "looks": 0}
    loop_thread = threading.get_ident()  # uvicorn runs its loop on the thread that starts it

    def look() -> None:
        while True:
            time.sleep(LOOK)
            if not state["on"]:
                continue
            state["looks"] += 1
            if time.perf_counter() - state["beat"] > late_after:
                stacks[_stack(sys._current_frames().get(loop_thread))] += 1

    def start(*_: object) -> None:
        stacks.clear()
        state["looks"] = 0
        state["on"] = True

    def stop(*_: object) -> None:
        state["on"] = False
        lines = [f"{n}\t{';'.join(stack)}" for stack, n in stacks.most_common()]
        out.write_text(f"# looks {state['looks']} late_after_ms {late_after * 1000:g}\n" + "\n".join(lines) + "\n")

    async def serve_noting_turns(self: Any, sockets: Any = None) -> None:
        import asyncio

        loop = asyncio.get_running_loop()

        def beat() -> None:
            state["beat"] = time.perf_counter()
            loop.call_later(BEAT, beat)

        beat()
        threading.Thread(target=look, name="bench-stall-sampler", daemon=True).start()
        await serve(self, sockets)

    uvicorn.server.Server.serve = serve_noting_turns  # type: ignore[method-assign]
    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)


def _stack(frame: Any) -> tuple[str, ...]:
    names: list[str] = []
    while frame is not None and len(names) < DEPTH:
        code = frame.f_code
        names.append(f"{short_path(code.co_filename)}:{code.co_name}")
        frame = frame.f_back
    return tuple(names)


class Stalls:
    """One code's late samples over its rounds, by function on the stack (inclusive)."""

    def __init__(self) -> None:
        self.acked = 0
        self.late = 0
        self.looks = 0
        self.outside_python = 0  # the loop thread was in the loop's own C code: lock, core or I/O
        self.by_function: Counter[str] = Counter()

    def add(self, counted: Path, acked: int) -> None:
        self.acked += acked
        for line in counted.read_text().splitlines():
            if line.startswith("# looks "):
                self.looks += int(line.split()[2])
                continue
            count, _, stack = line.partition("\t")
            n = int(count)
            frames = stack.split(";") if stack else []
            self.late += n
            if not frames or frames[0].endswith("asyncio/runners.py:run"):
                self.outside_python += n
                continue
            for name in set(frames):
                self.by_function[name] += n


def print_stalls(by_code: dict[str, Stalls], top: int, look_ms: float = LOOK * 1000) -> None:
    """Late looks per 1,000 actions for each code (each look stands for half a millisecond), and
    the functions found on the loop's stack most often, side by side."""
    codes = list(by_code)
    print(f"\nthe event loop running late: looks (one each {look_ms:g} ms) per 1,000 acknowledged actions")
    print("".join(f"{c:>12}" for c in codes) + "   what")
    for what, value in (("late, all", "late"), ("late, outside Python", "outside_python")):
        print("".join(f"{getattr(s, value) * 1000 / max(1, s.acked):>12.2f}" for s in by_code.values()) + f"   {what}")
    names: Counter[str] = Counter()
    for stalls in by_code.values():
        for name, n in stalls.by_function.items():
            names[name] = max(names[name], n * 1000 // max(1, stalls.acked))
    # The frames on every stack in Python (the launcher, the command line, the loop's run) say nothing.
    roots = {
        name
        for stalls in by_code.values()
        for name, n in stalls.by_function.items()
        if n >= stalls.late - stalls.outside_python
    }
    for name, _ in names.most_common(top + len(roots)):
        if name in roots:
            continue
        row = "".join(f"{s.by_function[name] * 1000 / max(1, s.acked):>12.2f}" for s in by_code.values())
        print(f"{row}   {name}")
