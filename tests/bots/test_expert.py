"""The ``expert`` bot and the ``cut`` option of the kernel search it is made of."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import cardroom
from cardroom.bots.ismcts import ISMCTSBot
from cardroom.bots.specs import follows_clock, make_bot, resolve_spec
from cardroom.core.bot import shown
from cardroom.core.errors import InvalidOptions
from cardroom.games.tacocat.kernel_model import C_MODEL, MODEL_READS

GAMES = [("tacocat", {}), ("exploding-kittens", {"players": 2}), ("taco", {"players": 4})]


def test_expert_is_a_difficulty_on_the_search_budget() -> None:
    assert resolve_spec("expert") == "expert:ms=1000"
    assert follows_clock("expert:ms=200") and not follows_clock("expert:iterations=50")


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_expert_cuts_playouts_and_infers_where_the_game_has_evidence(name: str, options: dict[str, Any]) -> None:
    game = cardroom.make(name, **options)
    bot = make_bot("expert:iterations=120", game)
    cut = {"taco": 48}.get(name, 8)  # T.A.C.O.'s value needs a longer look (bots/expert.py)
    assert bot.name.startswith("expert:iterations=120") and f",cut={cut}," in bot.name + ","
    assert (",infer=ismcts" in bot.name) == (name in ("exploding-kittens", "tacocat"))
    # Tacocat's search explores less: its cut playouts are scored by a smooth chance (bots/expert.py).
    assert (",c=0.5," in bot.name) == (name == "tacocat")
    # ... and its playouts lay duel cards as the plain search does (kernel_model.py).
    assert (",duels=ismcts," in bot.name) == (name == "tacocat")
    state = game.new_game(3)
    seat = state.to_act[0]
    answers = {bot.choose(game, shown(bot, state, seat), random.Random(5)) for _ in range(2)}
    assert len(answers) == 1 and answers <= set(state.view(seat)["legal_actions"])  # repeatable, legal


def test_the_cut_reaches_the_search() -> None:
    """Same budget, same generator: scoring playouts by the learned value after one step off the trees
    gives other root statistics than playing every playout to the end."""
    game = cardroom.make("tacocat")
    state = game.new_game(8)
    seat = state.to_act[0]
    roots = []
    for spec in ("ismcts:iterations=300", "ismcts:iterations=300,cut=1"):
        bot = make_bot(spec, game)
        assert isinstance(bot, ISMCTSBot)  # its search statistics are read below
        bot.choose(game, state.view(seat), random.Random(2))
        roots.append([(r["action"], r["mean"]) for r in bot.last.root])
    assert [a for a, _ in roots[0]] == [a for a, _ in roots[1]]  # the same root actions
    assert roots[0] != roots[1]


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("ismcts:cut=65", "cut must be a whole number of steps from 0 (play to the end) to 64"),
        ("ismcts:cut=-1", "cut must be a whole number"),
        ("ismcts:cut=two", "cut must be a whole number"),
        ("oracle:infer=ismcts", "infer is for fair searches"),
        ("ismcts:duels=highest", "duels must be one of heuristic, ismcts"),
    ],
)
def test_bad_cut_and_infer_options_say_what_is_allowed(spec: str, says: str) -> None:
    with pytest.raises(InvalidOptions, match=re.escape(says)):
        make_bot(spec, cardroom.make("tacocat"), allow_cheats=True)


def test_duels_is_a_tacocat_setting_that_only_the_asking_bot_gets() -> None:
    """Kittens has no duels: the setting is refused there, saying so. In Tacocat only the bot that asks
    for the model has it in its options array; the plain search beside it keeps the heuristic's duels."""
    with pytest.raises(
        InvalidOptions,
        match=re.escape("duels is a setting of the games with opponent models (offered in tacocat), not of"),
    ):
        make_bot("ismcts:duels=ismcts", cardroom.make("exploding-kittens", players=2))
    game = cardroom.make("tacocat")
    expert, plain = make_bot("expert:iterations=50", game), make_bot("ismcts:iterations=50", game)
    assert expert.searcher.cfg[C_MODEL] == 1 and plain.searcher.cfg[C_MODEL] == 0  # type: ignore[attr-defined]
    reader = make_bot("expert:iterations=50,duels=ismcts-read", game)
    assert reader.searcher.cfg[C_MODEL] == MODEL_READS and "duels=ismcts-read" in reader.name  # type: ignore[attr-defined]
