"""A bot seat's refusal from the bots' own spec checks, in German: each refusal the bots give to a range
of wrong specs in each game is read by one of the catalogue's wordings and said in German words of
its own (bot names, parameters and values as typed); English stays exactly as the bots write it."""

from __future__ import annotations

import re

import cardroom
from cardroom.bots.specs import make_bot
from cardroom.core.errors import InvalidOptions
from cardroom.locale.bots import BotRefusal, known

WRONG_SPECS = (
    "nobot", "random:x=1", "heuristic:foo=1", "bad spec:zz", "ismcts:ms=abc", "ismcts:ms=-5",
    "ismcts:iterations=0", "ismcts:ms=100,c=x", "ismcts:ms=100,root=zz", "ismcts:ms=100,z=x",
    "ismcts:ms=100,prior=2", "ismcts:ms=100,playout=zz", "ismcts:ms=100,foo=1", "ismcts:ms=100,infer=zz",
    "ismcts:ms=100,cut=-1", "ismcts:ms=100,duels=zz", "oracle", "openspiel-ismcts:sims=x", "expert:foo=1",
    "ismcts-ref:c=x",
)  # fmt: skip
ENGLISH = re.compile(r"\b(unknown|must|takes|got|parameters|is refused|be one of|numbers|whole number|needs)\b")


def refusals() -> set[str]:
    found = set()
    for game in ("tacocat", "exploding-kittens", "taco"):
        for spec in WRONG_SPECS:
            try:
                make_bot(spec, cardroom.make(game))
            except InvalidOptions as refused:
                found.add(str(refused))
    return found


def test_every_refusal_of_a_bot_spec_is_said_in_german() -> None:
    texts = refusals()
    assert len(texts) >= 15
    assert sorted(t for t in texts if not known(t)) == []
    german = {t: BotRefusal(t).in_language("de") for t in texts}
    assert {t: g for t, g in german.items() if g == t or ENGLISH.search(g)} == {}
    assert all(BotRefusal(t).in_language("en") == str(BotRefusal(t)) == t for t in texts)


def test_an_unknown_bot_in_german_keeps_the_names_as_typed() -> None:
    text = "unknown bot 'nobot'; bots: random, heuristic"
    assert BotRefusal(text).in_language("de") == "unbekannter Bot 'nobot'; die Bots: random, heuristic"
