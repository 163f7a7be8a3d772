"""Which server code a benchmark measures, and in what order: this checkout's, another checkout's,
or a git revision's (checked out in a temporary detached worktree, removed afterwards, also after
Ctrl-C, SIGTERM or an error). With ``--baseline`` the benchmark measures two: the baseline as
"before" and the code as "after", alternating round by round under the same load and seeds.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Tree:
    """One server's code: its ``label`` in the report, its ``src`` directory, and which commit it
    is (``revision``, with a note when the checkout's ``src`` has uncommitted changes)."""

    label: str
    src: Path
    revision: str


def add_code_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--baseline", metavar="REV|PATH", default=None,
        help="also measure this code as 'before' (a git revision, checked out in a temporary worktree, or "
        "the path of another checkout), alternating with the measured code round by round",
    )  # fmt: skip
    parser.add_argument(
        "--code", metavar="REV|PATH", default=None,
        help="the server code measured ('after' with --baseline): a git revision or a checkout's path "
        "(default: this checkout, as it is on disk)",
    )  # fmt: skip
    parser.add_argument(
        "--rounds", type=int, default=None,
        help="how many times each code is measured (default 3 with --baseline, otherwise 1); round r "
        "plays with seed --seed + r, the same for both codes",
    )  # fmt: skip


def rounds_of(args: argparse.Namespace) -> int:
    rounds: int = args.rounds if args.rounds is not None else (3 if args.baseline else 1)
    if not 1 <= rounds <= 50:
        raise SystemExit("--rounds is 1 to 50")
    return rounds


def schedule(trees: list[Tree], rounds: int) -> Iterator[tuple[int, Tree]]:
    """(round, tree) in the order to measure them: every round measures each tree once, and the
    order alternates (before, after, after, before, ...) so a trend in the machine's load falls
    on both alike."""
    for r in range(rounds):
        for tree in trees if r % 2 == 0 else trees[::-1]:
            yield r, tree


def round_args(args: argparse.Namespace, r: int) -> argparse.Namespace:
    """The options for round ``r``: the same as given, with the seed moved on by ``r``."""
    return argparse.Namespace(**{**vars(args), "seed": args.seed + r})


@contextlib.contextmanager
def code_trees(baseline: str | None, code: str | None) -> Iterator[list[Tree]]:
    """The trees to measure: ``[before, after]`` with a baseline, otherwise ``[this]``."""
    previous = signal.signal(signal.SIGTERM, _exit_on_term)  # so the worktrees are removed
    try:
        with contextlib.ExitStack() as stack:
            after = stack.enter_context(_tree("after" if baseline else "this", code))
            if baseline is None:
                yield [after]
            else:
                yield [stack.enter_context(_tree("before", baseline)), after]
    finally:
        signal.signal(signal.SIGTERM, previous)


def describe(trees: list[Tree]) -> None:
    for tree in trees:
        print(f"code {tree.label:6s} {tree.revision}   (server imports cardroom from {tree.src}/cardroom)")


def _exit_on_term(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)


def _git(*args: str, where: Path = ROOT) -> str:
    done = subprocess.run(["git", "-C", str(where), *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.strip()


@contextlib.contextmanager
def _tree(label: str, spec: str | None) -> Iterator[Tree]:
    checkout = ROOT if spec is None else Path(spec).expanduser()
    if checkout.is_dir():
        if not (checkout / "src" / "cardroom" / "__init__.py").exists():
            raise SystemExit(f"{checkout} is not a checkout of cardroom (it has no src/cardroom)")
        commit = _git("rev-parse", "--short", "HEAD", where=checkout)
        changed = _git("status", "--porcelain", "--", "src", where=checkout)
        note = " with uncommitted changes in src" if changed else ""
        yield Tree(label, (checkout / "src").resolve(), f"{commit}{note} (checkout {checkout.resolve()})")
        return
    found = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    if found.returncode != 0:
        raise SystemExit(f"{spec!r} is neither a checkout's directory nor a git revision of {ROOT}")
    commit = found.stdout.strip()
    where = Path(tempfile.mkdtemp(prefix="cardroom-rev-")) / "tree"
    _git("worktree", "add", "--detach", str(where), commit)
    try:
        yield Tree(label, (where / "src").resolve(), f"{commit[:9]} (revision {spec}, a temporary worktree)")
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(where)], capture_output=True)
        shutil.rmtree(where.parent, ignore_errors=True)
        subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], capture_output=True)
