"""The bot ladder (docs/ladder.md): the behavioural fingerprint, the shipped fingerprints file kept equal
to the code's, a stale row refused, a fresh one printed, and the whole command playing a row into the
ladder file, the fingerprints file and the page."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from cardroom.arena.fingerprint import fingerprint
from cardroom.arena.ladder import (
    COMMAND,
    STAMP_COMMAND,
    STAMPS,
    YARDSTICK,
    Row,
    bare,
    dumps,
    ladder_games,
    load,
    load_stamps,
    stamps_path,
    table_game,
    today,
)

ROOT = Path(__file__).resolve().parents[2]
LADDER = ROOT / "bench" / "bots" / "ladder.py"


def shipped(game: str, spec: str) -> str:
    """The fingerprint of ``spec`` the shipped fingerprints file holds (what the room compares with)."""
    return load_stamps()[game][bare(spec)]


def row(game: str, bot: str, win_rate: float, now_of: Callable[[str, str], str] = today) -> Row:
    """A row stamped with today's fingerprints of ``bot`` and the yardstick (fresh), computed unless
    ``now_of`` reads them (:func:`shipped`)."""
    return Row(
        game=game, players=table_game(game).players, bot=bot, yardstick=YARDSTICK, win_rate=win_rate,
        low=win_rate / 2, high=min(1.0, 2 * win_rate), games=8, fingerprint=now_of(game, bot),
        yardstick_fingerprint=now_of(game, YARDSTICK), commit="abc", budget="ms=5 (cpu clock)", seed=0,
        date="2026-11-29", mean_ms=0.0,
    )  # fmt: skip


def test_the_fingerprint_repeats_and_moves_with_the_bot_s_play() -> None:
    game = table_game(ladder_games()[0])
    plain = fingerprint(game, "ismcts")
    assert fingerprint(game, "ismcts") == plain  # deterministic: fixed iterations, seeded positions
    assert fingerprint(game, "ismcts:ms=50") == plain  # the budget is not the bot: it is replaced by iterations
    assert fingerprint(game, "ismcts:c=3") != plain  # another exploration plays otherwise
    assert fingerprint(game, "random") != fingerprint(game, YARDSTICK)


def run_ladder(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(LADDER), *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )


def test_the_shipped_fingerprints_are_what_the_code_plays_today(tmp_path: Path) -> None:
    # In a fresh process, as a maintainer refreshes them (on the compiled kernels, as the room plays);
    # into copies, so the shipped files stay as they are.
    ladder, docs = tmp_path / "ladder.toml", tmp_path / "ladder.md"
    shutil.copy(ROOT / "src" / "cardroom" / "arena" / "ladder.toml", ladder)
    shutil.copy(ROOT / "docs" / "ladder.md", docs)
    written = tmp_path / STAMPS
    done = run_ladder("--stamp", "--ladder", str(ladder), "--fingerprints", str(written), "--docs", str(docs))
    assert done.returncode == 0, done.stdout + done.stderr
    now, kept = load_stamps(written), load_stamps(stamps_path())
    # The shipped file's games, not this process's registry: another test may have registered a toy here.
    assert set(now) == set(kept) and all(
        set(bots) == {"random", "ismcts", "expert", YARDSTICK} for bots in now.values()
    )
    changed = sorted(
        f"{game} {bot} (shipped {kept.get(game, {}).get(bot, 'none')}, today {value})"
        for game, bots in now.items()
        for bot, value in bots.items()
        if kept.get(game, {}).get(bot) != value
    )
    assert not changed and kept == now, (
        f"the shipped {STAMPS} is not what today's bots play: {'; '.join(changed) or 'other entries'}. A change of a "
        f"bot's play must ship its fingerprints: refresh them with `{STAMP_COMMAND}` and commit the file; the "
        "ladder rows played by a bot whose fingerprint changed are then refused (left out of the room's rules page "
        f"and of docs/ladder.md) until they are played again with `{COMMAND} --game GAME --bot BOT`."
    )
    assert ladder.read_text(encoding="utf-8") == (ROOT / "src" / "cardroom" / "arena" / "ladder.toml").read_text(
        encoding="utf-8"
    )  # --stamp plays nothing


def test_a_stale_row_is_refused_and_a_fresh_one_printed(tmp_path: Path) -> None:
    first, second = ladder_games()[:2]
    fresh = row(first, "random", 0.125)
    # The same bot, stamped by a bot that played otherwise: its figure must not be printed.
    stale = dataclasses.replace(row(second, "random", 0.375), fingerprint="0123456789abcdef")
    path = tmp_path / "ladder.toml"
    path.write_text(dumps([fresh, stale]), encoding="utf-8")
    assert load(path) == [fresh, stale]  # the file reads back as written

    done = run_ladder("--print", "--ladder", str(path))
    assert done.returncode == 1, done.stdout + done.stderr  # a stale row fails the check
    lines = done.stdout.splitlines()
    assert any(line.startswith(f"{first} (") and "random vs heuristic: 12.5% of 8 games" in line for line in lines)
    refused = [line for line in lines if line.startswith(f"REFUSED {second} random")]
    assert len(refused) == 1, done.stdout
    assert "0123456789abcdef" in refused[0] and f"--game {second} --bot random" in refused[0]
    assert "37.5%" not in done.stdout

    path.write_text(dumps([fresh]), encoding="utf-8")
    assert run_ladder("--print", "--ladder", str(path)).returncode == 0  # all fresh: the check passes


def test_the_command_plays_a_row_into_the_ladder_and_the_page(tmp_path: Path) -> None:
    game = ladder_games()[0]
    path, docs = tmp_path / "ladder.toml", tmp_path / "ladder.md"
    docs.write_text("# Ladder\n\nbefore\n<!-- ladder-table -->\nold\n<!-- /ladder-table -->\nafter\n", encoding="utf-8")
    args = ["--game", game, "--bot", "random", "--games", "4", "--results", str(tmp_path / "runs")]
    written = tmp_path / STAMPS
    done = run_ladder(*args, "--ladder", str(path), "--fingerprints", str(written), "--docs", str(docs))
    assert done.returncode == 0, done.stdout + done.stderr
    [played] = load(path)
    assert (played.game, played.bot, played.games) == (game, "random", 4)
    assert played.fingerprint == today(game, "random") and played.yardstick_fingerprint == today(game, YARDSTICK)
    stamps = load_stamps(written)  # every game's, the one played or not
    assert stamps[game]["random"] == played.fingerprint and set(stamps) == set(load_stamps(stamps_path()))
    assert 0.0 <= played.low <= played.win_rate <= played.high <= 1.0
    page = docs.read_text(encoding="utf-8")
    assert "old" not in page and page.startswith("# Ladder\n\nbefore\n") and page.endswith("after\n")
    assert f"| {game} | `random` |" in page and f"`{played.fingerprint}`" in page
    assert list((tmp_path / "runs").glob("*.stamp.json"))  # the run file's fingerprints, kept beside it
