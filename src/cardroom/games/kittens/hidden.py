"""Hidden cards dealt again: ``shuffle_unknown`` (for the leak checks) and ``sample`` (for search bots).

Both keep everything a seat knows (its hand, the public table, the pile positions and the cards of
others it knows) and deal the rest at random, with one public constraint: Kittens are never in a
hand, so the unknown Kittens go to unknown pile positions. The sampler ignores negative knowledge
(a player who answered "no" to three of a kind), which only narrows the odds and is never shown
in a view.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardroom.core import events as ev
from cardroom.core.errors import CorruptState
from cardroom.core.rng import seed_from
from cardroom.games.kittens import cards as C
from cardroom.games.kittens.pending import ACTION_KINDS, FIELDS, PHASES, PLACE, WINDOW, Pending

if TYPE_CHECKING:
    from cardroom.games.kittens.game import KittensGame
    from cardroom.games.kittens.state import HandKnown, KittensState, PileKnown

RETRIES = 50


def deal(
    hands: Sequence[tuple[int, ...]],
    holders: Sequence[int],
    fixed: Sequence[tuple[int, ...]],
    pile_size: int,
    known_pile: Mapping[int, int],
    pool: list[int],
    rng: random.Random,
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """New hands and pile: ``holders`` keep their ``fixed`` cards and sizes; ``pool`` fills the rest."""
    kittens = pool.count(C.KITTEN)
    others = [k for k in pool if k != C.KITTEN]
    rng.shuffle(others)
    unknown = [p for p in range(pile_size) if p not in known_pile]
    kitten_at = set(rng.sample(unknown, kittens))
    pile = tuple(
        known_pile[p] if p in known_pile else (C.KITTEN if p in kitten_at else others.pop()) for p in range(pile_size)
    )
    new = list(hands)
    for holder in holders:
        missing = len(hands[holder]) - len(fixed[holder])
        drawn = [others.pop() for _ in range(missing)]
        new[holder] = tuple(sorted((*fixed[holder], *drawn)))
    assert not others, "hidden cards left over: sizes and pool disagree"
    return tuple(new), pile


def _acting_can_move(state: KittensState, seat: int | None) -> bool:
    return all(state.legal_actions(s) for s in state.to_act if s != seat)


def shuffle_unknown(state: KittensState, seat: int | None, rng: random.Random) -> KittensState:
    n = state.game.players
    holders = [s for s in range(n) if s != seat]
    fixed: Sequence[tuple[int, ...]] = state.hand_known[seat] if seat is not None else [()] * n
    known = dict(state.pile_known[seat]) if seat is not None else {}
    pool: list[int] = []
    for holder in holders:
        pool.extend(C.multiset_minus(state.hands[holder], fixed[holder]))
    pool.extend(k for p, k in enumerate(state.pile) if p not in known)
    hands, pile = deal(state.hands, holders, fixed, len(state.pile), known, pool, rng)
    return _with_cards(state, hands, pile)


def _with_cards(state: KittensState, hands: tuple[tuple[int, ...], ...], pile: tuple[int, ...]) -> KittensState:
    fields: dict[str, Any] = {name: getattr(state, name) for name in FIELDS}
    fields.update(hands=hands, pile=pile)
    return type(state)(state.game, step=state.step, history=state.history, **fields)


def _kinds(names: Any) -> tuple[int, ...]:
    return tuple(C.KIND_OF[str(x)] for x in names)


def _pending(data: Any) -> Pending | None:
    if data is None:
        return None
    if data["action"] not in ACTION_KINDS:
        raise CorruptState(f"unknown pending action {data['action']!r}")
    return Pending(
        str(data["action"]),
        int(data["actor"]),
        _kinds(data["cards"]),
        target=-1 if data["target"] is None else int(data["target"]),
        named=-1 if data["named"] is None else C.KIND_OF[data["named"]],
        nopes=tuple(int(s) for s in data["nopes"]),
    )


def sample(game: KittensGame, view: Mapping[str, Any], rng: random.Random) -> KittensState:
    """A full state whose view for ``view['seat']`` is ``view``; unknown cards dealt at random."""
    from cardroom.games.kittens.state import KittensState

    try:
        seat = int(view["seat"])
        n = game.players
        own = tuple(sorted(_kinds(view["hand"])))
        sizes = [int(x) for x in view["hand_sizes"]]
        phase = str(view["phase"])
        if phase not in PHASES or len(sizes) != n or sizes[seat] != len(own):
            raise CorruptState("this view does not fit this game")
        known_pile = {int(p): C.KIND_OF[k] for p, k in view["known_pile"]}
        fixed: list[tuple[int, ...]] = [()] * n
        for holder, names in view["known_hands"]:
            fixed[int(holder)] = tuple(sorted(_kinds(names)))
        discard, removed = _kinds(view["discard"]), tuple(sorted(_kinds(view["removed"])))
        pile_size = int(view["draw_pile"])
        pending = _pending(view["pending"])
        undecided = tuple(int(s) for s in view["to_act"]) if phase == WINDOW else ()
        out = tuple(int(s) for s in view["out"])
        current, owed, attacked = int(view["current"]), int(view["turns_owed"]), bool(view["attacked"])
        step = int(view["step"])
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise CorruptState(f"not an Exploding Kittens view: {type(exc).__name__} {exc}") from None
    counts = list(game.counts)
    seen = [*own, *discard, *removed, *known_pile.values(), *(k for f in fixed for k in f)]
    if phase == PLACE:
        seen.append(C.KITTEN)
    for kind in seen:
        counts[kind] -= 1
    if min(counts) < 0:
        raise CorruptState("this view shows more cards than the deck holds")
    pool = [k for k in C.KINDS for _ in range(counts[k])]
    holders = [s for s in range(n) if s != seat]
    # Only the sizes of the other hands matter to ``deal``; their cards are drawn from the pool.
    placeholder = [tuple([C.DEFUSE] * sizes[s]) if s != seat else own for s in range(n)]
    pile_known: tuple[PileKnown, ...] = tuple(tuple(sorted(known_pile.items())) if s == seat else () for s in range(n))
    hand_known: tuple[HandKnown, ...] = tuple(tuple(fixed) if s == seat else ((),) * n for s in range(n))
    state: KittensState | None = None
    for _ in range(RETRIES):
        hands, pile = deal(placeholder, holders, fixed, pile_size, known_pile, list(pool), rng)
        state = KittensState(
            game,
            step=step,
            history=ev.OFF,  # an imagined state keeps no log (core/events.py)
            seed=seed_from(rng),
            counter=0,
            hands=hands,
            pile=pile,
            discard=discard,
            removed=removed,
            out=out,
            current=current,
            owed=owed,
            attacked=attacked,
            phase=phase,
            pending=pending,
            undecided=undecided,
            pile_known=pile_known,
            hand_known=hand_known,
        )
        # A deal can leave another seat unable to act (say, midway through five different icons);
        # such a deal contradicts what that seat has shown, so deal again.
        if _acting_can_move(state, seat):
            break
    assert state is not None
    return state
