"""The engines' log events in the person's language, read back from their English as the analysis's
luck list passes them on ("Bo draws a card": the seats already named, Tacocat's sides as "Bo (WOW)").

The analysis keeps an event's text only, not its fields, so each wording an engine writes is listed
once as a catalogue message written as the English it reads, the most particular first
(:mod:`.readback`), as :mod:`.actions` reads actions back. Most messages are the ones the terminal
words the same events with from their fields (``cli/screens/*_log.py``), so an event's German is
written once; T.A.C.O.'s are its terminal worder's own list. Kittens' cards carry the German edition's
names, T.A.C.O.'s the deck's; seats keep their names. An event no wording reads is shown as written.
"""

from __future__ import annotations

import functools
import re

from cardroom.cli.screens.kittens_log import COMBOS
from cardroom.cli.screens.taco_log import WORDINGS as TACO_WORDINGS
from cardroom.cli.screens.tacocat_log import WHY
from cardroom.locale import Phrase, Plural
from cardroom.locale.readback import KITTENS_CARDS, Reader

NO_CARDS = Phrase("no cards")

KITTENS: tuple[Phrase, ...] = (
    Phrase(
        "Each player is dealt {deal} cards and a Defuse; {kittens} Exploding Kittens and {defuses} Defuses are "
        "shuffled into a draw pile of {pile} cards"
    ),
    Phrase("{name} draws a card"),
    Phrase("{name} draws an Exploding Kitten!"),
    Phrase("{name} plays a Defuse"),
    Phrase("{name} secretly puts the Kitten back into the draw pile"),
    Phrase("{name} is the last player standing and wins"),
    Phrase("You draw {card}"),
    Phrase("{name} plays {card} ({n} of five different icons)"),
    Phrase("The draw pile is shuffled"),
    Phrase("{name} has no card to give"),
    Phrase("{name} has no card to steal"),
    Phrase("{name} takes {card} from the discard pile"),
    Phrase("{name}'s cards are set aside, out of the game"),
    Phrase("Your hand: {cards}"),
    Phrase("You see, top first: {cards}"),
    Phrase("{name} goes first"),
    Phrase("{name} still owes {turns}"),
    Phrase("{name}'s turn: they owe {turns}"),
    Phrase("{name} explodes and discards their hand ({cards}) with the Kitten"),
    Phrase("{name} explodes; their cards are set aside, out of the game"),
    Phrase("{name} discards their hand ({cards})"),
    Phrase("You put the Kitten at position {n} ({top} = top) on top"),
    Phrase("You put the Kitten at position {n} ({top} = top) at the bottom"),
    Phrase("You put the Kitten at position {n} ({top} = top)"),
    Phrase("{name} plays {nope}: {actor}'s {action} is cancelled"),
    Phrase("{name} plays {nope}: {actor}'s {action} is back on"),
    Phrase("{name}'s {action} is Noped and does nothing"),
    Phrase("{name}'s {action} on {target} does nothing"),
    Phrase("{name}'s {action} does nothing"),
    Phrase("{name} looks at the top card"),
    Phrase("{name} looks at the top {n} cards"),
    Phrase("{giver} loses at random a card to {taker}"),
    Phrase("{giver} gives a card to {taker}"),
    Phrase("{giver} hands {card} to {taker}"),
    Phrase("{giver} loses at random {card} to {taker}"),
    Phrase("{giver} gives {card} to {taker}"),
    Phrase("{name} asks {target} for {card}"),
    Phrase("{name} plays a pair of {card} on {target}"),
    Phrase("{name} plays three {card} on {target}"),
    Phrase("{name} plays {card} on {target}"),
    Phrase("{name} has no {card}"),
    Phrase("{name} plays {card}"),
    # Read inside the others (a place's words)
    Plural("{count} turn", "{count} turns", 0),
)

TACOCAT: tuple[Phrase, ...] = (
    Phrase("Tacocat stands on the centre space"),
    Phrase("Round {round} on space {space}: each player is dealt {deal} cards; both players replace at once"),
    Phrase("Round {round} on space {space}: each player is dealt {deal} cards; {side} replaces first"),
    Phrase("{side} has chosen"),
    Phrase("{side} replaces {cards}: {which}"),
    Phrase("{side} replaces {cards}"),
    Phrase("{side} may replace up to {limit}"),
    Phrase("Duel: each player lays one card face down"),
    Phrase("You lay {card} face down"),
    Phrase("{side} lays a card face down"),
    Phrase("Duel: both {n}; duel again"),
    Phrase("Duel: {yay} {a}, {wow} {b}; {winner} attacks first"),
    Phrase("Final cards: {yay} {a}, {wow} {b}"),
    Phrase("{side} wins the round with {why} and moves Tacocat to {where}; space {old} is covered"),
    Phrase("Tie: the round is dealt again on space {space}"),
    Phrase("{side} wins the game"),
    Phrase("You were dealt {cards}"),
    Phrase("You drew {cards}"),
    Phrase("You keep {card}"),
    Phrase("You set {card} aside to replace"),
    Phrase("{side} attacks with {cards}"),
    Phrase("{side} sacrifices {card} to the {against}"),
    Phrase("{side} defends the {against} with {card}"),
    Phrase("{side} attacks again"),
    Phrase("{side} attacks next"),
    Phrase("{side} discards {card}"),
    # Read inside the others (a place's words)
    Plural("{count} card", "{count} cards", 0),
    Phrase("{side}'s goal"),
    Phrase("space {n}"),
    Phrase("an {n}"),
    Phrase("a {n}"),
)

# A Kittens card or combo as the engine's Nope lines name what they answer (its code: "see-the-future").
KITTENS_ACTIONS = {**{t.lower().replace(" ", "-"): p for t, p in KITTENS_CARDS.items()}, **COMBOS}


@functools.cache
def _readers() -> dict[str, Reader]:
    kittens = Reader(
        KITTENS,
        named={
            "card": KITTENS_CARDS,
            "nope": KITTENS_CARDS,
            "action": KITTENS_ACTIONS,
            "cards": {"no cards": NO_CARDS},
        },
        nested=frozenset({"turns"}),
        listed={"cards": KITTENS_CARDS},
    )
    tacocat = Reader(TACOCAT, named={"why": WHY}, nested=frozenset({"cards", "card", "where"}))
    return {
        "exploding-kittens": kittens,
        "tacocat": tacocat,
        "taco": Reader(tuple(sorted((w.words for w in TACO_WORDINGS), key=_literal_length, reverse=True))),
    }


def _literal_length(phrase: Phrase) -> int:
    """How much of a wording is its own words: T.A.C.O.'s list is ordered by event kind (its terminal
    worder knows the kind), so the text alone is read by the most particular wording first."""
    return len(re.sub(r"\{\w+\}", "", phrase.message))


def event_in(game: str, text: str, lang: str) -> str:
    """An engine's log text (its seats named) in ``lang``; as written where no wording reads it."""
    reader = _readers().get(game)
    return text if reader is None else reader.reworded(text, lang)


def known(game: str, text: str) -> bool:
    reader = _readers().get(game)
    return reader is not None and reader.knows(text)
