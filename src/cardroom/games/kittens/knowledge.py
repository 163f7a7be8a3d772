"""What each seat knows beyond the public table, and how that knowledge ages.

Two kinds, both kept as sound facts (never a guess):

- pile knowledge: (position, kind) pairs, 0 = top. See the Future adds the top three; placing a defused
  Kitten adds its position for the placer. Every draw moves known cards up one place. A Shuffle wipes
  everyone's; a secret Kitten insertion wipes everyone's but the placer's (who shifts theirs), since
  nobody else knows which positions moved.
- hand knowledge: per other seat, cards it surely holds (a lower bound). Learned from a Favor or steal
  one took part in, from a draw one saw coming, or from a public transfer; a card played of that kind
  uses one up; a card lost to someone else unseen lowers every count by one, because any could be it.

The functions work on the mutable lists of a ``rules.Draft``: ``pile`` is a list indexed by seat of
``PileKnown`` tuples, ``hands`` a list indexed by knower of tuples indexed by holder.
"""

from __future__ import annotations

from cardroom.games.kittens import cards as C

PileKnown = tuple[tuple[int, int], ...]
HandKnown = tuple[tuple[int, ...], ...]


def after_draw(pile: list[PileKnown], hands: list[HandKnown], drawer: int, card: int) -> None:
    """The top card went to ``drawer``: known positions move up; whoever knew the top learns the draw."""
    for seat, known in enumerate(pile):
        if not known:
            continue
        if known[0][0] == 0 and seat != drawer and card != C.KITTEN:
            gain(hands, seat, drawer, card)
        pile[seat] = tuple((p - 1, k) for p, k in known if p)


def after_insert(pile: list[PileKnown], placer: int, position: int, kind: int) -> None:
    """``placer`` secretly put ``kind`` at ``position``: only they can still track the order."""
    for seat in range(len(pile)):
        if seat == placer:
            shifted = [(p + 1 if p >= position else p, k) for p, k in pile[seat]]
            shifted.append((position, kind))
            pile[seat] = tuple(sorted(shifted))
        else:
            pile[seat] = ()


def wipe(pile: list[PileKnown]) -> None:
    for seat in range(len(pile)):
        pile[seat] = ()


def see(pile: list[PileKnown], seat: int, top: tuple[int, ...]) -> None:
    """``seat`` saw the top cards: those positions are now known exactly."""
    merged = dict(pile[seat])
    for position, kind in enumerate(top):
        merged[position] = kind
    pile[seat] = tuple(sorted(merged.items()))


def gain(hands: list[HandKnown], knower: int, holder: int, kind: int) -> None:
    if knower == holder:
        return
    row = list(hands[knower])
    row[holder] = C.with_one(row[holder], kind)
    hands[knower] = tuple(row)


def lose_known_kind(hands: list[HandKnown], holder: int, kind: int, *, skip: int = -1) -> None:
    """``holder`` gave up a card of ``kind`` in sight of every knower (but ``skip``)."""
    for knower, row in enumerate(hands):
        if knower == skip or kind not in row[holder]:
            continue
        new = list(row)
        new[holder] = C.without_one(row[holder], kind)
        hands[knower] = tuple(new)


def lose_unseen(hands: list[HandKnown], holder: int, witnesses: tuple[int, ...]) -> None:
    """``holder`` lost one card that knowers outside ``witnesses`` did not see: any known one may be it."""
    for knower, row in enumerate(hands):
        if knower in witnesses or not row[holder]:
            continue
        known = row[holder]
        new = list(row)
        new[holder] = tuple(k for i, k in enumerate(known) if i > 0 and known[i - 1] == k)
        hands[knower] = tuple(new)


def forget_holder(hands: list[HandKnown], holder: int) -> None:
    """``holder``'s hand is gone (revealed onto the discard pile)."""
    for knower, row in enumerate(hands):
        if row[holder]:
            new = list(row)
            new[holder] = ()
            hands[knower] = tuple(new)
