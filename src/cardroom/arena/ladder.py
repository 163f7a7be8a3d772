"""The bot ladder: every bot people can meet, per game, against one yardstick, each row stamped.

A row is one bot alone against the game's yardstick (the heuristic) on duplicate deals at the game's
default table (docs/ladder.md). It keeps its stamp: the behavioural fingerprints of the bot and of the
yardstick (:mod:`cardroom.arena.fingerprint`), the commit it was played at, its budget, games, seed
block and date. A row is shown only while both fingerprints are today's: :func:`check` splits rows into
fresh and stale, and says of a stale one what changed and how to play it again.

What "today's" is depends on who asks. The maintainers' check (``--print``) computes it (a few seconds,
:func:`today`). The room and the docs' table compute nothing: they read ``fingerprints.toml``, the
fingerprints of every ladder bot and of the yardstick that the ladder command writes (:func:`todays_stamps`), and
a test of the suite keeps that file equal to what the code computes, so a change of a bot's play cannot
land with the old file.

The rows live in ``ladder.toml`` beside this module: a small file of summaries (no game records),
shipped in the package so that an installed room reads it; the deals behind each row stay with the
other result data (``bench/results/ladder``). Both files are TOML because the package ships ``*.toml``
data; :func:`dumps` and :func:`dump_stamps` write the flat tables they need.
"""

from __future__ import annotations

import functools
import json
import os
import tomllib
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from importlib import resources
from pathlib import Path

from cardroom.bots.specs import DIFFICULTY, parse_spec, resolve_spec
from cardroom.core.game import Game
from cardroom.core.registry import game_names, kit, make

#: The bot every row is measured against: the game's own heuristic, in the middle of the ladder.
YARDSTICK = "heuristic"
#: The bots on the ladder, weakest first: those the lobby's difficulty words and bot list offer, but
#: ``ismcts-ref`` (the same search as ``ismcts`` on the reference engine, kept to check the kernel; its
#: fingerprint alone takes 20 s in T.A.C.O.), ``openspiel-ismcts`` (the ``rl`` extra's, which a room
#: need not have) and the oracle (it cheats).
BOTS = ("random", "ismcts", "expert")
#: What regenerates the ladder (printed beside every stale row; run from the repository's root).
COMMAND = "nice -n 19 python bench/bots/ladder.py"
#: What refreshes the fingerprints file alone (seconds; plays nothing).
STAMP_COMMAND = "python bench/bots/ladder.py --stamp"
SHIPPED = "ladder.toml"
STAMPS = "fingerprints.toml"  # today's fingerprints, beside it
LADDER_FILE = "CARDROOM_LADDER"  # the environment variable naming another ladder file
#: Today's fingerprints by game, then by bot (a spec without its budget: "ismcts", "heuristic").
Stamps = dict[str, dict[str, str]]


@dataclass(frozen=True)
class Row:
    """One bot's measured share against the yardstick, and the stamp of what played it."""

    game: str
    players: int
    bot: str  # the spec played, budget included ("ismcts:ms=50")
    yardstick: str
    win_rate: float
    low: float  # Wilson 95% interval
    high: float
    games: int
    fingerprint: str  # the bot's, when played
    yardstick_fingerprint: str
    commit: str
    budget: str  # "ms=50 (cpu clock)" or "iterations=400"
    seed: int
    date: str
    mean_ms: float  # the bot's mean time a decision

    @property
    def name(self) -> str:
        return parse_spec(self.bot)[0]

    @property
    def fair_share(self) -> float:
        return 1.0 / self.players


@dataclass(frozen=True)
class Stale:
    """A row refused, and why."""

    row: Row
    why: str


def ladder_games() -> list[str]:
    """The games people are offered, in the registry's order."""
    return [name for name in game_names() if kit(name).listed]


def difficulty(bot: str) -> str | None:
    """The lobby's difficulty word that seats this bot (its first), if one does."""
    name = parse_spec(bot)[0]
    return next((word for word in DIFFICULTY if parse_spec(resolve_spec(word))[0] == name), None)


def package_file(name: str) -> Path:
    return Path(str(resources.files(__package__ or "cardroom.arena").joinpath(name)))


def shipped_path() -> Path:
    """The ladder file: the package's, unless ``$CARDROOM_LADDER`` names another (a test's, or a room
    showing a ladder played on a bigger machine before it is shipped)."""
    named = os.environ.get(LADDER_FILE, "").strip()
    return Path(named) if named else package_file(SHIPPED)


def stamps_path() -> Path:
    """The fingerprints file the package ships: the code's own, whichever ladder file is shown (a
    ladder played elsewhere is judged by the bots this code plays)."""
    return package_file(STAMPS)


def load(path: Path | None = None) -> list[Row]:
    """The rows of the ladder file (the shipped one unless ``path``); none if it is missing."""
    where = path or shipped_path()
    if not where.exists():
        return []
    data = tomllib.loads(where.read_text(encoding="utf-8"))
    names = {f.name for f in fields(Row)}
    return [Row(**{k: v for k, v in row.items() if k in names}) for row in data.get("row", [])]


def dumps(rows: list[Row]) -> str:
    """The ladder file's text: one ``[[row]]`` table a row (strings written as JSON writes them, which
    TOML's basic strings read alike)."""
    out = ["# The bot ladder (docs/ladder.md). Written by bench/bots/ladder.py; do not edit by hand.", ""]
    for row in rows:
        out.append("[[row]]")
        out += [f"{key} = {json.dumps(value)}" for key, value in asdict(row).items()]
        out.append("")
    return "\n".join(out)


def load_stamps(path: Path | None = None) -> Stamps:
    """The fingerprints file's tables (the shipped one unless ``path``); none if it is missing."""
    where = path or stamps_path()
    if not where.exists():
        return {}
    data = tomllib.loads(where.read_text(encoding="utf-8"))
    return {game: {bot: str(value) for bot, value in table.items()} for game, table in data.items()}


def dump_stamps(table: Stamps) -> str:
    """The fingerprints file's text: a table a game, a line a bot."""
    out = [
        "# Today's behavioural fingerprints of the ladder's bots (docs/ladder.md), as the code computes them.",
        f"# Written by bench/bots/ladder.py (`{STAMP_COMMAND}` alone); do not edit by hand.",
    ]
    for game, bots in table.items():
        out += [
            "",
            f"[{json.dumps(game)}]",
            *(f"{json.dumps(bot)} = {json.dumps(value)}" for bot, value in bots.items()),
        ]
    return "\n".join(out) + "\n"


def todays_stamps(games: list[str] | None = None) -> Stamps:
    """Today's fingerprints of every ladder bot and of the yardstick, computed (seconds)."""
    return {game: {bot: today(game, bot) for bot in (*BOTS, YARDSTICK)} for game in games or ladder_games()}


@functools.cache
def room_rows() -> list[Row]:
    """The rows the room shows, read once a process."""
    return load()


@functools.cache
def shipped_stamps() -> Stamps:
    """The shipped fingerprints, read once a process."""
    return load_stamps()


def bare(spec: str) -> str:
    """A spec without its budget: the bot a fingerprint is of ("ismcts:ms=20" is "ismcts")."""
    name, params = parse_spec(spec)
    rest = {k: v for k, v in params.items() if k not in ("ms", "iterations")}
    return f"{name}:" + ",".join(f"{k}={v}" for k, v in rest.items()) if rest else name


def merged(rows: list[Row], new: Row) -> list[Row]:
    """``rows`` with ``new`` in place of the row of the same game and bot (or added), in ladder order."""
    kept = [r for r in rows if (r.game, r.name) != (new.game, new.name)]
    order = {name: i for i, name in enumerate(ladder_games())}
    return sorted([*kept, new], key=lambda r: (order.get(r.game, len(order)), r.game, rank(r.name)))


def rank(bot: str) -> int:
    return BOTS.index(bot) if bot in BOTS else len(BOTS)


def table_game(name: str) -> Game:
    """The table a game's ladder is played at: its default preset and seat count."""
    return make(name)


def today(game: str, spec: str) -> str:
    """The fingerprint of ``spec`` in ``game`` as the code here plays it (computed once a process)."""
    from cardroom.arena.fingerprint import fixed_spec

    return computed(game, fixed_spec(spec))


@functools.cache
def computed(game: str, spec: str) -> str:
    from cardroom.arena.fingerprint import fingerprint  # the bots and their kernels: not for the room

    return fingerprint(table_game(game), spec)


def from_stamps(table: Stamps) -> Callable[[str, str], str | None]:
    """Today's fingerprint as ``table`` records it (None for a bot it does not list)."""
    return lambda game, spec: table.get(game, {}).get(bare(spec))


def check(rows: list[Row], now_of: Callable[[str, str], str | None] = today) -> tuple[list[Row], list[Stale]]:
    """The rows whose bot and yardstick play as they did (fresh), and the others with why. Today's
    fingerprints are computed unless ``now_of`` reads them (:func:`from_stamps`)."""
    fresh: list[Row] = []
    stale: list[Stale] = []
    for row in rows:
        if row.game not in game_names():
            stale.append(Stale(row, f"{row.game} is not a game here"))
            continue
        changed = [
            f"{spec} plays differently now (fingerprint {then}, today {now})"
            if now
            else f"{spec} has no fingerprint in {STAMPS} (a bot the ladder does not list)"
            for spec, then in ((row.bot, row.fingerprint), (row.yardstick, row.yardstick_fingerprint))
            if (now := now_of(row.game, spec)) != then
        ]
        if changed:
            regenerate = f"{COMMAND} --game {row.game} --bot {row.name}"
            stale.append(Stale(row, "; ".join(changed) + f"; regenerate it with: {regenerate}"))
        else:
            fresh.append(row)
    return fresh, stale
