"""Hidden cards: re-dealing what a seat cannot know, and imagining a whole state from one view.

What a seat cannot know: the other hand, the draw pile's order, and the other's pending hidden choice
(which of the cards it has decided about in a simultaneous replacement it set aside, a face-down duel
card). A spectator knows neither hand. How many cards each seat has decided about is public.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardroom.core import events as ev
from cardroom.core.errors import CorruptState
from cardroom.core.rng import seed_from
from cardroom.games.tacocat.board import BOTH, NAMES
from cardroom.games.tacocat.cards import VALUES, counts_of, remove_all
from cardroom.games.tacocat.phases import ATTACK, DEFEND, DUEL, OVER, REPLACE
from cardroom.games.tacocat.state import Draft, TacocatState, draft, freeze

if TYPE_CHECKING:
    from cardroom.games.tacocat.game import TacocatGame

SEAT_OF = {name: seat for seat, name in enumerate(NAMES)}


def _deal_unknown(d: Draft, seats: tuple[int, ...], pool: list[int], picks: list[bool], rng: random.Random) -> None:
    """Deal ``pool`` (shuffled) into the ``seats``' hands and duel cards, the rest to the draw pile.

    ``picks[i]`` says whether ``seats[i]`` has a duel card laid; hand sizes (set-aside cards included)
    stay as they are in ``d``. In a simultaneous replacement the seat's cards are its dealt hand, and
    which of the ``d.decided[seat]`` lowest it set aside is drawn again too: any keep/discard pattern
    over those decisions is consistent with what the other seat sees (only their number is public).
    """
    hands, chosen, laid = list(d.hands), list(d.marks), list(d.picks)
    both = d.phase == REPLACE and d.actor == BOTH
    # Cards below a seat's floor cannot be in its hand, so hands are dealt first, from the cards that
    # fit, higher floor first: whatever that seat takes is also fit for the other, so both always fill.
    for seat in sorted(seats, key=lambda x: -d.floors[x]):
        n = len(hands[seat]) + len(chosen[seat])
        floor = d.floors[seat]
        eligible = [i for i, v in enumerate(pool) if v >= floor][:n]
        cards = sorted(pool[i] for i in eligible)
        taken = set(eligible)
        pool = [v for i, v in enumerate(pool) if i not in taken]
        marked: set[int] = set()
        if both:
            marked = {i for i in range(d.decided[seat]) if rng.random() < 0.5}
        hands[seat] = tuple(v for i, v in enumerate(cards) if i not in marked)
        chosen[seat] = tuple(v for i, v in enumerate(cards) if i in marked)
    at = 0
    for i, seat in enumerate(seats):
        if picks[i]:
            laid[seat] = pool[at]
            at += 1
    d.hands = (hands[0], hands[1])
    d.marks = (chosen[0], chosen[1])
    d.picks = (laid[0], laid[1])
    d.draw = tuple(pool[at:])


def shuffle_unknown(s: TacocatState, seat: int | None, rng: random.Random) -> TacocatState:
    seats = (0, 1) if seat is None else (1 - seat,)
    pool = list(s.draw)
    for x in seats:
        pool += [*s.hands[x], *s.marks[x], *([s.picks[x]] if s.picks[x] else [])]
    rng.shuffle(pool)
    d = draft(s)
    _deal_unknown(d, seats, pool, [bool(s.picks[x]) for x in seats], rng)
    return freeze(d)


def sample(game: TacocatGame, view: Mapping[str, Any], rng: random.Random) -> TacocatState:
    """A full state that gives ``view`` to its seat: the unseen cards dealt at random."""
    try:
        return _sample(game, view, rng)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise CorruptState(f"this is not a Tacocat view of one seat: {exc!r}") from None


def _sample(game: TacocatGame, view: Mapping[str, Any], rng: random.Random) -> TacocatState:
    seat = view["seat"]
    if seat not in (0, 1):
        raise CorruptState("sample needs the view of a seat (0 or 1), not a spectator's")
    other = 1 - seat
    d = object.__new__(Draft)
    d.game = game
    d.seed, d.counter = seed_from(rng), 0
    d.step, d.history, d.round = int(view["step"]), ev.OFF, int(view["round"])  # keeps no log
    board = view["board"]
    d.pos = int(board["tacocat"])
    d.covered = sum(1 << sp["position"] for sp in board["spaces"] if sp["covered"])
    d.phase = phase = view["phase"]
    d.actor, d.limit, d.swapped = BOTH, -1, 0
    d.decided, d.picks, d.attack, d.answers = (0, 0), (0, 0), (), ()
    d.duel_winner = -1 if view["duel_winner"] is None else SEAT_OF[view["duel_winner"]]
    last = view["last_duel"]
    d.last_duel = None if last is None else (last["YAY"], last["WOW"])
    play = view["last_play"]
    d.last_play = None if play is None else (SEAT_OF[play["attacker"]], tuple(play["cards"]), _answers(play["answers"]))
    result = view["last_round"]
    floors = view["lowest_possible"]
    d.floors = (floors["YAY"] if floors["YAY"] > 1 else 0, floors["WOW"] if floors["WOW"] > 1 else 0)
    d.last_round = (
        None
        if result is None
        else (result["YAY"], result["WOW"], -1 if result["winner"] is None else SEAT_OF[result["winner"]])
    )

    full_hand = tuple(view["hand"])
    my_marks: tuple[int, ...] = ()
    my_pick = 0
    their_pick = False
    if phase == REPLACE:
        rep = view["replace"]
        if rep["replacing"] == "both":
            my_marks = tuple(rep["your_choice"])
            d.decided = (int(rep["decided"][0]), int(rep["decided"][1]))
        else:
            d.actor = SEAT_OF[rep["replacing"]]
            d.limit = -1 if rep["limit"] is None else int(rep["limit"])
            d.swapped = int(rep["discarded"])
    elif phase == DUEL:
        my_pick = view["duel"]["your_card"] or 0
        their_pick = bool(view["duel"]["laid"][other])
    elif phase in (ATTACK, DEFEND):
        d.actor = SEAT_OF[view["attacker"]]
        if phase == DEFEND:
            d.attack = tuple(view["attack"]["cards"])
            d.answers = _answers(view["attack"]["answers"])
    elif phase == OVER:
        d.actor = view["outcome"]["winners"][0]

    their_size = int(view["hand_sizes"][other])
    mine: list[tuple[int, ...]] = [(), ()]
    mine[seat] = remove_all(full_hand, my_marks)
    # Placeholders, re-dealt below (with which of their decided cards they set aside, if replacing).
    mine[other] = (0,) * their_size
    d.hands = (tuple(mine[0]), tuple(mine[1]))
    marks: list[tuple[int, ...]] = [(), ()]
    marks[seat] = my_marks
    d.marks = (marks[0], marks[1])
    picks = [0, 0]
    picks[seat] = my_pick
    d.picks = (picks[0], picks[1])
    discard = tuple(int(view["discards"][str(v)]) for v in VALUES)
    d.discard = discard
    seen = counts_of((*full_hand, *([my_pick] if my_pick else [])))
    pool = [v for v, n in zip(VALUES, game.deck) for _ in range(n - seen[v - 1] - discard[v - 1])]
    rng.shuffle(pool)
    _deal_unknown(d, (other,), pool, [their_pick], rng)
    return freeze(d)


def _answers(items: list[dict[str, Any]]) -> tuple[int, ...]:
    return tuple(a["card"] if a["kind"] == "defend" else -a["card"] for a in items)
