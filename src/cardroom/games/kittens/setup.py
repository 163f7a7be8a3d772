"""Setting up a game exactly as the preset says: deal, Defuses, extra Defuses, Kittens, shuffle."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.core import events as ev
from cardroom.core.rng import derive
from cardroom.games.kittens import cards as C
from cardroom.games.kittens.pending import TURN

if TYPE_CHECKING:
    from cardroom.games.kittens.game import KittensGame
    from cardroom.games.kittens.state import KittensState


def defuses_back(game: KittensGame) -> tuple[int, int]:
    """(Defuses shuffled into the pile, Defuses removed from the game) after each player has one."""
    spare = game.counts[C.DEFUSE] - game.players
    if game.options["extra_defuses"] == "two" or game.players == 2:
        back = min(2, spare)
    else:
        back = spare
    return back, spare - back


def pile_size_at_start(game: KittensGame) -> int:
    back, _ = defuses_back(game)
    dealt = game.players * int(game.options["deal"])
    rest = sum(game.counts) - game.counts[C.KITTEN] - game.counts[C.DEFUSE]
    return rest - dealt + back + game.players - 1


def new_state(game: KittensGame, seed: int) -> KittensState:
    from cardroom.games.kittens.state import KittensState

    n, deal = game.players, int(game.options["deal"])
    counts = game.counts
    # 1-2. Kittens and Defuses out; shuffle the rest and deal.
    rest = [k for k in C.KINDS if k not in (C.KITTEN, C.DEFUSE) for _ in range(counts[k])]
    derive(seed, 0).shuffle(rest)
    # 3. One Defuse each.
    hands = tuple(tuple(sorted((*rest[i * deal : (i + 1) * deal], C.DEFUSE))) for i in range(n))
    pile = rest[n * deal :]
    # 4-5. Kittens (one fewer than the players) and the extra Defuses go in; the others leave the game.
    back, gone = defuses_back(game)
    kittens = n - 1
    pile += [C.KITTEN] * kittens + [C.DEFUSE] * back
    removed = tuple(sorted([C.KITTEN] * (counts[C.KITTEN] - kittens) + [C.DEFUSE] * gone))
    # 6. Shuffle the draw pile.
    derive(seed, 1).shuffle(pile)
    events = [
        ev.Event(
            "setup",
            f"Each player is dealt {deal} cards and a Defuse; {kittens} Exploding Kittens and {back} Defuses"
            f" are shuffled into a draw pile of {len(pile)} cards",
            {"deal": deal, "kittens": kittens, "defuses": back, "pile": len(pile)},
        )
    ]
    for seat, hand in enumerate(hands):
        events.append(
            ev.Event(
                "hand",
                "Your hand: " + ", ".join(C.TITLES[k] for k in hand),
                {"seat": seat, "cards": C.slugs(hand)},
                frozenset((seat,)),
            )
        )
    # 7. Seat 0 goes first.
    events.append(ev.Event("turn", "P0 goes first", {"seat": 0, "owed": 1}))
    return KittensState(
        game,
        step=0,
        history=ev.from_list(events),
        seed=seed,
        counter=2,
        hands=hands,
        pile=tuple(pile),
        discard=(),
        removed=removed,
        out=(),
        current=0,
        owed=1,
        attacked=False,
        phase=TURN,
        pending=None,
        undecided=(),
        pile_known=((),) * n,
        hand_known=tuple(((),) * n for _ in range(n)),
    )
