"""Why an action is refused, in the person's language: the engines' reasons read back and worded again.

The engines write an illegal action's reason (and a text that is no action at all) in English, with
seats as P0, P1 and cards by their codes or printed names; they stay free of any catalogue, so that
records, tests and the kernels agree on every text. A front end that shows a reason to a person (the
room's 409/422 answers, the terminal's prompt) words it with :func:`reworded`: each of the engines'
wordings is listed here once as a catalogue message whose places are what varies ("you hold no
{title}"), and read back as :mod:`.readback` reads (a Kittens card by its German edition's name, a
nested rule by its own wording). A reason no wording matches is shown as written. The test ``tests/i18n/test_engine_reasons.py``
gathers the reasons of seeded random games and fails on one this list does not read.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from cardroom.locale import Phrase, Plural
from cardroom.locale.readback import Reader, coded_cards, printed_cards

# The engines' wordings, the most particular first (the first that reads the whole reason is used).
WORDINGS: tuple[Phrase, ...] = (
    # Every game (core): a seat, the turn, the end, an action's text.
    Phrase("there is no seat {seat}; seats are 0 to {last}"),
    Phrase("the game is over; no more actions"),
    Phrase("it is not seat {seat}'s decision; waiting for seat {waiting}"),
    Phrase("{game} has no rule for a seat leaving a game under way"),
    Phrase("unknown action {word}; forms: {forms}"),
    Phrase("empty action; forms: {forms}"),
    Phrase("an action must be text, got {kind}; forms: {forms}"),
    Phrase("wrong number of arguments for {verb}; use: {usage}"),
    Phrase("{verb} needs whole numbers, not {word}; use: {usage}"),
    Phrase("{verb} got an unreadable word {word}; use: {usage}"),
    # Exploding Kittens (games/kittens/legal.py, concede.py)
    Phrase("you are already out of the game"),
    Phrase("you hold no Nope card"),
    Phrase("a Nope window is open on {who}'s {kind}: answer 'pass' or 'nope'"),
    Phrase("you hold no {title}; give one of the cards in your hand"),
    Phrase("{who} played a Favor on you: choose a card to give with 'give <card>'"),
    Phrase("name a card a player can hold (an Exploding Kitten never stays in a hand)"),
    Phrase("you played three of a kind: name the card you want with 'name <card>'"),
    Phrase("pick a card you hold whose icon differs from the ones already chosen"),
    Phrase("finish the five-card combo ({chosen} of 5 chosen) with 'five <card>'"),
    Phrase("that card is not in the discard pile (an Exploding Kitten cannot be taken)"),
    Phrase("your five-card combo resolved: take a card from the discard pile with 'take <card>'"),
    Phrase("the Kitten goes back at a position from 0 (top) to {bottom} (bottom)"),
    Phrase("put the defused Kitten back into the draw pile with 'place <position>'"),
    Phrase("you cannot target yourself"),
    Phrase("there is no seat {seat}"),
    Phrase("{who} has exploded and is out of the game"),
    Phrase("{who} holds no cards; target a living player holding at least one"),
    Phrase("no play is waiting for an answer: a Nope is played in the window after an action"),
    Phrase("'{verb}' answers a card effect; now it is your turn: play cards or draw"),
    Phrase("that Favor is not possible now"),
    Phrase("use 'favor <seat>'"),
    Phrase("there is no card called {word}"),
    Phrase("'play' is for attack, skip, shuffle and see-the-future; use favor, pair, triple or five"),
    Phrase("under pairs={value} a {title} cannot be part of a {combo}"),
    Phrase("a {combo} needs {need} {title} cards; you hold {held}"),
    Phrase("that {combo} is not possible now"),
    Phrase("the five-card combo is off under these options"),
    Phrase("five different icons are needed: you hold fewer than five kinds of card"),
    Phrase("card called {word}"),
    # Tacocat (games/tacocat/illegal.py)
    Phrase(
        "'keep N' is for the centre space, where both decide about each card in turn; here "
        "'discard N' discards one card face up, 'done' when finished"
    ),
    Phrase("cards are being replaced: 'discard N' discards one card face up to replace, 'done' when finished"),
    Plural(
        "you may replace at most {count} card, as many as {side} did; say 'done'",
        "you may replace at most {count} cards, as many as {side} did; say 'done'",
        0,
    ),
    Phrase("you hold no {value} to discard"),
    Phrase("decide about your cards lowest first: keep {value} or discard {value}"),
    Phrase("on the centre space there is no 'done': you {rule}"),
    Phrase("both players are replacing cards at once: {rule}"),
    Phrase("you have already decided about your {value}; {rule}"),
    Phrase("it is a duel: both players lay one card face down ('duel N') before anyone attacks"),
    Phrase("you hold no {value} to lay down for the duel"),
    Phrase("you are the attacker: play one card or a jumbo ('attack N ...')"),
    Phrase("you cannot attack with {cards}: your hand is {hand}"),
    Phrase("you must keep one card: a jumbo attack cannot use your last card"),
    Phrase("jumbo attacks are off in this game: attack with one card"),
    Phrase("in this game a jumbo attack is a set of equal cards; runs (sequences) are not allowed"),
    Phrase("a jumbo attack is a set of 2 or more equal cards"),
    Phrase("a jumbo attack is a set of 2 or more equal cards or a run of 3 or more consecutive values"),
    Phrase("a sacrifice always gives up your lowest card (your {value}); write just 'sacrifice'"),
    Phrase("a sacrifice must be your lowest card, your {lowest}, not {value}"),
    Phrase("{side} is attacking: answer the {card} with 'defend N' (N at least {card}) or 'sacrifice'"),
    Phrase("you hold no {value} to defend with"),
    Phrase(
        "a defence must be equal or higher: {value} cannot beat the {card}; defend with {card} or more, or sacrifice"
    ),
    # T.A.C.O. (games/taco/decisions.py, concede.py): its cards keep the deck's names
    Phrase("you have already conceded"),
    Phrase("{who} has left the match: nothing can be played into their taco"),
    Phrase("you drew {card}, which must be played immediately"),
    Phrase("that Instant cannot stop this kind of card"),
    Phrase("not allowed now: {rule}"),
    Phrase("play a card from your hand into a taco (play CARD SEAT), use an action (use CARD), or end"),
    Phrase("play the bonus card the effect allows, or pass"),
    Phrase("pass, or stop the last card with an Instant you hold (instant CARD)"),
    Phrase("pick a target the effect allows (target CARD SEAT)"),
    Phrase("pick another player who holds cards (choose SEAT)"),
    Phrase("discard a card you hold (discard CARD)"),
    Phrase("hail the Taco Master (hail) or discard a card"),
    Phrase("speak in your accent (accent) or discard a card"),
    # Read last: they would also read the more particular ones above.
    Phrase("you hold no {card}; now you must {rule}"),
    Phrase("you hold no {value}; {rule}"),
    Phrase("you hold no {title}"),
    Phrase("{action} is not possible now"),
    # An action's list of forms ({forms} above) may end with the game's note on them (T.A.C.O.'s, its
    # TacoGrammar): the note is worded, the forms stay as the game reads them.
    Phrase("{forms} (play and target also read the seat before the card)"),
)

# A combo a reason names, and a Nope window is open on (besides a card, by its code).
COMBOS = {"pair": Phrase("pair"), "triple": Phrase("three of a kind"), "five": Phrase("five-card combo")}


@functools.cache
def _reader() -> Reader:
    """Built on first use: the cards' names come from the registered games (:mod:`.readback`)."""
    plays = {**coded_cards(), **COMBOS}
    return Reader(
        WORDINGS,
        named={"title": printed_cards(), "kind": plays, "combo": plays},
        nested=frozenset({"rule", "title", "action", "forms"}),
    )


def reworded(text: str, lang: str) -> str:
    """An engine's reason in ``lang`` (English: as written; a reason no wording reads: as written)."""
    return _reader().reworded(text, lang)


def known(text: str) -> bool:
    """Whether one of the wordings reads ``text`` (for the tests)."""
    return _reader().knows(text)


class EngineReason(Phrase):
    """An engine's reason kept as written and worded once its language is known; ``then`` is applied to
    the worded text (the room's and the terminal's seat names for P0, P1)."""

    def __init__(self, text: str, then: Callable[[str], str] = str) -> None:
        Phrase.__init__(self, text)
        self.then = then

    def in_language(self, lang: str) -> str:
        return self.then(reworded(self.message, lang))
