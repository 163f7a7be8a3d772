"""Set up a chosen T.A.C.O. position: given hands, tacos and the next cards of the deck.

For scenario tests, puzzles and docs: ``arrange(game, hands={0: ["mold"]}, tacos={1: ["shrimp"]})``
gives the state at the start of seat 0's turn (poisons act, then seat 0 draws ``deck_top[0]``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardroom.core import events as ev
from cardroom.games.taco.engine import Engine
from cardroom.games.taco.game import TacoGame
from cardroom.games.taco.state import TacoState


def arrange(
    game: TacoGame,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    tacos: Mapping[int, Sequence[str]] | None = None,
    shells: Mapping[int, str] | None = None,
    deck_top: Sequence[str] = (),
    discard: Sequence[str] = (),
    turn: int = 0,
    pool: int | None = None,
    seed: int = 1,
) -> TacoState:
    """The state at the start of ``turn``'s turn. Taco cards carry their printed points, taken from the
    pool (which starts at ``pool``, or the game's starting pool)."""
    tb = game.new_game(seed).tb.clone()
    cards = game.deck.cards
    free = [c for c in game.deck.deck_ids(game.antics)]
    used: set[int] = set()

    def take(slug: str) -> int:
        for c in free:
            if c not in used and cards[c].slug == slug:
                used.add(c)
                return c
        raise ValueError(f"no copy of {slug!r} left to place")

    n = game.players
    tb.hands = [sorted(take(s) for s in (hands or {}).get(seat, ())) for seat in range(n)]
    starting = game.deck.starting_ids
    tb.tacos = [[starting[seat]] for seat in range(n)]
    tb.points = [0] * len(cards)
    tb.pool = tb.pool_start if pool is None else pool
    for seat, slug in (shells or {}).items():
        card = take(slug)
        tb.tacos[seat][0] = card
        tb.points[card] = cards[card].points
        tb.pool -= cards[card].points
    for seat in range(n):
        for slug in (tacos or {}).get(seat, ()):
            card = take(slug)
            tb.tacos[seat].append(card)
            if cards[card].goes_in_taco and cards[card].type != "poison":
                tb.points[card] = cards[card].points
                tb.pool -= cards[card].points
    tb.discard = [take(s) for s in discard]
    top = [take(s) for s in deck_top]
    rest = [c for c in free if c not in used]
    tb.deck = rest + list(reversed(top))
    tb.box = sorted(set(range(len(cards))) - set(free) - set(starting[:n]))
    used_shells = {t[0] for t in tb.tacos}
    tb.box = sorted({*tb.box, *(s for s in starting[:n] if s not in used_shells)})
    tb.known = {}
    tb.ages = {}
    tb.stack = [["turn", turn]]
    tb.turn = tb.first = turn
    tb.turns = 0
    tb.gimme = -1
    eng = Engine(game, tb)
    eng.run()
    return TacoState(game, tb, 0, ev.from_list(eng.events))
