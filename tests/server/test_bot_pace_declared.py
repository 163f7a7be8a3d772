"""Every bot spec the room accepts plays within the table's pace (docs/server.md, "Bots and clocks"):
the pace comes from the budget each bot declares where it is registered (bots/specs.py), never from a
list of names. ``expert`` and ``ismcts-ref`` without ``ms`` were paced as bots that do not search,
ran out of time at every decision and played a random legal move instead."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient

import cardroom
from cardroom.bots.pace import table_pace, thinking_seconds
from cardroom.bots.specs import CHEATING_BOTS, bot_names, declared_budget, make_bot
from cardroom.server.edge.app import create_app
from cardroom.server.errors import Refused
from cardroom.server.room.tablerequest import checked_bot
from tests.support.polling import until

CAP = 5.0  # the room's hard cap on a bot's thinking (seconds)
NAMES = [name for name in bot_names() if name not in CHEATING_BOTS]  # every name a seat may give


def test_every_registered_name_is_checked() -> None:
    # The list is the registry's own: a bot registered later is checked below too.
    assert {"random", "heuristic", "ismcts", "ismcts-ref", "expert", "openspiel-ismcts"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_each_seatable_bot_is_paced_for_the_budget_it_searches_with(name: str) -> None:
    """Named without any budget, as the issue's seats were: the room either seats the bot with a pace
    that covers the search budget the bot itself reads from its spec, or refuses it with the reason."""
    game = cardroom.make("tacocat")
    try:
        spec = checked_bot(name, game)
    except Refused as refused:
        assert "cannot pace it" in str(refused)
        assert declared_budget(name) is not None and declared_budget(name).ms is None  # type: ignore[union-attr]
        return
    searched = getattr(getattr(make_bot(spec, game), "settings", None), "budget", None)
    assert declared_budget(spec) == searched  # the same defaults as the bot's own
    wanted = 0.0 if searched is None else searched.ms / 1000  # a seated search always has a time budget
    assert thinking_seconds(spec, CAP) == wanted
    assert table_pace([spec], 0.0, CAP) > wanted or searched is None  # and a margin on top of a search


# Decisions played in all at the two tables below, each one pace (1.5 s) after the last at its table.
# Paced as a bot that does not search (the bug), expert runs out of time at every decision where it
# has a choice, so a handful would show it; 24 (half the waiting of the 50 this test played before)
# also give a fault of one random move in twenty (a bot waiting for a thread of the room, seen once)
# more than two chances in three to show in a single run.
DECISIONS = 24


def test_expert_with_only_a_cut_plays_many_decisions_without_a_random_move(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Two Exploding Kittens tables of ``expert:cut=8`` against itself, half the decisions each (a
    Nope window asks both seats at once: up to four searches together, one per bot thread of the room)."""
    spec = "expert:cut=8"
    seats = [{"kind": "bot", "bot": spec}, {"kind": "bot", "bot": spec}]
    # The room's own least delay (0.8 s): with none the old rule fell back to the 5 s cap and hid the bug.
    room = create_app(db_url, bot_delay=0.8)
    with caplog.at_level(logging.WARNING, logger="cardroom.server"), TestClient(room) as client:
        made = [client.post("/api/tables", json={"game": "exploding-kittens", "seats": seats}) for _ in range(2)]
        ids = [m.json()["table_id"] for m in made]
        # Asking also keeps the tables watched.
        until(lambda: sum(client.get(f"/api/tables/{tid}").json()["step"] for tid in ids) >= DECISIONS, 60, every=0.5)
    # How the room says a bot ran out of time or failed: "... playing a random legal action".
    randoms = [r.getMessage() for r in caplog.records if "random legal action" in r.getMessage()]
    assert randoms == []
