"""The rules as transitions: one legal action turns a state into the next.

``apply`` copies the state into a mutable :class:`Draft`, lets one handler per verb change it and
record events, then freezes it into a new state. Handlers trust that the action is legal (the base
class checked it against ``legal_actions``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardroom.core.action import Action
from cardroom.games.kittens import cards as C
from cardroom.games.kittens import knowledge as K
from cardroom.games.kittens.draft import Draft
from cardroom.games.kittens.pending import (
    FAVOR,
    FIVE,
    NAME,
    OVER,
    PLACE,
    TAKE,
    TURN,
    WINDOW,
    Pending,
)

if TYPE_CHECKING:
    from cardroom.games.kittens.state import KittensState


def apply(state: KittensState, seat: int, act: Action) -> KittensState:
    if act.verb == "pass" and len(state.undecided) > 1:
        return _quiet_pass(state, seat)
    draft = Draft(state)
    HANDLERS[act.verb](draft, seat, act)
    return draft.freeze()


def _quiet_pass(s: KittensState, seat: int) -> KittensState:
    """The commonest action of all, which changes nothing but who is still to answer: a fast path.

    Every zone is the very same tuple, so the other seats' legal lists and the card count carry over.
    """
    new = type(s)(
        s.game,
        step=s.step + 1,
        history=s.history,
        seed=s.seed,
        counter=s.counter,
        hands=s.hands,
        pile=s.pile,
        discard=s.discard,
        removed=s.removed,
        out=s.out,
        current=s.current,
        owed=s.owed,
        attacked=s.attacked,
        phase=s.phase,
        pending=s.pending,
        undecided=tuple(x for x in s.undecided if x != seat),
        pile_known=s.pile_known,
        hand_known=s.hand_known,
    )
    new._legal = {k: v for k, v in s._legal.items() if k != seat}
    new._census = s._census
    return new


def _kind(act: Action, index: int = 0) -> int:
    return C.KIND_OF[str(act.args[index])]


def _turns(n: int) -> str:
    return f"{n} turn" if n == 1 else f"{n} turns"


# -- turns ---------------------------------------------------------------------------------------


def start_turn(d: Draft, seat: int, owed: int, attacked: bool) -> None:
    d.current, d.owed, d.attacked = seat, owed, attacked
    d.phase, d.pending = TURN, None
    # An ordinary turn needs no line of its own (every event names its player); owed turns do.
    if owed > 1:
        d.say("turn", f"P{seat}'s turn: they owe {_turns(owed)}", seat=seat, owed=owed)


def end_one_turn(d: Draft) -> None:
    """One owed turn is over (a draw, a Skip, a defused Kitten); the player goes on if they owe more."""
    d.owed -= 1
    d.pending = None
    if d.owed > 0:
        d.phase = TURN
        d.say("turn", f"P{d.current} still owes {_turns(d.owed)}", seat=d.current, owed=d.owed)
    else:
        start_turn(d, d.next_living(d.current), 1, False)


def draw(d: Draft, seat: int, act: Action) -> None:
    card = d.pile[0]
    d.pile = d.pile[1:]
    K.after_draw(d.pile_known, d.hand_known, seat, card)
    if card != C.KITTEN:
        d.hands[seat] = C.with_one(d.hands[seat], card)
        d.say("draw", f"P{seat} draws a card", seat=seat)
        d.say("drew", f"You draw {C.TITLES[card]}", frozenset((seat,)), seat=seat, card=C.SLUGS[card])
        end_one_turn(d)
        return
    d.say("kitten", f"P{seat} draws an Exploding Kitten!", seat=seat, card=C.SLUGS[card])
    if C.DEFUSE in d.hands[seat]:
        # Nobody would choose to explode while holding a Defuse, so it is played at once; a separate
        # "defuse" decision would only tell the table a moment early that this player holds one.
        d.lose(seat, C.DEFUSE)
        d.phase = PLACE
        d.say("defuse", f"P{seat} plays a Defuse", seat=seat, card="defuse")
    else:
        explode(d, seat)


def explode(d: Draft, seat: int) -> None:
    hand = d.hands[seat]
    if d.state.game.options["exploded_cards"] == "discard":
        d.discard = (*d.discard, *hand, C.KITTEN)
        d.hands[seat] = ()
        K.forget_holder(d.hand_known, seat)
        shown = ", ".join(C.TITLES[k] for k in hand) or "no cards"
        d.say(
            "explode",
            f"P{seat} explodes and discards their hand ({shown}) with the Kitten",
            seat=seat,
            cards=C.slugs(hand),
        )
    else:
        d.removed = tuple(sorted((*d.removed, C.KITTEN)))
        d.say("explode", f"P{seat} explodes; their cards are set aside, out of the game", seat=seat, cards=[])
    d.out = (*d.out, seat)
    d.pending = None
    living = d.living()
    if len(living) == 1:
        d.phase = OVER
        d.say("win", f"P{living[0]} is the last player standing and wins", seat=living[0])
        return
    start_turn(d, d.next_living(seat), 1, False)


def place(d: Draft, seat: int, act: Action) -> None:
    position = int(act.args[0])
    d.pile = (*d.pile[:position], C.KITTEN, *d.pile[position:])
    K.after_insert(d.pile_known, seat, position, C.KITTEN)
    d.say("place", f"P{seat} secretly puts the Kitten back into the draw pile", seat=seat)
    where = "on top" if position == 0 else ("at the bottom" if position == len(d.pile) - 1 else "")
    d.say(
        "placed",
        f"You put the Kitten at position {position} (0 = top){' ' + where if where else ''}",
        frozenset((seat,)),
        seat=seat,
        position=position,
    )
    end_one_turn(d)


# -- plays that open a Nope window ---------------------------------------------------------------


def open_window(d: Draft) -> None:
    d.phase = WINDOW
    d.undecided = d.living()


def play(d: Draft, seat: int, act: Action) -> None:
    kind = _kind(act)
    d.lose(seat, kind)
    d.pending = Pending(C.SLUGS[kind], seat, (kind,))
    d.say("play", f"P{seat} plays {C.TITLES[kind]}", seat=seat, card=C.SLUGS[kind])
    open_window(d)


def favor(d: Draft, seat: int, act: Action) -> None:
    target = int(act.args[0])
    d.lose(seat, C.FAVOR)
    d.pending = Pending("favor", seat, (C.FAVOR,), target=target)
    d.say("play", f"P{seat} plays Favor on P{target}", seat=seat, card="favor", target=target)
    open_window(d)


def _combo(d: Draft, seat: int, act: Action, combo: str, size: int, words: str) -> None:
    """A pair or a triple played on a target: its cards leave the hand and wait, Nope-able, as pending."""
    kind, target = _kind(act), int(act.args[1])
    for _ in range(size):
        d.lose(seat, kind)
    d.pending = Pending(combo, seat, (kind,) * size, target=target)
    d.say(
        "play",
        f"P{seat} plays {words} {C.TITLES[kind]} on P{target}",
        seat=seat,
        card=C.SLUGS[kind],
        target=target,
        combo=combo,
    )


def pair(d: Draft, seat: int, act: Action) -> None:
    _combo(d, seat, act, "pair", 2, "a pair of")
    open_window(d)


def triple(d: Draft, seat: int, act: Action) -> None:
    _combo(d, seat, act, "triple", 3, "three")
    d.phase = NAME


def name(d: Draft, seat: int, act: Action) -> None:
    kind = _kind(act)
    assert d.pending is not None
    d.pending = Pending("triple", seat, d.pending.cards, target=d.pending.target, named=kind)
    d.say("name", f"P{seat} asks P{d.pending.target} for {C.TITLES[kind]}", seat=seat, card=C.SLUGS[kind])
    open_window(d)


def five(d: Draft, seat: int, act: Action) -> None:
    kind = _kind(act)
    d.lose(seat, kind)
    chosen = (kind,) if d.pending is None else (*d.pending.cards, kind)
    d.pending = Pending("five", seat, chosen)
    d.say(
        "five",
        f"P{seat} plays {C.TITLES[kind]} ({len(chosen)} of five different icons)",
        seat=seat,
        card=C.SLUGS[kind],
        count=len(chosen),
    )
    if len(chosen) == 5:
        open_window(d)
    else:
        d.phase = FIVE


def nope(d: Draft, seat: int, act: Action) -> None:
    assert d.pending is not None
    d.lose(seat, C.NOPE)
    d.pending = d.pending.noped_by(seat)
    state = "cancelled" if d.pending.cancelled else "back on"
    d.say(
        "nope",
        f"P{seat} plays Nope: P{d.pending.actor}'s {d.pending.kind} is {state}",
        seat=seat,
        card="nope",
        nopes=len(d.pending.nopes),
    )
    open_window(d)


def pass_(d: Draft, seat: int, act: Action) -> None:
    d.undecided = tuple(s for s in d.undecided if s != seat)
    if not d.undecided:
        resolve(d)


# -- resolving a play once every living player has passed ------------------------------------------


def resolve(d: Draft) -> None:
    p = d.pending
    assert p is not None
    d.undecided = ()
    if p.cancelled:
        d.say("cancel", f"P{p.actor}'s {p.kind} is Noped and does nothing", seat=p.actor, action=p.kind)
        d.pending, d.phase = None, TURN
        return
    RESOLVERS[p.kind](d, p)


def _back_to_turn(d: Draft) -> None:
    d.pending, d.phase = None, TURN


def resolve_skip(d: Draft, p: Pending) -> None:
    end_one_turn(d)


def resolve_attack(d: Draft, p: Pending) -> None:
    stacking = d.state.game.options["attacks"] == "stacking"
    owed = (d.owed if d.attacked else 0) + 2 if stacking else 2
    start_turn(d, d.next_living(d.current), owed, True)


def resolve_shuffle(d: Draft, p: Pending) -> None:
    pile = list(d.pile)
    d.rng().shuffle(pile)
    d.pile = tuple(pile)
    K.wipe(d.pile_known)
    d.say("shuffle", "The draw pile is shuffled")
    _back_to_turn(d)


def resolve_see(d: Draft, p: Pending) -> None:
    top = d.pile[:3]
    K.see(d.pile_known, p.actor, top)
    d.say("seen", f"P{p.actor} looks at the top {len(top)} cards", seat=p.actor, count=len(top))
    d.say(
        "future",
        "You see, top first: " + ", ".join(C.TITLES[k] for k in top),
        frozenset((p.actor,)),
        seat=p.actor,
        cards=C.slugs(top),
    )
    _back_to_turn(d)


def resolve_favor(d: Draft, p: Pending) -> None:
    if not d.hands[p.target]:
        d.say("empty", f"P{p.target} has no card to give", seat=p.target)
        _back_to_turn(d)
    else:
        d.phase = FAVOR


def give(d: Draft, seat: int, act: Action) -> None:
    assert d.pending is not None
    transfer_private(d, seat, d.pending.actor, _kind(act), "gives")
    _back_to_turn(d)


def resolve_pair(d: Draft, p: Pending) -> None:
    hand = d.hands[p.target]
    if not hand:
        d.say("empty", f"P{p.target} has no card to steal", seat=p.target)
    else:
        card = hand[d.rng().randrange(len(hand))]
        transfer_private(d, p.target, p.actor, card, "loses at random")
    _back_to_turn(d)


def resolve_triple(d: Draft, p: Pending) -> None:
    if p.named in d.hands[p.target]:
        giver, taker, kind = p.target, p.actor, p.named
        d.hands[giver] = C.without_one(d.hands[giver], kind)
        d.hands[taker] = C.with_one(d.hands[taker], kind)
        K.lose_known_kind(d.hand_known, giver, kind)
        for knower in range(d.players):
            K.gain(d.hand_known, knower, taker, kind)
        d.say("transfer", f"P{giver} hands {C.TITLES[kind]} to P{taker}", giver=giver, taker=taker, card=C.SLUGS[kind])
    else:
        d.say("miss", f"P{p.target} has no {C.TITLES[p.named]}", seat=p.target, card=C.SLUGS[p.named])
    _back_to_turn(d)


def resolve_five(d: Draft, p: Pending) -> None:
    d.phase = TAKE


def take(d: Draft, seat: int, act: Action) -> None:
    kind = _kind(act)
    pile = d.discard
    last = len(pile) - 1 - pile[::-1].index(kind)
    d.discard = pile[:last] + pile[last + 1 :]
    d.hands[seat] = C.with_one(d.hands[seat], kind)
    for knower in range(d.players):
        K.gain(d.hand_known, knower, seat, kind)
    d.say("take", f"P{seat} takes {C.TITLES[kind]} from the discard pile", seat=seat, card=C.SLUGS[kind])
    _back_to_turn(d)


def transfer_private(d: Draft, giver: int, taker: int, kind: int, verb: str) -> None:
    """A card passes unseen by the table: only the two players learn which."""
    d.hands[giver] = C.without_one(d.hands[giver], kind)
    d.hands[taker] = C.with_one(d.hands[taker], kind)
    K.lose_unseen(d.hand_known, giver, (giver, taker))
    row = d.hand_known[taker]
    if kind in row[giver]:  # the taker saw exactly which known card left the giver's hand
        new = list(row)
        new[giver] = C.without_one(row[giver], kind)
        d.hand_known[taker] = tuple(new)
    K.gain(d.hand_known, giver, taker, kind)
    d.say("transfer", f"P{giver} {verb} a card to P{taker}", giver=giver, taker=taker)
    d.say(
        "transferred",
        f"P{giver} {verb} {C.TITLES[kind]} to P{taker}",
        frozenset((giver, taker)),
        giver=giver,
        taker=taker,
        card=C.SLUGS[kind],
    )


HANDLERS: dict[str, Callable[[Draft, int, Action], None]] = {
    "draw": draw,
    "place": place,
    "play": play,
    "favor": favor,
    "pair": pair,
    "triple": triple,
    "name": name,
    "five": five,
    "nope": nope,
    "pass": pass_,
    "give": give,
    "take": take,
}

RESOLVERS: dict[str, Callable[[Draft, Pending], None]] = {
    "attack": resolve_attack,
    "skip": resolve_skip,
    "shuffle": resolve_shuffle,
    "see-the-future": resolve_see,
    "favor": resolve_favor,
    "pair": resolve_pair,
    "triple": resolve_triple,
    "five": resolve_five,
}
