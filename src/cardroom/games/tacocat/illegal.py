"""Why an action is refused, in the words of the rule it breaks."""

from __future__ import annotations

from cardroom.core.action import Action
from cardroom.games.tacocat.actions import is_run
from cardroom.games.tacocat.board import BOTH, NAMES
from cardroom.games.tacocat.cards import contains, show
from cardroom.games.tacocat.phases import ATTACK, DEFEND, DUEL, REPLACE
from cardroom.games.tacocat.state import TacocatState, dealt, next_undecided


def why_illegal(s: TacocatState, seat: int, act: Action) -> str:
    phase = s.phase
    if phase == REPLACE:
        return _replace(s, seat, act)
    if phase == DUEL:
        return _duel(s, seat, act)
    if phase == ATTACK:
        return _attack(s, seat, act)
    if phase == DEFEND:
        return _defend(s, seat, act)
    return "the game is over; no more actions"


def _numbers(act: Action) -> tuple[int, ...]:
    return tuple(a for a in act.args if isinstance(a, int))


def _replace(s: TacocatState, seat: int, act: Action) -> str:
    if s.actor == BOTH:
        return _decide(s, seat, act)
    if act.verb == "keep":
        return (
            "'keep N' is for the centre space, where both decide about each card in turn; here "
            "'discard N' discards one card face up, 'done' when finished"
        )
    if act.verb != "discard":
        return "cards are being replaced: 'discard N' discards one card face up to replace, 'done' when finished"
    v = _numbers(act)[0]
    if 0 <= s.limit <= s.swapped:
        return (
            f"you may replace at most {s.limit} card{'s' * (s.limit != 1)}, "
            f"as many as {NAMES[1 - seat]} did; say 'done'"
        )
    return f"you hold no {v} to discard"


def _decide(s: TacocatState, seat: int, act: Action) -> str:
    """The simultaneous replacement: one decision per dealt card, lowest first."""
    v = next_undecided(s, seat)
    rule = f"decide about your cards lowest first: keep {v} or discard {v}"
    if act.verb == "done":
        return f"on the centre space there is no 'done': you {rule}"
    if act.verb not in ("keep", "discard"):
        return f"both players are replacing cards at once: {rule}"
    n = _numbers(act)[0]
    held = dealt(s, seat)
    if n not in held:
        return f"you hold no {n}; {rule}"
    if n not in held[s.decided[seat] :]:
        return f"you have already decided about your {n}; {rule}"
    return rule


def _duel(s: TacocatState, seat: int, act: Action) -> str:
    if act.verb != "duel":
        return "it is a duel: both players lay one card face down ('duel N') before anyone attacks"
    return f"you hold no {_numbers(act)[0]} to lay down for the duel"


def _attack(s: TacocatState, seat: int, act: Action) -> str:
    if act.verb != "attack":
        return "you are the attacker: play one card or a jumbo ('attack N ...')"
    cards = _numbers(act)
    hand = s.hands[seat]
    if not contains(hand, cards):
        return f"you cannot attack with {show(cards)}: your hand is {show(hand)}"
    if len(cards) >= len(hand):
        return "you must keep one card: a jumbo attack cannot use your last card"
    jumbo = s.game.jumbo
    if jumbo == "none":
        return "jumbo attacks are off in this game: attack with one card"
    if jumbo == "sets":
        if is_run(cards):
            return "in this game a jumbo attack is a set of equal cards; runs (sequences) are not allowed"
        return "a jumbo attack is a set of 2 or more equal cards"
    return "a jumbo attack is a set of 2 or more equal cards or a run of 3 or more consecutive values"


def _defend(s: TacocatState, seat: int, act: Action) -> str:
    card = s.attack[len(s.answers)]
    hand = s.hands[seat]
    if act.verb == "sacrifice":
        v = _numbers(act)[0]
        if v == hand[0]:
            return f"a sacrifice always gives up your lowest card (your {v}); write just 'sacrifice'"
        return f"a sacrifice must be your lowest card, your {hand[0]}, not {_numbers(act)[0]}"
    if act.verb != "defend":
        return f"{NAMES[s.actor]} is attacking: answer the {card} with 'defend N' (N at least {card}) or 'sacrifice'"
    v = _numbers(act)[0]
    if v not in hand:
        return f"you hold no {v} to defend with"
    return f"a defence must be equal or higher: {v} cannot beat the {card}; defend with {card} or more, or sacrifice"
