"""What every test folder shares: one Playwright driver and one Chromium per pytest worker, and one TLS
context for the many HTTP clients the tests build.

Starting the driver and the browser costs about 2.5 s of wall time and 1.5 s of CPU; the browser tests
live in some 75 modules, and a worker used to pay that once a module. Tests still share nothing through
them: each page a test opens (``browser.new_page``) has a fresh context of its own (cookies, storage),
and every context a module leaves open is closed when the module ends.

The sync driver keeps its asyncio loop marked as running on this thread for as long as it lives, and
``asyncio.run`` refuses to start under a running loop. A worker that has started the browser runs its
other tests (the server tests that talk over sockets with ``asyncio.run``) with that mark lifted, and
puts it back before anything else can reach the driver.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Iterator
from typing import Any

import httpx._transports.default as httpx_transports
import pytest
from httpx._config import create_ssl_context
from playwright.sync_api import Browser, Playwright, sync_playwright

from tests.web.chromium import CHROMIUM, CHROMIUM_ARGS

# Each top-level ``httpx.get``/``post`` builds a client, and each client built a TLS context (loading the
# CA bundle: about 45 ms of CPU) that a test talking plain HTTP to its own server never uses. Some 260
# places in the tests call httpx that way, many of them once a move; one context a configuration serves
# them all. The room's own code is untouched (it runs in the server processes, not here).
vars(httpx_transports)["create_ssl_context"] = functools.lru_cache(maxsize=8)(create_ssl_context)

_DRIVER = "playwright"
_started: list[Browser] = []


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    # Never skipped: `make test` installs Chromium when it is missing.
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    _started.append(launched)
    yield launched
    _started.clear()
    launched.close()


@pytest.fixture(scope="module", autouse=True)
def _pages_closed_with_their_module() -> Iterator[None]:
    """A module's pages end with it, as they did when each module had a browser of its own."""
    yield
    for browser in _started:
        for context in browser.contexts:
            context.close()


def _without_the_drivers_loop(item: pytest.Item) -> bool:
    return bool(_started) and _DRIVER not in getattr(item, "fixturenames", ())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    with _loop_lifted(_without_the_drivers_loop(item)):
        yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    with _loop_lifted(_without_the_drivers_loop(item)):
        yield


class _loop_lifted:
    """While active: no loop marked as running on this thread (the driver's is put back after)."""

    def __init__(self, active: bool) -> None:
        self.active = active
        self.loop: asyncio.AbstractEventLoop | None = None

    def __enter__(self) -> None:
        if self.active:
            self.loop = asyncio._get_running_loop()
            asyncio._set_running_loop(None)

    def __exit__(self, *exc: object) -> None:
        if self.active:
            asyncio._set_running_loop(self.loop)


# The modules whose single tests run longest (15-33 s each on two busy cores), run first (those of them
# in WAITING, below, go with the rest of it). pytest-xdist hands the tests out in this order, and the
# workers end together only if the last tests are short: one of these among the last kept the other
# workers idle for as long as it ran.
LONGEST_FIRST = (
    "tests/web/test_more_time.py",  # waits 30 s inside a reaction window: that is its point
    "tests/server/test_fuzz.py",
    "tests/challenges/test_daily_page.py",
    "tests/bench/test_server_compare.py",
    "tests/analysis/test_browser.py",
    "tests/server/test_bot_pace_declared.py",
    "tests/server/test_fault_postgres.py",
    "tests/server/test_clock_timing.py",
    "tests/challenges/test_daily_scored_by.py",  # waits for the analyses the standings ask for
)


# The modules that mostly wait (on clocks, windows, restarts, other processes: in a run on one worker
# each waited 3 to 26 s more than it used CPU), run one after another by a worker of their own
# (`make test` runs three workers, `--dist loadgroup`): while they wait, the other two keep both cores
# busy. On two workers that shared the rest, a worker waiting left a core idle: 28% of the run.
WAITING = (
    "tests/web/test_more_time.py",
    "tests/challenges/test_daily_figures.py",  # a day's window to close, a server killed and started again
    "tests/challenges/test_daily_api.py",
    "tests/server/test_clock_timing.py",
    "tests/server/test_fault_postgres.py",
    "tests/bench/test_server_compare.py",
    "tests/server/test_load_generators.py",
    "tests/server/test_absent_postgres.py",
    "tests/challenges/test_daily_page.py",
    "tests/server/test_window_timing.py",
    "tests/challenges/test_restart.py",
    "tests/server/test_start_unavailable.py",
    "tests/server/test_keep_alive.py",  # idles past the server's keep-alive timeout
    "tests/server/test_bot_timing.py",
    "tests/server/test_absent.py",
    "tests/server/test_real_games.py",
    "tests/server/test_absent_quickly.py",
    "tests/server/test_more_time.py",
    "tests/server/test_head_timeout.py",
    "tests/server/test_hidden_answers.py",
    "tests/cli/test_terminal_pace.py",
    "tests/people/test_ratings_room.py",
    "tests/server/test_clock_restart.py",
    "tests/server/test_waiting_seats.py",
)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``--dist loadgroup``: the :data:`WAITING` modules are one unit of work, handed whole to one
    worker (the largest unit goes out first); every other test goes to whichever worker is free, as
    with ``--dist load``. (pytest-xdist's own groups come from marks it writes into the node ids, which
    pytest 9 no longer reads back: its groups were silently ignored.)"""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling  # type: ignore[import-untyped]

    waiting = set(WAITING)

    class WaitingApart(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return "waiting" if nodeid.split("::")[0] in waiting else nodeid

    return WaitingApart(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Whole modules are moved (the sort is stable), so a module's shared server still starts once a worker."""
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
