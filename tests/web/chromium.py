"""Debian's Chromium as the browser tests start it (tests/conftest.py: one a pytest worker).

The tests drive the headless shell: the same Chromium release built for headless use only (the build
Playwright itself drives when asked for a headless browser). Playing the same games, it spent about
30% less CPU than the whole browser started headless, and the browser tests are a third of the suite.
Desktop notifications are the one thing it does not give a page (the permission stays denied), so the
turn-alert tests start the whole browser (``FULL_CHROMIUM``)."""

CHROMIUM = "/usr/bin/chromium-headless-shell"
FULL_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
