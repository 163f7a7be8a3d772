"""Tacocat's action forms, the shapes of a jumbo attack, and the action space.

Text forms: ``discard 7``, ``keep 7``, ``done``, ``duel 9``, ``attack 8``, ``attack 7 7 7``, ``attack 8 9 10``,
``defend 11``, ``sacrifice``. Cards of an attack are written lowest first. ``keep N`` exists only in
the simultaneous replacement, where each dealt card is kept or discarded in turn, lowest first.
"""

from __future__ import annotations

from itertools import pairwise

from cardroom.core.action import Action, Form, Grammar, action
from cardroom.games.tacocat.cards import VALUES, Hand

GRAMMAR = Grammar(
    [
        Form("attack", ("N+",), "attack N [N ...]", "attack with one card, a set (7 7) or a run (8 9 10)"),
        Form("defend", ("N",), "defend N", "answer the attack card with one of equal or higher value"),
        Form("sacrifice", (), "sacrifice", "answer the attack card with your lowest card"),
        Form("duel", ("N",), "duel N", "lay a card face down for the duel"),
        Form("discard", ("N",), "discard N", "discard one card to replace it"),
        Form(
            "keep",
            ("N",),
            "keep N",
            "keep this card (the centre space: decide about each card, lowest first)",
        ),
        Form("done", (), "done", "finish replacing cards (a space with one arrow)"),
    ]
)

DONE = action("done")
SACRIFICE = action("sacrifice")


def is_set(cards: tuple[int, ...]) -> bool:
    return len(cards) >= 2 and all(c == cards[0] for c in cards)


def is_run(cards: tuple[int, ...]) -> bool:
    return len(cards) >= 3 and all(b == a + 1 for a, b in pairwise(cards))


def attack_shapes(hand: Hand, jumbo: str) -> list[tuple[int, ...]]:
    """Every attack ``hand`` may make: any one card, and the jumbos ``jumbo`` allows.

    An attack must leave at least one card in hand, so it uses at most ``len(hand) - 1`` cards. Any
    part of a group may be used (two of three 7s; 8 9 10 out of 7..11): the texts say a group "can"
    attack and define sets as 2+ and sequences as 3+ cards, so we read it as any such group.
    """
    most = len(hand) - 1
    distinct = sorted(set(hand))
    shapes: list[tuple[int, ...]] = [(v,) for v in distinct] if most >= 1 else []
    if jumbo == "none":
        return shapes
    for v in distinct:
        for size in range(2, min(hand.count(v), most) + 1):
            shapes.append((v,) * size)
    if jumbo == "sets-and-sequences":
        held = set(distinct)
        for start in distinct:
            run = [start]
            while run[-1] + 1 in held and len(run) < most:
                run.append(run[-1] + 1)
                if len(run) >= 3:
                    shapes.append(tuple(run))
    return shapes


def action_space(deck: tuple[int, ...], max_deal: int, jumbo: str) -> tuple[Action, ...]:
    """Every action the game can offer with this deck (counts per value), largest deal and jumbo rule."""
    present = [v for v, n in zip(VALUES, deck) if n > 0]
    out = {action("done"), action("sacrifice")}
    for v in present:
        out.update(
            (
                action("discard", v),
                action("keep", v),
                action("duel", v),
                action("defend", v),
                action("attack", v),
            )
        )
    most = max_deal - 1
    if jumbo != "none":
        for v, n in zip(VALUES, deck):
            for size in range(2, min(n, most) + 1):
                out.add(action("attack", *(v,) * size))
    if jumbo == "sets-and-sequences":
        for start in present:
            for size in range(3, most + 1):
                run = tuple(range(start, start + size))
                if all(c in present for c in run):
                    out.add(action("attack", *run))
    return tuple(sorted(out))
