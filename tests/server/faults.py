"""Helpers of the fault tests: a real server whose log goes to a file, people playing Tacocat on it
from threads of their own while a fault happens, and the checks every fault test makes.

The invariant checked after every fault: every acknowledged action is stored (read from the database
itself, after a SIGKILL and a restart), the server never showed a step it had not stored, and every
table takes a move again once the fault is over. Every wait has a deadline: a test ends in bounded time.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text

from tests.server import forked
from tests.server.process import ROOT, ServerProcess, free_port
from tests.support.polling import until

TIMEOUT = 15.0  # seconds any one request may take
# Seconds between a player's moves: each seat stays well inside its rate limit (20 requests a second).
PACE = 0.1
START_WITHIN = 60.0  # seconds a server may take to answer after it is started


class LoggedServer(ServerProcess):
    """A :class:`ServerProcess` writing its output to a file (a pipe nobody reads could fill and stop it)."""

    def __init__(self, port: int, database: str, log: Path, env: dict[str, str] | None = None) -> None:
        super().__init__(port, database)
        self.log = log
        self.env = env or {}

    def start(self, healthy: bool = True) -> LoggedServer:
        """Start it and wait until its health check says 200 (``healthy``), or, for a server started
        in an outage, until it answers at all (its list of games needs no database)."""
        env = {**os.environ, "CARDROOM_BOT_DELAY": "0", "PYTHONPATH": str(ROOT), **self.env}

        def launch() -> Callable[[], str]:
            written = self.log.stat().st_size if self.log.exists() else 0  # a restart's lines follow the first's
            if forked.can_fork(env):  # a fork of the warm server: about 0.6 s of CPU where a fresh one took 2.2
                self.log.touch()  # the fork appends to it
                self.proc = forked.start(self.port, self.database, env, self.log)
            else:
                with self.log.open("ab") as out:
                    self.proc = subprocess.Popen(
                        [sys.executable, "-m", "tests.server.serve_toy", str(self.port), self.database],
                        cwd=ROOT,
                        env=env,
                        stdout=out,
                        stderr=subprocess.STDOUT,
                    )
            return lambda: self.log.read_bytes()[written:].decode(errors="replace")

        # A bound, not a pace: a start takes 2-5 s on an idle 2-core machine, and was seen at 23-29 s
        # (the code before this change alike) with the machine at load average 24.
        self.start_answering(launch, "/healthz" if healthy else "/api/games", START_WITHIN)
        return self

    def rss(self) -> int:
        """The server's resident memory, in bytes."""
        assert self.proc is not None
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise AssertionError("no VmRSS")

    def lines(self, part: str) -> list[str]:
        """The log's lines that contain ``part``."""
        return [line for line in self.log.read_text(errors="replace").splitlines() if part in line]

    def errors(self) -> list[str]:
        """The log's tracebacks and errors (an outage's warnings are expected, these never are)."""
        found = self.log.read_text(errors="replace").splitlines()
        return [line for line in found if "Traceback" in line or line.startswith("ERROR")]


class TableRefused(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(f"the table was not made: {status}")
        self.status = status


class Table:
    """A Tacocat table with two people's seats, and what the server acknowledged there."""

    def __init__(self, base: str, http: httpx.Client) -> None:
        made = http.post(f"{base}/api/tables", json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}]})
        if made.status_code != 201:
            raise TableRefused(made.status_code)
        body = made.json()
        self.id: str = body["table_id"]
        self.tokens: list[str] = [body["token"], body["invitations"][0]["token"]]
        # The invited seat sits down (its first request with its token), so the game begins.
        seated = http.get(f"{base}/api/tables/{self.id}/view", headers={"Authorization": f"Bearer {self.tokens[1]}"})
        if seated.status_code != 200:
            raise TableRefused(seated.status_code)
        self.acked: dict[int, tuple[int, str]] = {}  # step -> (seat, action) answered 200

    def move(self, base: str, http: httpx.Client, rng: random.Random, statuses: Counter[int]) -> bool:
        """One move by a seat asked to act; False if the game is over. Three requests, each with a
        seat's token (a seat's rate limit, not the address's)."""
        first = self._view(base, http, 0, statuses)
        if first is None:
            return True
        if first["table"]["status"] != "playing":
            return False
        seat = rng.choice(first["view"]["to_act"])
        view = first if seat == 0 else self._view(base, http, seat, statuses)
        if view is None or not view["view"]["legal_actions"]:
            return True
        step, action = view["table"]["step"], rng.choice(view["view"]["legal_actions"])
        answer = http.post(
            f"{base}/api/tables/{self.id}/actions",
            headers={"Authorization": f"Bearer {self.tokens[seat]}"},
            json={"step": step, "action": action},
        )
        statuses[answer.status_code] += 1
        if answer.status_code == 200:
            self.acked[step] = (seat, action)
        elif answer.status_code == 503:
            assert "database is unavailable" in answer.json()["detail"], answer.text
        return True

    def _view(self, base: str, http: httpx.Client, seat: int, statuses: Counter[int]) -> dict | None:  # type: ignore[type-arg]
        answer = http.get(f"{base}/api/tables/{self.id}/view", headers={"Authorization": f"Bearer {self.tokens[seat]}"})
        statuses[answer.status_code] += 1
        return answer.json() if answer.status_code == 200 else None


class Players:
    """People playing on ``tables`` tables at once (a thread each), a new table when a game ends."""

    def __init__(self, base: str, tables: int = 4, seed: int = 1) -> None:
        self.base = base
        self.tables: list[Table] = []
        self.statuses: Counter[int] = Counter()
        self._seed = seed
        self._count = tables
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self.failures: list[str] = []

    def start(self) -> None:
        self._stop.clear()
        self._threads = [
            threading.Thread(target=self._play, args=(random.Random(self._seed * 100 + i),), daemon=True)
            for i in range(self._count)
        ]
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(TIMEOUT * 4)
            assert not thread.is_alive(), "a player did not stop"

    def _play(self, rng: random.Random) -> None:
        with httpx.Client(timeout=TIMEOUT) as http:
            table: Table | None = None
            while not self._stop.is_set():
                try:
                    if table is None:
                        table = Table(self.base, http)
                        self.tables.append(table)
                    if not table.move(self.base, http, rng, self.statuses):
                        table = None
                except httpx.HTTPError as exc:  # the server was killed
                    self.failures.append(f"{type(exc).__name__}: {exc}")
                except TableRefused as exc:  # the database is down
                    self.statuses[exc.status] += 1
                time.sleep(PACE)

    def play_for(self, seconds: float) -> None:
        self.start()
        time.sleep(seconds)
        self.stop()

    def acknowledged(self) -> int:
        return sum(len(t.acked) for t in self.tables)


def stored_actions(url: str, table_ids: list[str]) -> dict[str, dict[int, tuple[int, str]]]:
    """Each table's stored actions (step -> (seat, action)), read from the database itself."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        found: dict[str, dict[int, tuple[int, str]]] = {t: {} for t in table_ids}
        with engine.connect() as conn:
            for row in conn.execute(text("SELECT table_id, step, seat, text FROM actions")):
                if row.table_id in found:
                    found[row.table_id][row.step] = (row.seat, row.text)
        return found
    finally:
        engine.dispose()


def check_nothing_lost(url: str, players: Players) -> int:
    """Every acknowledged action is stored as acknowledged: how many were checked."""
    stored = stored_actions(url, [t.id for t in players.tables])
    for table in players.tables:
        for step, (seat, action) in table.acked.items():
            assert stored[table.id].get(step, (None, None))[0] == seat, (
                f"table {table.id}: step {step} was acknowledged (seat {seat}, {action}) but stored as "
                f"{stored[table.id].get(step)}"
            )
    return players.acknowledged()


def check_shown_is_stored(base: str, url: str, players: Players) -> None:
    """The server shows no step it did not store: each table's step is its number of stored actions."""
    stored = stored_actions(url, [t.id for t in players.tables])
    with httpx.Client(timeout=TIMEOUT) as http:
        for table in players.tables:
            shown = http.get(f"{base}/api/tables/{table.id}").json()["step"]
            assert shown == len(stored[table.id]), (
                f"table {table.id} shows step {shown} but {len(stored[table.id])} actions are stored"
            )


def check_serves(base: str, players: Players) -> None:
    """Every unfinished table takes a move (200) and the health check says all is well."""
    rng = random.Random(7)
    with httpx.Client(timeout=TIMEOUT) as http:
        health = http.get(f"{base}/healthz")
        assert health.status_code == 200 and health.json()["writable"], health.text
        for table in players.tables:
            statuses: Counter[int] = Counter()
            before = len(table.acked)
            if table.move(base, http, rng, statuses):
                assert set(statuses) == {200} and len(table.acked) == before + 1, (table.id, statuses)


@contextmanager
def playing(
    url: str, log: Path, tables: int = 4, env: dict[str, str] | None = None
) -> Iterator[tuple[LoggedServer, Players]]:
    """A real server on ``url`` (with ``env``) with people playing on it (20 moves acknowledged
    already); the server is killed at the end."""
    server = LoggedServer(free_port(), url, log, env).start()
    players = Players(server.url, tables=tables)
    try:
        players.start()
        until(lambda: players.acknowledged() >= 20, 30, "20 moves acknowledged")
        yield server, players
    finally:
        players.stop()
        server.kill()


def restart_and_check(server: LoggedServer, url: str, players: Players) -> int:
    """SIGKILL the server, start it again and check every invariant: how many acknowledged actions
    were checked. No request may have had a 5xx but 503, and the log no error."""
    check_shown_is_stored(server.url, url, players)
    server.kill()
    server.start()
    checked = check_nothing_lost(url, players)
    check_shown_is_stored(server.url, url, players)
    check_serves(server.url, players)
    assert server.errors() == []
    assert not {s for s in players.statuses if s >= 500} - {503}, players.statuses
    return checked


@contextmanager
def size_limited_disk(where: Path, size: str = "32m") -> Iterator[Path]:
    """A real, size-limited filesystem (tmpfs) mounted at ``where``, unmounted at the end (needs root)."""
    where.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], check=True)
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> Path:
    """Fill the filesystem to its last byte with one file (remove the file to free the space)."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 20, 4096, 1):
            while True:
                try:
                    os.write(fd, b"\0" * size)
                except OSError:
                    break
    finally:
        os.close(fd)
    return filler
