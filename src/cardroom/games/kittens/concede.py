"""A player concedes: they leave the game the way an exploded player does.

Conceding is never one of the legal actions (bots, searches and the learning environments never see
it; the action space is unchanged). It is a record of its own in a game's action sequence, the text
``concede``, which ``State.apply`` hands to :meth:`KittensState.concede`, so every replay of the stored
actions walks it. What happens, whatever the moment:

- the seat is out, ranked as if it exploded then; its hand goes where an exploded player's goes (the
  ``exploded_cards`` option: face up onto the discard pile, or set aside with the seat, out of the
  game and unseen). No Kitten leaves the game with it (it drew none), so the draw pile is untouched;
- a play of theirs that is still pending (waiting on a Nope window, a Favor, a name, a pick) does
  nothing (its cards stay discarded), and if it was their turn the next living player starts an
  ordinary turn, exactly as after an explosion; a defused Kitten they were placing goes with them;
- a play aimed at them does nothing; in a Nope window they were asked in, their answer is a pass
  (the window closes as soon as the others have answered);
- when one player is left, they win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.core.errors import IllegalAction
from cardroom.games.kittens import cards as C
from cardroom.games.kittens import knowledge as K
from cardroom.games.kittens.draft import Draft
from cardroom.games.kittens.pending import OVER, PLACE, TURN, WINDOW
from cardroom.games.kittens.rules import resolve, start_turn

if TYPE_CHECKING:
    from cardroom.games.kittens.state import KittensState


def concede(state: KittensState, seat: int) -> KittensState:
    """The state after ``seat`` gives up (see the module's docstring); :class:`IllegalAction` if it cannot."""
    if not isinstance(seat, int) or not 0 <= seat < state.game.players:
        raise IllegalAction(f"there is no seat {seat!r}; seats are 0 to {state.game.players - 1}")
    if state.phase == OVER:
        raise IllegalAction("the game is over; no more actions")
    if seat in state.out:
        raise IllegalAction("you are already out of the game")  # said to the seat that asked, only
    d = Draft(state)
    hand = d.hands[seat]
    # A defused Kitten they were placing leaves with them, as an exploded player's Kitten does.
    kitten = (C.KITTEN,) if d.phase == PLACE and d.current == seat else ()
    d.say("concede", f"P{seat} concedes", seat=seat)
    if state.game.options["exploded_cards"] == "discard":
        d.discard = (*d.discard, *hand, *kitten)
        shown = ", ".join(C.TITLES[k] for k in (*hand, *kitten)) or "no cards"
        d.say("discard-hand", f"P{seat} discards their hand ({shown})", seat=seat, cards=C.slugs((*hand, *kitten)))
        d.hands[seat] = ()
        K.forget_holder(d.hand_known, seat)
    else:  # as an exploded player's: the hand stays with the seat, out of the game, unseen
        d.removed = tuple(sorted((*d.removed, *kitten)))
        d.say("set-aside", f"P{seat}'s cards are set aside, out of the game", seat=seat, cards=[])
    d.out = (*d.out, seat)
    living = d.living()
    if len(living) == 1:
        d.phase, d.pending, d.undecided = OVER, None, ()
        d.say("win", f"P{living[0]} is the last player standing and wins", seat=living[0])
        return d.freeze()
    pending = d.pending
    if d.current == seat:
        if pending is not None and d.phase != TURN:
            d.say("fizzle", f"P{seat}'s {pending.kind} does nothing", seat=seat, action=pending.kind)
        d.undecided = ()
        start_turn(d, d.next_living(seat), 1, False)
    elif pending is not None and pending.target == seat:
        d.say(
            "fizzle",
            f"P{pending.actor}'s {pending.kind} on P{seat} does nothing",
            seat=pending.actor,
            action=pending.kind,
        )
        d.undecided = ()
        d.pending, d.phase = None, TURN
    elif d.phase == WINDOW and seat in d.undecided:
        d.undecided = tuple(s for s in d.undecided if s != seat)
        if not d.undecided:
            resolve(d)
    return d.freeze()
