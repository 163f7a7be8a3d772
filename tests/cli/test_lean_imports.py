"""Every command imports only what it needs, and `make run` installs what the room uses.

The everyday commands (`--help`, `games`, `rules`, `play`, `serve --help`, `backup`) and the room's
start run with numpy, Numba and matplotlib made unimportable (a ``sitecustomize`` on ``PYTHONPATH``
whose import finder refuses them and writes down every attempt): each must succeed without even
trying to import them. A command that does need one (the balance lab: numpy) says which extra to
install. And the extras `make run` installs must hold every distribution the room's own code imports
with a ``hard`` bot seated (``tests/cli/room_imports.py``): `make run` once installed the server
alone, and every `cardroom` command failed on numpy.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import time
import tomllib
from importlib import metadata
from pathlib import Path

import httpx
import pytest
from packaging.requirements import Requirement

from cardroom.cli.extras import extra_for, missing_extra_message
from tests.server.process import free_port

ROOT = Path(__file__).resolve().parents[2]
BLOCKED = ("numpy", "numba", "matplotlib")
BLOCKER = f'''
import os, sys

BLOCKED = {BLOCKED!r}


class Refuse:
    """Refuses the blocked packages as if they were not installed, noting each attempt."""

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            with open(os.environ["IMPORT_ATTEMPTS"], "a") as log:
                log.write(name + "\\n")
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None


sys.meta_path.insert(0, Refuse())
'''


def _without_extras(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """An environment whose Python cannot import the blocked packages, and the file of attempts."""
    folder = tmp_path / "blocker"
    folder.mkdir(exist_ok=True)
    (folder / "sitecustomize.py").write_text(BLOCKER)
    attempts = tmp_path / "attempts.txt"
    attempts.write_text("")
    env = {
        **os.environ,
        "PYTHONPATH": f"{folder}{os.pathsep}{ROOT}",
        "IMPORT_ATTEMPTS": str(attempts),
        "NO_COLOR": "1",
        "COLUMNS": "200",
    }
    return env, attempts


def _cardroom(args: list[str], env: dict[str, str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardroom.cli.main", *args],
        input=stdin,
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _fresh_database(tmp_path: Path) -> Path:
    path = tmp_path / "room.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE things (name TEXT)")
        db.execute("INSERT INTO things VALUES ('a card')")
    return path


COMMANDS = {
    "help": (["--help"], "", "Commands"),
    "games": (["games"], "", "exploding-kittens"),
    "rules": (["rules", "tacocat"], "", "Tacocat"),
    "serve --help": (["serve", "--help"], "", "--port"),
    # Six moves of ours against the heuristic bot (choice 1 each time), then we leave the table.
    "play": (["play", "tacocat", "--vs", "heuristic", "--seed", "3"], "1\n" * 6 + "quit\n", "Left the table"),
    "backup": (["backup", "copy.sqlite3", "--database", "sqlite:///room.sqlite3"], "", "backed up"),
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_an_everyday_command_needs_no_numpy_numba_or_matplotlib(tmp_path: Path, command: str) -> None:
    args, stdin, expected = COMMANDS[command]
    env, attempts = _without_extras(tmp_path)
    _fresh_database(tmp_path)
    done = _cardroom(args, env, tmp_path, stdin)
    assert done.returncode == 0, done.stdout + done.stderr
    assert expected in done.stdout
    assert attempts.read_text() == "", f"{command} tried to import: {attempts.read_text().split()}"
    if command == "play":
        assert done.stdout.count("your move>") >= 6  # it really played, then left
    if command == "backup":
        with sqlite3.connect(tmp_path / "copy.sqlite3") as copy:
            assert copy.execute("SELECT name FROM things").fetchall() == [("a card",)]


def test_the_room_starts_and_answers_its_health_check_without_them(tmp_path: Path) -> None:
    env, attempts = _without_extras(tmp_path)
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardroom.cli.main",
            "serve",
            "--port",
            str(port),
            "--database",
            f"sqlite:///{tmp_path / 'room.sqlite3'}",
        ],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        health = None
        while health is None and time.monotonic() < deadline and server.poll() is None:
            try:
                health = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
            except httpx.HTTPError:
                time.sleep(0.1)
        assert health is not None, (
            f"the room never answered; it said: {server.stdout.read() if server.poll() is not None and server.stdout else ''}"
        )
        assert health.status_code == 200 and health.json()["status"] == "ok"
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=5).status_code == 200  # the lobby page
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=30)
    assert "Traceback" not in out, out
    assert attempts.read_text() == "", f"the room's start tried to import: {attempts.read_text().split()}"


def test_training_without_numpy_names_the_extra_to_install(tmp_path: Path) -> None:
    env, attempts = _without_extras(tmp_path)
    done = _cardroom(["learn", "train", "--game", "tacocat", "--games", "4", "--out", str(tmp_path / "w.json")],
                     env, tmp_path)  # fmt: skip
    out = done.stdout + done.stderr
    assert done.returncode == 2, out
    assert "cardroom learn needs the [fast] extra (numpy is not installed): pip install 'cardroom[fast]'" in out
    assert "Traceback" not in out and "numpy" in attempts.read_text()


def test_the_balance_lab_without_numpy_plays_on_the_reference_engine(tmp_path: Path) -> None:
    """The lab's compiled steps live with the game (its kit's lab details), so without numpy it finds no
    kernel and plays the reference engine, as it does for a game without one."""
    env, _ = _without_extras(tmp_path)
    done = _cardroom(["balance", "tacocat", "--games", "4"], env, tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert "Seat advantage" in out and "Traceback" not in out


def test_an_arena_asked_for_plots_without_matplotlib_stops_before_playing(tmp_path: Path) -> None:
    env, attempts = _without_extras(tmp_path)
    done = _cardroom(
        ["arena", "tacocat", "--bots", "random", "heuristic", "--games", "2", "--out", str(tmp_path / "out")],
        env,
        tmp_path,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 2, out
    assert "cardroom arena needs the [arena] extra (matplotlib is not installed)" in out
    assert "Traceback" not in out and "matplotlib" in attempts.read_text()
    assert "games/s" not in out and not (tmp_path / "out").exists()  # no game played, nothing written


# -- what `make run` installs ----------------------------------------------------------------------


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def room_extras() -> list[str]:
    """The extras the Makefile's `run` target installs: its prerequisite's `pip install -e ".[...]"`."""
    makefile = (ROOT / "Makefile").read_text()
    variables = dict(re.findall(r"^(\w+)\s*:?=\s*(.*?)\s*$", makefile, re.M))
    stamp = re.search(r"^run:\s*(\S+)", makefile, re.M)
    assert stamp, "the Makefile has no run target"
    rule = re.search(rf"^{re.escape(stamp.group(1))}:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert rule, f"no rule makes {stamp.group(1)}"
    asked = re.search(r'pip install .*-e "\.\[([^\]]+)\]"', rule.group(1))
    assert asked, f"the rule for {stamp.group(1)} installs no extras:\n{rule.group(1)}"
    text = re.sub(r"\$\((\w+)\)", lambda m: variables[m.group(1)], asked.group(1))
    return [extra.strip() for extra in text.split(",")]


def installed_with(requirements: list[str]) -> set[str]:
    """Every distribution installing ``requirements`` brings (their dependencies too, extras and
    markers followed), by the metadata of what is installed here."""
    found: set[str] = set()
    todo = [Requirement(text) for text in requirements]
    while todo:
        requirement = todo.pop()
        name = _normal(requirement.name)
        if name in found:
            continue
        found.add(name)
        for text in metadata.requires(requirement.name) or []:
            needed = Requirement(text)
            extras = requirement.extras or {""}
            if needed.marker is None or any(needed.marker.evaluate({"extra": e}) for e in extras):
                todo.append(needed)
    return found


def test_make_run_installs_every_distribution_the_room_imports_with_a_hard_bot(tmp_path: Path) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = room_extras()
    unknown = [e for e in extras if e not in project["optional-dependencies"]]
    assert not unknown, f"make run installs extras pyproject.toml does not have: {unknown}"
    requirements = project["dependencies"] + [r for e in extras for r in project["optional-dependencies"][e]]
    installed = installed_with(requirements)

    env = {**os.environ, "PYTHONPATH": str(ROOT), "NUMBA_DISABLE_JIT": "1", "CARDROOM_WARM_KERNELS": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "tests.cli.room_imports", f"sqlite:///{tmp_path / 'room.sqlite3'}"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    census = json.loads(done.stdout.splitlines()[-1])
    imported = {_normal(d) for d in census["distributions"]}
    assert census["hint"] and {"numba", "numpy", "fastapi"} <= imported, census  # the kernels were used
    missing = sorted(imported - installed)
    assert not missing, f"the room imports {missing}, which `make run` (extras {extras}) does not install"


def test_a_missing_module_is_named_with_the_lightest_extra_that_installs_it() -> None:
    assert extra_for("numpy") == "fast"  # in `fast` (2 packages) and in `rl` (5): the lighter one
    assert extra_for("numba.core") == "fast" and extra_for("matplotlib.pyplot") == "arena"
    assert extra_for("ray") == "ray" and extra_for("no_such_module") is None and extra_for(None) is None
    assert missing_extra_message("arena", "matplotlib") == (
        "cardroom arena needs the [arena] extra (matplotlib is not installed): pip install 'cardroom[arena]'"
    )
    assert missing_extra_message("play", "no_such_module") is None  # a bug, not an extra: its traceback shows
