"""The room's rules page shows the bot ladder of its game: fresh rows only, in the page's language, at
once (a real server on a real port, reading a copy of the ladder file named by ``CARDROOM_LADDER``, whose
rows are stamped from the shipped fingerprints file, one of them edited to a bot that played otherwise)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import httpx
import pytest

from cardroom.arena.ladder import LADDER_FILE, dumps, ladder_games
from tests.arena.test_ladder import row, shipped
from tests.people.room import browser, running_room
from tests.server.process import ServerProcess

GERMAN = {"Accept-Language": "de"}
OTHER_BOT = "0123456789abcdef"  # a fingerprint no bot of today has


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("ladder")
    first, second = ladder_games()[:2]
    rows = [
        row(first, "random", 0.125, shipped),
        row(first, "ismcts", 0.625, shipped),  # a searching bot: shown without the room asking it anything
        dataclasses.replace(row(first, "expert", 0.875, shipped), fingerprint=OTHER_BOT),  # played by another bot
        dataclasses.replace(row(second, "random", 0.25, shipped), yardstick_fingerprint=OTHER_BOT),
    ]
    (tmp / "ladder.toml").write_text(dumps(rows), encoding="utf-8")
    with running_room(tmp, **{LADDER_FILE: str(tmp / "ladder.toml")}) as room:
        yield room


def rules(client: httpx.Client, game: str, headers: dict[str, str] | None = None) -> str:
    answer = client.get(f"/api/games/{game}/rules", headers=headers)
    assert answer.status_code == 200, answer.text
    markdown: str = answer.json()["markdown"]
    return markdown


def test_the_rules_page_shows_the_fresh_rows_of_its_game(server: ServerProcess) -> None:
    game = ladder_games()[0]
    with browser(server) as client:
        english = rules(client, game)  # the room's first answer: nothing to load or compute first
        german = rules(client, game, GERMAN)
    ladder = english.partition("## The bots' ladder")[2]
    assert ladder, english
    assert "| Bot (easy): `random` | 12.5% | 6.2% – 25.0% | 8 | answers at once |" in ladder
    assert "| Bot (hard): `ismcts` | 62.5% | 31.2% – 100.0% | 8 |" in ladder, ladder
    assert "87.5%" not in english and "expert" not in ladder  # the stale row is left out
    assert "a fair share is 50.0%" in ladder or "a fair share is 25.0%" in ladder
    ladder_de = german.partition("## Die Rangliste der Bots")[2]
    assert "| Bot (leicht): `random` | 12,5% | 6,2% – 25,0% | 8 | antwortet sofort |" in ladder_de, ladder_de
    assert "| Bot | Siegquote | 95-%-Intervall | Spiele | Bedenkzeit |" in ladder_de


def test_a_game_whose_rows_are_all_stale_says_its_ladder_is_being_regenerated(server: ServerProcess) -> None:
    game = ladder_games()[1]
    with browser(server) as client:
        english = rules(client, game)
        german = rules(client, game, GERMAN)
    assert english.endswith("## The bots' ladder\n\nThe ladder is being regenerated for today's bots.\n"), english
    assert "25.0%" not in english.partition("## The bots' ladder")[2]
    assert german.endswith("## Die Rangliste der Bots\n\nDie Rangliste wird für die heutigen Bots neu ausgespielt.\n")
