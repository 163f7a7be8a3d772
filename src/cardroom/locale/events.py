"""The engines' log events in the person's language, read back from their English as the analysis's
luck list passes them on ("Bo draws a card": the seats already named, Tacocat's sides as "Bo (WOW)").

The analysis keeps an event's text only, not its fields, so each wording an engine writes is listed
once as a catalogue message written as the English it reads (:mod:`.readback`), as :mod:`.actions`
reads actions back. The messages are the ones the terminal words the same events with
(``cli/screens/*_log.py``: from the fields for Kittens and Tacocat, by these very wordings for
T.A.C.O.), so an event's German is written once. One list serves every game (this layer names no
game): the most particular wording first, Kittens' before the others where two games write the same
English, so that a card place is read as a Kittens card where it is one (the German edition's name),
a Tacocat card by its number ("an 8"), and T.A.C.O.'s as the deck prints it. Seats keep their names;
an event no wording reads is shown as written.
"""

from __future__ import annotations

import functools
import re

from cardroom.locale import Phrase, Plural
from cardroom.locale.readback import Reader, coded_cards, printed_cards

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

# T.A.C.O. (games/taco): its wordings, which its terminal log reads too (cli/screens/taco_log.py); ordered
# below by how particular each is
TACO: tuple[Phrase, ...] = (
    Phrase("{s1}'s turn"),
    Phrase("{s1} draws a card"),
    Phrase("{s1} cannot draw: deck and discard pile are empty"),
    Phrase("You draw {c1}"),
    Phrase("You are dealt {c1}"),
    Phrase("{c1} starts the discard pile"),
    Phrase("The discard pile is shuffled into a new deck"),
    Phrase("{s1} plays {c1} into their own taco"),
    Phrase("{s1} plays {c1} into {s2}'s taco"),
    Phrase("{s1} uses {c1}"),
    Phrase("{s1} plays no card"),
    Phrase("{s1} plays no bonus card"),
    Phrase("{s1} will not hail {s2} and discards {c1}"),
    Phrase("{s1} drops the accent and discards {c1}"),
    Phrase("{s1} discards {c1}"),
    Phrase("{s1} plays {c1} to stop {c2}"),
    Phrase("You ready {c1}"),
    Phrase("{c1}: {s1} makes {s2} discard"),
    Phrase('{s1}: "You\'re the Taco Master of the universe, {s2}!"'),
    Phrase("{s1} keeps up the accent"),
    Phrase("{s1} steals {c1} from {s2}'s taco ({n})"),
    Phrase("{s1} randomly selects a card from {s2}'s hand"),
    Phrase("{s1} takes {c1} from {s2}'s hand"),
    Phrase("{c1} returns from {s1}'s taco to {s2}'s hand"),
    Phrase("{s1} swaps {c1} for {c2} from {s2}'s taco"),
    Phrase("{c1} finds nothing to destroy"),
    Phrase("{c1} finds nothing to steal"),
    Phrase("{c1} finds nothing to swap"),
    Phrase("{c1} finds nothing to return"),
    Phrase("{c1}: no other player holds a card"),
    Phrase("{c1}: no ingredient in the discard pile"),
    Phrase("{c1} has nothing left to act on"),
    Phrase("{c1} destroys a randomly selected {c2} in {s1}'s taco"),
    Phrase("{c1}: {s1} discards a randomly selected {c2}"),
    Phrase("{c1} enters {s1}'s taco ({n})"),
    Phrase("{s1}'s {c1} is replaced by {c2}"),
    Phrase("{c1} in {s1}'s taco wears off"),
    Phrase("{s1} drew {c1} and must play it immediately"),
    Phrase("{c1} is cancelled"),
    Phrase("{c1} in {s1}'s taco is destroyed"),
    Phrase("{c1} is pulled from the discard pile into {s1}'s taco"),
    Phrase("{s1} was dealt {c1} (play immediately): discarded, another card dealt"),
    Phrase("{s1} claims the taco trophy (most basic ingredients)"),
    Phrase("{s1} takes the taco trophy (more basic ingredients)"),
    Phrase("Round {n} is over (the last taco point was taken); {s1} wins the taco trophy"),
    Phrase("Round {n} is over (the round reached its limit of {m} turns); {s1} wins the taco trophy"),
    Phrase("Round {n} begins; {s1} goes first"),
    Phrase("The match is over"),
    Phrase("{s1} discards their hand (no cards)"),
    Phrase("{s1} discards their hand ({cards})"),
    Phrase("{s1} is the last player in and wins"),
)

# What a Kittens Nope line names as answered besides a card (by its code, "see-the-future"): a combo.
COMBOS = {"pair": Phrase("pair"), "triple": Phrase("three of a kind"), "five": Phrase("five-different combo")}
# Why Tacocat's round was won, as its move line says it.
WHY = {
    "the lower final card": Phrase("the lower final card"),
    "the tie, by the arrow": Phrase("the tie, by the arrow"),
    "the tie, as the duel's winner": Phrase("the tie, as the duel's winner"),
}


def _literal_length(phrase: Phrase) -> int:
    """How much of a wording is its own words: the more, the more particular (read first)."""
    return len(re.sub(r"\{\w+\}", "", phrase.message))


@functools.cache
def _reader() -> Reader:
    wordings = sorted(KITTENS + TACOCAT + TACO, key=_literal_length, reverse=True)  # stable: Kittens' first
    cards = printed_cards()  # read here, not at import: the names come from the registered games
    return Reader(
        tuple(wordings),
        named={
            "card": cards,
            "nope": cards,
            "action": {**coded_cards(), **COMBOS},
            "cards": {"no cards": NO_CARDS},
            "why": WHY,
        },
        nested=frozenset({"turns", "cards", "card", "where"}),
        listed={"cards": cards},
    )


def event_in(text: str, lang: str) -> str:
    """An engine's log text (its seats named) in ``lang``; as written where no wording reads it."""
    return _reader().reworded(text, lang)


def known(text: str) -> bool:
    return _reader().knows(text)
