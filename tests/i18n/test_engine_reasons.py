"""Why an action is refused, in German: every reason the engines give in seeded random games of each
game (and every text that is no action) is read by one of the catalogue's wordings and said in German
words of its own, seats and numbers kept; in English it stays exactly the engine's. Through the real
paths too: the room's 422 answer to an illegal move, and the terminal's prompt."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

import cardroom
from cardroom.core.errors import IllegalAction, InvalidAction
from cardroom.locale.reasons import known, reworded
from tests.cli.terminal import Terminal
from tests.server.process import ServerProcess, free_port

# Texts that are not actions, or actions no state allows, beside every game's legal actions.
ODD = ("", "xyzzy", "play", "discard 99", "keep 99", "attack 1 2 3", "defend 1", "favor 1", "pair nope 0")
# Words of the engines' English that may not be left in a German reason (the typed commands aside).
ENGLISH = re.compile(r"\b(you|hold|the|is|are|and|not|now|with|must|cards?|seats?|action)\b")
# What a person types stays as the game reads it: commands, notation, the list of an action's forms.
TYPED = re.compile(r"'[^']*'|\([a-z]+( [A-Z]+)*\)|<[^>]*>|möglich sind: .*|so geht es: .*|(keep|discard) \d+")


@functools.cache
def engine_reasons() -> frozenset[str]:
    """The reasons seeded random games of each game give for every other action tried at every few steps."""
    found: set[str] = set()
    for name, players in (("tacocat", 2), ("exploding-kittens", 2), ("exploding-kittens", 5), ("taco", 4)):
        game = cardroom.make(name) if name == "tacocat" else cardroom.make(name, players=players)
        tried = set(ODD)
        for seed in range(2):
            rng, state, step = random.Random(seed), game.new_game(seed), 0
            while not state.is_over and step < 300:
                legal = {s: [str(a) for a in state.legal_actions(s)] for s in range(game.players)}
                tried.update(*legal.values())
                for seat in range(game.players) if step % 9 == 0 else ():
                    for text in sorted(tried - set(legal[seat])):
                        try:
                            state.apply(seat, text)
                        except (IllegalAction, InvalidAction) as exc:
                            found.add(str(exc))
                seat = state.to_act[0]
                state, step = state.apply(seat, rng.choice(legal[seat])), step + 1
    return frozenset(found)


def test_every_reason_the_engines_give_is_read_and_said_in_german() -> None:
    reasons = engine_reasons()
    assert len(reasons) > 200
    assert sorted(r for r in reasons if not known(r)) == []
    assert all(reworded(r, "en") == r for r in reasons)
    german = {r: reworded(r, "de") for r in reasons}
    assert [r for r, words in german.items() if words == r] == []
    leftover = {r: words for r, words in german.items() if ENGLISH.search(TYPED.sub("", words))}
    assert leftover == {}


def test_card_names_seats_and_counts_in_a_german_reason() -> None:
    assert reworded("you hold no Favor; give one of the cards in your hand", "de") == (
        "du hast keine Karte „Wunsch“; gib eine der Karten auf deiner Hand"
    )
    assert reworded("a Nope window is open on P1's see-the-future: answer 'pass' or 'nope'", "de") == (
        "ein Nö!-Fenster ist offen für Blick in die Zukunft von P1: antworte mit 'pass' oder 'nope'"
    )
    one = reworded("you may replace at most 1 card, as many as WOW did; say 'done'", "de")
    two = reworded("you may replace at most 2 cards, as many as WOW did; say 'done'", "de")
    assert (one, two) == (
        "du darfst höchstens 1 Karte tauschen, so viele wie WOW; sag 'done'",
        "du darfst höchstens 2 Karten tauschen, so viele wie WOW; sag 'done'",
    )
    assert reworded("an engine's text no wording reads", "de") == "an engine's text no wording reads"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = f"sqlite:///{tmp_path_factory.mktemp('reasons') / 'cardroom.sqlite3'}"
    process = ServerProcess(free_port(), database).start()
    yield process
    process.stop()


def test_the_room_refuses_an_illegal_move_in_german(server: ServerProcess) -> None:
    made = httpx.post(
        server.url + "/api/tables",
        json={"game": "exploding-kittens", "seats": [{"kind": "me", "name": "Ada"}, {"kind": "bot", "bot": "random"}]},
    )
    assert made.status_code == 201, made.text
    table = made.json()
    url, auth = f"{server.url}/api/tables/{table['table_id']}", {"Authorization": f"Bearer {table['token']}"}
    step = httpx.get(f"{url}/view", headers=auth).json()["view"]["step"]
    move = {"step": step, "action": "favor 0"}  # Ada's own seat: nobody may target themselves
    german = httpx.post(f"{url}/actions", headers={**auth, "Accept-Language": "de-DE,de;q=0.9"}, json=move)
    english = httpx.post(f"{url}/actions", headers=auth, json=move)
    assert (german.status_code, english.status_code) == (422, 422)
    assert english.json()["detail"] in ("you hold no Favor", "you cannot target yourself")
    assert german.json()["detail"] == reworded(english.json()["detail"], "de")
    assert german.json()["detail"].startswith("du ")


def test_the_terminal_says_why_in_german(tmp_path: Path) -> None:
    args = ["play", "tacocat", "--vs", "random", "--seed", "11", "--records", str(tmp_path), "--lang", "de"]
    term = Terminal(args, tmp_path)
    term.expect("dein Zug> ")
    term.send("keep 99")
    term.expect(r"du hast keine 99; entscheide über deine Karten, die niedrigste zuerst: keep \d+ oder discard \d+")
    term.expect("dein Zug> ")
    term.send("quit")
    assert term.wait() == 0
    assert "you hold no" not in term.buffer
