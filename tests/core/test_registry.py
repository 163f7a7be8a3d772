"""The front door: make(), GAMES, register()."""

from __future__ import annotations

import re

import pytest

import cardroom
from cardroom.core.errors import InvalidOptions
from cardroom.core.registry import _REGISTERED


def test_builtin_games_are_listed() -> None:
    assert "tacocat" in cardroom.GAMES


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(InvalidOptions) as info:
        cardroom.make("chess")
    assert "no game named 'chess'" in str(info.value)
    assert "tacocat" in str(info.value)


def test_a_registered_game_joins_every_listing() -> None:
    tacocat = cardroom.make("tacocat").__class__
    cardroom.register("tacocat-copy", tacocat)
    try:
        assert "tacocat-copy" in cardroom.GAMES
        assert cardroom.make("tacocat-copy").players == 2
    finally:
        del _REGISTERED["tacocat-copy"]
    assert "tacocat-copy" not in cardroom.GAMES


def test_import_is_light() -> None:
    import subprocess
    import sys

    code = "import cardroom, sys; print(sorted(m for m in ('typer','rich','fastapi','numpy','sqlalchemy') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_game_named_in_the_environment_joins_every_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(
        "CARDROOM_GAMES", "copycat=cardroom.games.tacocat:TacocatGame, other=cardroom.games.taco:TacoGame"
    )
    names = cardroom.core.game_names()
    assert names[:4] == ("tacocat", "exploding-kittens", "taco", "pips")  # built-ins first, then these
    assert names[4:6] == ("copycat", "other")
    assert cardroom.make("copycat").players == 2
    assert cardroom.make("other", players=3).players == 3
    monkeypatch.setenv("CARDROOM_GAMES", "copycat=cardroom.games.tacocat")
    with pytest.raises(InvalidOptions, match=re.escape("'copycat=cardroom.games.tacocat' is not name=module:Class")):
        cardroom.core.game_names()
    monkeypatch.delenv("CARDROOM_GAMES")
    assert "copycat" not in cardroom.core.game_names()
