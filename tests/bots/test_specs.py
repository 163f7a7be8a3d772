"""Specs name bots the same way everywhere; the oracle is refused outside the arena."""

from __future__ import annotations

import random

import pytest

from cardroom.bots import Budget, make_bot, resolve_spec
from cardroom.bots.oracle import OracleBot, OracleCheats
from cardroom.core.errors import InvalidOptions
from tests.support.toy_game import ToyGame


def test_search_specs_parse_budgets() -> None:
    game = ToyGame(preset="sneaky")
    assert make_bot("ismcts", game).budget == Budget(ms=1000)  # type: ignore[attr-defined]
    assert make_bot("ismcts:ms=500", game).budget == Budget(ms=500)  # type: ignore[attr-defined]
    both = make_bot("ismcts:iterations=2000,ms=50", game)
    assert both.budget == Budget(ms=50, iterations=2000)  # type: ignore[attr-defined]
    assert make_bot("ismcts:iterations=10", game).name == "ismcts:iterations=10"


@pytest.mark.parametrize("spec", ["ismcts:ms=0", "ismcts:iterations=x", "ismcts:depth=3", "ismcts:playout=smart"])
def test_bad_search_specs_say_why(spec: str) -> None:
    with pytest.raises(InvalidOptions):
        make_bot(spec, ToyGame(preset="sneaky"))


def test_oracle_is_refused_for_real_play_and_labelled() -> None:
    game = ToyGame(preset="sneaky")
    with pytest.raises(InvalidOptions, match="cheats"):
        make_bot("oracle:ms=100", game)
    oracle = make_bot("oracle:iterations=10", game, allow_cheats=True)
    assert isinstance(oracle, OracleBot)
    assert "cheats" in oracle.name
    state = game.new_game(1)
    with pytest.raises(OracleCheats, match="cheats"):
        oracle.choose(game, state.view(0), random.Random(0))
    assert oracle.choose_with_state(game, state, 0, random.Random(0)) in state.view(0)["legal_actions"]


def test_difficulty_words_map_to_specs() -> None:
    assert resolve_spec("easy") == "random"
    assert resolve_spec("normal") == "heuristic"
    assert resolve_spec("hard").startswith("ismcts:")
    assert resolve_spec("expert").startswith("expert:")
    assert resolve_spec("ismcts:ms=10") == "ismcts:ms=10"


def test_tuned_defaults_show_in_the_name_and_yield_to_the_spec() -> None:
    import cardroom

    kittens = cardroom.make("exploding-kittens", players=2)
    assert make_bot("ismcts:iterations=60", kittens).name == "ismcts:iterations=60,z=2.5,spread=1"
    assert make_bot("ismcts:iterations=60,z=1,spread=0.25", kittens).name == "ismcts:iterations=60"


def test_the_plain_tree_root_also_plays_legally() -> None:
    game = ToyGame(preset="sneaky-four")
    state = game.new_game(4)
    for seat in state.to_act:
        bot = make_bot("ismcts:iterations=30,root=puct,playout=random", game)
        assert bot.choose(game, state.view(seat), random.Random(seat)) in state.view(seat)["legal_actions"]


@pytest.mark.parametrize(
    ("spec", "clock"),
    [
        ("openspiel-ismcts:sims=400", False),  # "sims" holds the letters "ms": counted, not timed
        ("ismcts:iterations=500", False),
        ("oracle:iterations=50,c=2", False),
        ("random", False),
        ("heuristic", False),
        ("ismcts", True),  # no budget given: ms=1000
        ("ismcts:ms=200", True),
        ("ismcts-ref:iterations=100,ms=50", True),
        ("oracle:ms=5", True),
    ],
)
def test_a_spec_follows_the_clock_exactly_when_a_time_budget_stops_it(spec: str, clock: bool) -> None:
    from cardroom.bots.specs import follows_clock

    assert follows_clock(spec) is clock
