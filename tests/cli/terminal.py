"""Drive the real `cardroom` command through a pseudo-terminal, as a person at a keyboard would."""

from __future__ import annotations

import codecs
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
CARDROOM = [sys.executable, "-m", "cardroom.cli.main"]


class Terminal:
    """A `cardroom ...` process attached to a pty; ``expect`` waits for text, ``send`` types a line."""

    def __init__(
        self,
        args: list[str],
        cwd: Path,
        timeout: float = 30.0,
        columns: int = 120,
        lines: int = 60,
        language: str = "en",
    ) -> None:
        self.timeout = timeout
        master, slave = pty.openpty()
        env = {**os.environ, "NO_COLOR": "1", "COLUMNS": str(columns), "LINES": str(lines), "TERM": "xterm"}
        # The table speaks the terminal's language (LANGUAGE first, then LC_ALL, LC_MESSAGES, LANG): the
        # tests read English unless they ask for another, whatever the machine they run on is set to.
        env["LANGUAGE"] = language
        # Ctrl-C must reach the program as at a terminal. A suite started in the background by a
        # script (`nohup`, `cmd &` without job control) runs with SIGINT ignored, an ignored signal
        # stays ignored across exec, and Python then never installs its handler: the Ctrl-C tests
        # failed every time there. So the child starts with SIGINT at its default.
        inherited = signal.getsignal(signal.SIGINT)
        if inherited == signal.SIG_IGN:
            signal.signal(signal.SIGINT, signal.SIG_DFL)
        try:
            self.proc = subprocess.Popen(
                CARDROOM + args, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env, close_fds=True
            )
        finally:
            if inherited == signal.SIG_IGN:
                signal.signal(signal.SIGINT, signal.SIG_IGN)
        os.close(slave)
        self.fd = master
        self.buffer = ""  # everything read so far, escape codes removed
        self.cursor = 0  # where the next expect starts looking
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def _read(self, wait: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return False
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            return False
        if not chunk:
            return False
        # Incremental: a character split across two reads is decoded whole, not as two replacements.
        self.buffer += ANSI.sub("", self._decoder.decode(chunk))
        return True

    def expect(self, pattern: str) -> re.Match[str]:
        """The first match of ``pattern`` after the previous one; fails with the screen on timeout."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + self.timeout
        while True:
            found = regex.search(self.buffer, self.cursor)
            if found:
                self.cursor = found.end()
                return found
            if time.monotonic() > deadline or (not self._read(0.2) and self.proc.poll() is not None):
                # Drain what is left before giving up.
                while self._read(0.05):
                    pass
                found = regex.search(self.buffer, self.cursor)
                if found:
                    self.cursor = found.end()
                    return found
                raise AssertionError(f"never saw {pattern!r}; the screen ends with:\n{self.buffer[-3000:]}")

    def send(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    def wait(self) -> int:
        while self._read(0.1):
            pass
        try:
            return self.proc.wait(timeout=self.timeout)
        finally:
            os.close(self.fd)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
