"""A bot may read its seat's log (core/bot.py ``shown``): only a bot that asks for it gets it, and it holds
exactly the events that seat may see, never another seat's secrets."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

import cardroom
from cardroom.arena.match import play_game
from cardroom.core.bot import shown
from cardroom.core.game import Game


class Recorder:
    """Plays randomly and keeps everything it is shown."""

    name = "recorder"

    def __init__(self, reads_log: bool) -> None:
        self.reads_log = reads_log
        self.seen: list[dict[str, Any]] = []

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        self.seen.append(dict(view))
        return str(rng.choice(list(view["legal_actions"])))


PRIVATE = {"hand", "drew", "future", "placed", "transferred"}  # Kittens' events for one or two seats


@pytest.mark.parametrize("seed", range(3))
def test_a_bot_that_reads_the_log_sees_its_seats_events_and_no_others(seed: int) -> None:
    game = cardroom.make("exploding-kittens", players=3)
    bots = [Recorder(True), Recorder(False), Recorder(True)]
    end, _ = play_game(game, bots, seed, [random.Random(seed * 3 + s) for s in range(3)])  # type: ignore[arg-type]
    for seat in (0, 2):
        assert bots[seat].seen
        for view in bots[seat].seen:
            assert view["seat"] == seat
            assert view["log"] == end.log(seat)[: len(view["log"])]  # a prefix of the seat's own log
            for event in view["log"]:
                if event["kind"] in PRIVATE:
                    involved = {event.get("seat"), event.get("giver"), event.get("taker")}
                    assert seat in involved, event
    hidden = [e for e in end.events() if e.audience is not None and 0 not in e.audience]
    assert hidden  # the game had secrets of the other seats, and seat 0 was never shown one:
    assert not any(e.public() in view["log"] for e in hidden for view in bots[0].seen)
    assert all("log" not in view for view in bots[1].seen)


def test_shown_is_the_view_and_the_log_and_nothing_else() -> None:
    game = cardroom.make("tacocat")
    state = game.new_game(2)
    seat = state.to_act[0]
    assert shown(Recorder(False), state, seat) == state.view(seat)
    assert shown(Recorder(True), state, seat) == {**state.view(seat), "log": state.log(seat)}
