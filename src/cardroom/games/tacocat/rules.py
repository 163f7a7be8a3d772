"""The round, step by step: deal, replace, duel, play, move, cover. Pure functions of a state.

``apply`` is only called with an action already known to be legal (``State.apply`` checks), so the
functions here carry out rules and never judge them; ``illegal.py`` explains refusals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.core import events as ev
from cardroom.core.action import Action
from cardroom.core.events import Event
from cardroom.core.rng import derive
from cardroom.games.tacocat.board import BOTH, NAMES
from cardroom.games.tacocat.cards import remove, remove_all, show
from cardroom.games.tacocat.phases import ATTACK, DEFEND, DUEL, OVER, REPLACE
from cardroom.games.tacocat.state import Draft, TacocatState, draft, freeze, is_done

if TYPE_CHECKING:
    from cardroom.games.tacocat.game import TacocatGame

Events = list[Event]
NO_DISCARDS = (0,) * 12
EMPTY_PAIR: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())


def _put(
    pair: tuple[tuple[int, ...], tuple[int, ...]], seat: int, value: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _discarded(discard: tuple[int, ...], *cards: int) -> tuple[int, ...]:
    counts = list(discard)
    for v in cards:
        counts[v - 1] += 1
    return tuple(counts)


def _private(seat: int, kind: str, text: str, **data: object) -> Event:
    return Event(kind, text, data, frozenset((seat,)))


def _a(v: int) -> str:
    return f"an {v}" if v in (8, 11) else f"a {v}"


# -- starting ---------------------------------------------------------------------------------------


def new_game(game: TacocatGame, seed: int) -> TacocatState:
    d = object.__new__(Draft)
    d.game = game
    d.seed = seed
    d.counter = 0
    d.step = 0
    d.round = 0
    d.pos = game.board.centre
    d.covered = 0
    d.last_duel = d.last_play = d.last_round = None
    out: Events = [Event("start", "Tacocat stands on the centre space", {"space": d.pos})]
    start_round(d, out)
    d.history = ev.from_list(out)
    return freeze(d)


def start_round(d: Draft, out: Events) -> None:
    """Shuffle the whole deck, deal the space's number to each player, open the replacement."""
    game = d.game
    rng = derive(d.seed, d.counter)
    d.counter += 1
    cards = list(game.deck_cards)
    rng.shuffle(cards)
    n = game.board.deals[d.pos]
    d.hands = (tuple(sorted(cards[:n])), tuple(sorted(cards[n : 2 * n])))
    d.draw = tuple(cards[2 * n :])
    d.discard = NO_DISCARDS
    d.round += 1
    arrow = game.board.arrows[d.pos]
    d.phase = REPLACE
    d.actor = arrow
    d.limit = -1
    d.swapped = 0
    d.marks = EMPTY_PAIR
    d.decided = (0, 0)
    d.picks = (0, 0)
    d.attack = ()
    d.answers = ()
    d.floors = (0, 0)
    d.duel_winner = -1  # last_duel and last_play stay: the latest ones seen, for the views
    who = "both players replace at once" if arrow == BOTH else f"{NAMES[arrow]} replaces first"
    out.append(
        Event(
            "round",
            f"Round {d.round} on space {d.pos}: each player is dealt {n} cards; {who}",
            {"round": d.round, "space": d.pos, "deal": n},
        )
    )
    for seat in (0, 1):
        out.append(_private(seat, "dealt", f"You were dealt {show(d.hands[seat])}", cards=list(d.hands[seat])))


# -- one action -------------------------------------------------------------------------------------


def apply(state: TacocatState, seat: int, act: Action) -> TacocatState:
    d = draft(state)
    d.step = state.step + 1
    out: Events = []
    phase = state.phase
    if phase == REPLACE:
        if state.actor == BOTH:
            _choose_replacements(d, seat, act, out)
        else:
            _replace(d, seat, act, out)
    elif phase == DUEL:
        _duel(d, seat, int(act.args[0]), out)
    elif phase == ATTACK:
        _attack(d, seat, tuple(int(a) for a in act.args), out)
    else:
        _answer(d, seat, act, out)
    d.history = ev.extend(state.history, out)
    return freeze(d)


def _replace(d: Draft, seat: int, act: Action, out: Events) -> None:
    """One player replaces: each discard is face up at once; ``done`` draws as many."""
    if act.verb == "discard":
        v = int(act.args[0])
        d.hands = _put(d.hands, seat, remove(d.hands[seat], v))
        d.discard = _discarded(d.discard, v)
        d.swapped += 1
        out.append(Event("discard", f"{NAMES[seat]} discards {_a(v)}", {"seat": seat, "card": v}))
        return
    n = d.swapped
    drawn = d.draw[:n]
    d.draw = d.draw[n:]
    d.hands = _put(d.hands, seat, tuple(sorted(d.hands[seat] + drawn)))
    out.append(Event("replace", f"{NAMES[seat]} replaces {n} card{'s' * (n != 1)}", {"seat": seat, "count": n}))
    if n:
        out.append(_private(seat, "drew", f"You drew {show(sorted(drawn))}", cards=sorted(drawn)))
    if d.limit < 0 and n > 0:
        other = 1 - seat
        d.actor, d.limit, d.swapped = other, n, 0
        out.append(Event("may-replace", f"{NAMES[other]} may replace up to {n}", {"seat": other, "limit": n}))
    else:
        _open_duel(d, out)


def _choose_replacements(d: Draft, seat: int, act: Action, out: Events) -> None:
    """Both replace at once: each decides about every dealt card in turn, lowest first (``keep N`` or
    ``discard N``), so the number of decisions says nothing about the choices. Choices stay private
    until both have decided about all their cards; then the discards are shown and replaced."""
    v = int(act.args[0])
    if act.verb == "discard":
        d.hands = _put(d.hands, seat, remove(d.hands[seat], v))
        d.marks = _put(d.marks, seat, tuple(sorted((*d.marks[seat], v))))
        out.append(_private(seat, "mark", f"You set {_a(v)} aside to replace", card=v))
    else:
        out.append(_private(seat, "keep", f"You keep {_a(v)}", card=v))
    d.decided = (d.decided[0] + 1, d.decided[1]) if seat == 0 else (d.decided[0], d.decided[1] + 1)
    if not is_done(d, seat):
        return
    out.append(Event("ready", f"{NAMES[seat]} has chosen", {"seat": seat}))
    if not (is_done(d, 0) and is_done(d, 1)):
        return
    draw = d.draw
    hands = d.hands
    for who in (0, 1):
        marked = d.marks[who]
        n = len(marked)
        drawn, draw = draw[:n], draw[n:]
        hands = _put(hands, who, tuple(sorted(hands[who] + drawn)))
        d.discard = _discarded(d.discard, *marked)
        out.append(
            Event(
                "replace",
                f"{NAMES[who]} replaces {n} card{'s' * (n != 1)}: {show(marked)}",
                {"seat": who, "count": n, "cards": list(marked)},
            )
        )
        if n:
            out.append(_private(who, "drew", f"You drew {show(sorted(drawn))}", cards=sorted(drawn)))
    d.hands, d.draw, d.marks = hands, draw, EMPTY_PAIR
    _open_duel(d, out)


def _open_duel(d: Draft, out: Events) -> None:
    d.phase, d.actor, d.limit, d.swapped = DUEL, BOTH, -1, 0
    d.decided = (0, 0)
    out.append(Event("duel", "Duel: each player lays one card face down", {}))


def _duel(d: Draft, seat: int, v: int, out: Events) -> None:
    d.hands = _put(d.hands, seat, remove(d.hands[seat], v))
    d.picks = (v, d.picks[1]) if seat == 0 else (d.picks[0], v)
    out.append(_private(seat, "laid", f"You lay {_a(v)} face down", card=v))
    out.append(Event("laid", f"{NAMES[seat]} lays a card face down", {"seat": seat}))
    a, b = d.picks
    if not (a and b):
        return
    d.picks = (0, 0)
    d.discard = _discarded(d.discard, a, b)
    d.last_duel = (a, b)
    if a != b:
        winner = 0 if a > b else 1
        d.duel_winner = winner
        d.phase, d.actor = ATTACK, winner
        out.append(
            Event(
                "duel-won",
                f"Duel: YAY {a}, WOW {b}; {NAMES[winner]} attacks first",
                {"cards": [a, b], "winner": winner},
            )
        )
        _maybe_end(d, out)
        return
    out.append(Event("duel-tied", f"Duel: both {a}; duel again", {"cards": [a, b]}))
    if len(d.hands[0]) == 1:
        _end_round(d, out, duel_ties=True)


def _attack(d: Draft, seat: int, cards: tuple[int, ...], out: Events) -> None:
    d.hands = _put(
        d.hands, seat, remove_all(d.hands[seat], cards) if len(cards) > 1 else remove(d.hands[seat], cards[0])
    )
    d.discard = _discarded(d.discard, *cards)
    d.phase, d.attack, d.answers = DEFEND, cards, ()
    text = " ".join(str(c) for c in cards)
    out.append(Event("attack", f"{NAMES[seat]} attacks with {text}", {"seat": seat, "cards": list(cards)}))


def _answer(d: Draft, seat: int, act: Action, out: Events) -> None:
    card = d.attack[len(d.answers)]
    hand = d.hands[seat]
    if act.verb == "defend":
        v = int(act.args[0])
        answer = v
        text = f"{NAMES[seat]} defends the {card} with {_a(v)}"
    else:
        v = hand[0]
        answer = -v
        d.floors = (v, d.floors[1]) if seat == 0 else (d.floors[0], v)  # it was their lowest
        text = f"{NAMES[seat]} sacrifices {_a(v)} to the {card}"
    d.hands = _put(d.hands, seat, remove(hand, v))
    d.discard = _discarded(d.discard, v)
    d.answers = (*d.answers, answer)
    out.append(Event("answer", text, {"seat": seat, "against": card, "card": v, "sacrifice": answer < 0}))
    if len(d.answers) < len(d.attack):
        return
    attacker = d.actor
    lost = any(a < 0 for a in d.answers)
    d.last_play = (attacker, d.attack, d.answers)
    d.phase, d.actor, d.attack, d.answers = ATTACK, attacker if lost else seat, (), ()
    verb = "attacks again" if lost else "attacks next"
    out.append(Event("lead", f"{NAMES[d.actor]} {verb}", {"seat": d.actor}))
    _maybe_end(d, out)


def _maybe_end(d: Draft, out: Events) -> None:
    """Hands stay equal in size: once both hold one card, the round is decided."""
    if len(d.hands[0]) == 1 and len(d.hands[1]) == 1:
        _end_round(d, out, duel_ties=False)


# -- the end of a round -----------------------------------------------------------------------------


def _end_round(d: Draft, out: Events, *, duel_ties: bool) -> None:
    game = d.game
    c0, c1 = d.hands[0][0], d.hands[1][0]
    out.append(Event("reveal", f"Final cards: YAY {c0}, WOW {c1}", {"cards": [c0, c1]}))
    if c0 != c1:
        winner = 0 if c0 < c1 else 1
        why = "the lower final card"
    elif duel_ties:
        winner, why = -1, "equal final cards after tied duels"
    elif game.ties == "arrow":
        winner = game.board.arrows[d.pos]  # BOTH (-1) on the double arrow: replay the round
        why = "the tie, by the arrow"
    elif game.ties == "duel-winner":
        winner, why = d.duel_winner, "the tie, as the duel's winner"
    else:
        winner, why = -1, "a tie"
    d.last_round = (c0, c1, winner)
    if winner < 0:
        out.append(Event("tie", f"Tie: the round is dealt again on space {d.pos}", {"space": d.pos}))
        start_round(d, out)
        return
    board = game.board
    left = d.pos
    d.pos = board.toward(left, d.covered, winner)
    d.covered |= 1 << left
    where = f"{NAMES[winner]}'s goal" if board.is_goal(d.pos) else f"space {d.pos}"
    out.append(
        Event(
            "move",
            f"{NAMES[winner]} wins the round with {why} and moves Tacocat to {where}; space {left} is covered",
            {"winner": winner, "from": left, "to": d.pos},
        )
    )
    if board.is_goal(d.pos):
        d.phase, d.actor = OVER, winner
        d.attack, d.answers, d.picks = (), (), (0, 0)
        out.append(Event("over", f"{NAMES[winner]} wins the game", {"winner": winner}))
        return
    start_round(d, out)
