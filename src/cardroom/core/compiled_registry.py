"""Which compiled kernel plays a game, and whether this process has its code loaded yet.

The game's kit answers (``core/kit.py``): it names the kernel's module, whose ``KERNEL`` object is typed
by ``compiled_protocol.CompiledKernel``. Bots, analysis, the arena and the lab all ask :func:`kernel_of`,
so there is one registry, and adding a kernel to a game is one line of its kit.

Loading a kernel's code takes a fraction of a second from Numba's cache but about a minute of CPU to
compile on a cold cache. :func:`warm` loads one kernel once per process; :func:`warm_all_in_background`
loads every game's on a thread, logging its progress. A server calls :func:`load_in_background` at
start: from then on :func:`ready` is false for a kernel until the background load has it (the first
call starts that load if it is not running yet), and the server's bots search on the reference
engine meanwhile instead of waiting for a compile inside a timed decision. Elsewhere (the CLI, the
arena, a benchmark) ``ready`` is true and a bot loads its kernel itself before its first decision.
"""

from __future__ import annotations

import importlib
import logging
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from cardroom.core.game import Game
from cardroom.core.registry import kit_of, kits

if TYPE_CHECKING:  # the protocol's module imports numpy, which the room's start must not
    from cardroom.core.compiled_protocol import CompiledKernel

log = logging.getLogger("cardroom.kernels")

_lock = threading.Lock()
_ready: set[str] = set()  # kernel modules whose code this process has loaded
_loading: set[str] = set()  # kernel modules a background load will get to
_background: list[str] = []  # every game's kernel module once a server asked for background loading; then
# a cold kernel compiles in a child process first
_children: set[subprocess.Popen[str]] = set()  # those child processes, while they run


def kernel_path(game: Game) -> str | None:
    """The name of the game's kernel module, without importing it (None if the game has none)."""
    return kit_of(game).kernel


def kernel_of(game: Game) -> CompiledKernel | None:
    """The game's kernel if it has one that holds these options (compiled or not)."""
    module = kit_of(game).kernel_module()
    if module is None:
        return None
    kernel: CompiledKernel = module.KERNEL
    return kernel if kernel.unsupported(game) is None else None


def compiled_kernel_of(game: Game) -> CompiledKernel | None:
    """:func:`kernel_of`, when its code is compiled (Numba installed and not switched off)."""
    kernel = kernel_of(game)
    return kernel if kernel is not None and kernel.COMPILED else None


def kernel_paths(unlisted: bool = False) -> list[str]:
    """The kernel modules of the games people are offered (the room compiles these ahead);
    ``unlisted``: those of games kept for tests too (``make kernels`` compiles every one)."""
    return [kit.kernel for kit in kits() if kit.kernel and (kit.listed or unlisted)]


def load_in_background(eager: bool = False) -> threading.Thread | None:
    """From now on kernels load in the background: at once if ``eager``, else when :func:`ready` is
    first asked about one. Returns the loading thread if it started now.

    A cold kernel is compiled in a separate process (:func:`compile_apart`) and then loaded here from
    the compile cache: a compile holds this process's GIL for about a minute of CPU, and a bot
    searching meanwhile on the reference engine would overrun its table's pace."""
    with _lock:
        _background[:] = kernel_paths()
    return _start_background() if eager else None


def leave_background() -> None:
    """Back to the usual mode, where a bot loads its kernel itself (a server process calls this as it
    stops, so an arena or a test run later in the same process plays the same games as anywhere)."""
    with _lock:
        _background.clear()
        children = list(_children)
    for child in children:  # a compile nobody will load (a child also ends by itself if we die)
        child.terminate()


def compile_apart(path: str) -> bool:
    """Compile kernel module ``path`` into the compile cache in a child process (``python -m
    cardroom.fast.warm``), so that loading it here afterwards is a read of the cache. A child that
    fails is logged; the load here then compiles it itself. False if the process left background
    mode meanwhile (a stopping server ends the child)."""
    began = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "cardroom.fast.warm", "--parent", str(os.getpid()), path],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    with _lock:
        _children.add(child)
        if not _background:  # left background mode as the child started
            child.terminate()
    try:
        _, errors = child.communicate()
    finally:
        with _lock:
            _children.discard(child)
    with _lock:
        if not _background:
            return False
    if child.returncode != 0:
        log.warning("compiling %s in a child process failed (exit %d): %s", path, child.returncode,
                    errors.strip()[-500:])  # fmt: skip
    else:
        log.info("%s compiled in a child process in %.1f s", path, time.perf_counter() - began)
    return True


def _start_background() -> threading.Thread | None:
    with _lock:
        todo = [p for p in _background if p not in _ready and p not in _loading]
    return warm_all_in_background(todo) if todo else None


def ready(path: str) -> bool:
    """Whether a bot may use the kernel module ``path`` without waiting: its code is loaded, or no
    background loading was asked for (the caller then :func:`warm` s it itself). In background mode a
    kernel not loaded yet is not ready, and asking starts the background load if it is not running.

    It takes the module's name, not the module: until the loader has it, a bot must not even import
    it, since the loading thread holds the module's import lock while its import runs (Numba's
    included: seconds on a loaded machine), and another thread's import would wait for it."""
    with _lock:
        if path in _ready or not _background:  # out of background mode a bot warms it itself
            return True
        idle = path not in _loading
    if idle:
        _start_background()
    return False


def warm(kernel: CompiledKernel) -> float:
    """Load (or compile) the kernel's code once a process; the seconds it took (0 if already loaded)."""
    with _lock:
        if kernel.module in _ready:
            return 0.0
    seconds = kernel.warm()
    with _lock:
        _ready.add(kernel.module)
        _loading.discard(kernel.module)
    return seconds


def warm_all_in_background(paths: Iterable[str], on_done: Callable[[], None] | None = None) -> threading.Thread:
    """Load every kernel module of ``paths`` on a daemon thread, one after another, with progress in the
    log; they count as not :func:`ready` from this call until each is loaded."""
    todo = list(dict.fromkeys(paths))
    with _lock:
        _loading.update(p for p in todo if p not in _ready)

    def run() -> None:
        start = time.perf_counter()
        for i, path in enumerate(todo, 1):
            log.info("kernel %d of %d: loading %s (a cold cache compiles it: about a minute)", i, len(todo), path)
            began = time.perf_counter()
            try:
                with _lock:
                    apart = bool(_background) and path not in _ready
                if apart and not compile_apart(path):
                    return  # the server stopped meanwhile: nothing to load for
                warm(importlib.import_module(path).KERNEL)
            except Exception:  # a kernel that cannot load leaves its game on the reference engine
                log.exception("kernel %s failed to load; its bots search on the reference engine", path)
                with _lock:
                    _loading.discard(path)
                continue
            log.info("kernel %d of %d: %s ready in %.1f s", i, len(todo), path, time.perf_counter() - began)
        log.info("all %d kernels ready in %.1f s", len(todo), time.perf_counter() - start)
        if on_done is not None:
            on_done()

    thread = threading.Thread(target=run, name="kernel-warmup", daemon=True)
    thread.start()
    return thread
