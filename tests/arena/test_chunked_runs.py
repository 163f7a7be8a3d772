"""bench/bots/_chunks.py: a run cut into pieces plays exactly the games of a run played whole."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from rich.console import Console

import cardroom
from cardroom.arena import ArenaConfig, run_arena

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "bots"))
from _chunks import PACKAGE_ROOT, code_fingerprint, run_chunked, value_fingerprint  # bench/ is not a package


def test_a_run_in_chunks_plays_the_games_of_a_whole_run(tmp_path: Path) -> None:
    # A search with a fixed iteration budget: repeatable, and slow enough that a deal outlasts 60 ms.
    bots = ("heuristic", "ismcts-ref:iterations=4")
    config = ArenaConfig(game="tacocat", bots=bots, games=4, seed=5, jobs=1, challenger=True)
    path = tmp_path / "run.jsonl"
    quiet = Console(file=open(tmp_path / "log.txt", "w"))  # noqa: SIM115
    first, progress = run_chunked(config, path, 0.0, quiet)  # no time: nothing is played
    assert progress["deals_done"] == 0 and first.records == []
    piece, progress = run_chunked(config, path, 0.001, quiet)  # time for one deal to start
    assert progress["deals_done"] == 1 and len(piece.records) == 2
    whole_again, progress = run_chunked(config, path, None, quiet)  # continues to the end
    assert progress["deals_done"] == progress["deals"] == 2
    whole = run_arena(config)
    assert [r.outcome_key() for r in whole_again.records] == [r.outcome_key() for r in whole.records]
    assert whole_again.summary["matchups"] == whole.summary["matchups"]
    # Every deal is in the file once, after its header.
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["config"] == config.to_json() and len(lines) == 3


def test_a_file_of_another_run_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    quiet = Console(file=open(tmp_path / "log.txt", "w"))  # noqa: SIM115
    run_chunked(ArenaConfig(game="tacocat", bots=("random", "heuristic"), games=2, seed=1), path, 0.0, quiet)
    other = ArenaConfig(game="tacocat", bots=("random", "heuristic"), games=2, seed=2)
    try:
        run_chunked(other, path, 0.0, quiet)
    except SystemExit as exc:
        assert "another run" in str(exc)
    else:
        raise AssertionError("a file of another run was continued")


def _refusal_to_continue(config: ArenaConfig, path: Path, console: Console) -> str:
    """What a sitting that would play the rest of ``path`` is told; it must be refused."""
    with pytest.raises(SystemExit) as refused:
        run_chunked(config, path, None, console)
    return str(refused.value)


def test_a_file_played_by_other_bots_under_the_same_specs_is_refused(tmp_path: Path) -> None:
    """A spec's defaults may change between sittings (the expert's cut did); the file keeps the names of
    the bots it was played by, and a later sitting whose specs make other bots does not continue it."""
    path = tmp_path / "run.jsonl"
    quiet = Console(file=open(tmp_path / "log.txt", "w"))  # noqa: SIM115
    config = ArenaConfig(game="tacocat", bots=("random", "ismcts:iterations=8"), games=2, seed=1)
    run_chunked(config, path, 0.0, quiet)
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["bots_made"] == ["random", "ismcts:iterations=8"]
    run_chunked(config, path, 0.0, quiet)  # the same bots: continued
    header["bots_made"] = ["random", "ismcts:iterations=8,cut=8"]  # as if the search's default had changed
    path.write_text(json.dumps(header) + "\n", encoding="utf-8")
    _, progress = run_chunked(config, path, 0.0, quiet)  # reading it, playing nothing, is allowed
    assert progress["deals_done"] == 0 and len(path.read_text(encoding="utf-8").splitlines()) == 1
    refusal = _refusal_to_continue(config, path, quiet)
    assert "ismcts:iterations=8,cut=8" in refusal and "the bots changed" in refusal


def _restamped_refusal(tmp_path: Path, key: str, stamp: str, other: str) -> str:
    """Start a file, check its header keeps ``stamp`` under ``key`` and that the same sources continue it;
    then give the header ``other`` there and return what a sitting that would play the rest is told
    (reading it, playing nothing, must still be allowed)."""
    path = tmp_path / "run.jsonl"
    quiet = Console(file=open(tmp_path / "log.txt", "w"))  # noqa: SIM115
    config = ArenaConfig(game="tacocat", bots=("random", "heuristic"), games=2, seed=1)
    run_chunked(config, path, 0.0, quiet)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header[key] == stamp and len(header[key]) == 16
    run_chunked(config, path, 0.0, quiet)  # the same stamp: continued
    header[key] = other
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    _, progress = run_chunked(config, path, 0.0, quiet)
    assert progress["deals_done"] == 0
    return _refusal_to_continue(config, path, quiet)


def test_a_file_played_with_another_learned_value_is_refused(tmp_path: Path) -> None:
    """Retrained weights change the expert without changing its name; the file keeps a fingerprint of
    the game's shipped weights, and a sitting with other weights does not continue it."""
    refusal = _restamped_refusal(tmp_path, "value", value_fingerprint("tacocat"), "0123456789abcdef")
    assert "0123456789abcdef" in refusal and "the value was retrained" in refusal


def test_a_file_played_with_other_play_code_is_refused(tmp_path: Path) -> None:
    """A kernel, an evidence reader or a search that reads the others' play another way changes the
    expert without changing its name; the file keeps a fingerprint of the sources the game's play goes
    through, and a sitting with other sources does not continue it."""
    tacocat = code_fingerprint(cardroom.make("tacocat"))
    assert tacocat != code_fingerprint(cardroom.make("exploding-kittens"))  # each game its own package
    refusal = _restamped_refusal(tmp_path, "code", tacocat, "fedcba9876543210")
    assert "fedcba9876543210" in refusal and "the code the bots play by changed" in refusal


def test_the_code_fingerprint_follows_the_play_sources_only(tmp_path: Path) -> None:
    """In a copy of the package: an edit to the game's evidence reader, its measured rates of choices,
    a bot or the arena changes the fingerprint; an edit to the server, to another game, to the analysis
    or to the game's rules text does not."""
    root = tmp_path / "cardroom"
    shutil.copytree(PACKAGE_ROOT, root, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "web"))
    game = cardroom.make("tacocat")
    first = code_fingerprint(game, root)
    assert first == code_fingerprint(game, PACKAGE_ROOT)  # the same sources, wherever they lie
    for elsewhere in ("server/errors.py", "games/kittens/game.py", "analysis/labels.py", "games/tacocat/rules.md"):
        with (root / elsewhere).open("a", encoding="utf-8") as f:
            f.write("# an edit\n")
        assert code_fingerprint(game, root) == first, elsewhere
    seen = {first}
    for played_by in ("games/tacocat/evidence.py", "games/tacocat/choice_rates.json", "bots/fast_ismcts.py",
                      "arena/match.py"):  # fmt: skip
        with (root / played_by).open("a", encoding="utf-8") as f:
            f.write("# an edit\n")
        now = code_fingerprint(game, root)
        assert now not in seen, played_by
        seen.add(now)
