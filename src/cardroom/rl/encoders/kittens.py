"""Exploding Kittens' observation: my hand, the piles, who is out, the pending play and what I know.

Seats are counted from the viewer: index 0 is me, 1 the next seat in seat order, and so on, so one
policy serves every seat. Card kinds follow the game's own list (``cards.SLUGS``). Built from
``view(seat)`` alone: "known" pieces are the viewer's own knowledge, which the view carries.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from cardroom.games.kittens.cards import SLUGS
from cardroom.games.kittens.pending import ACTION_KINDS, FAVOR, FIVE, NAME, OVER, PLACE, TAKE, TURN, WINDOW
from cardroom.rl.encoders.base import Encoder, Piece, seat_order

PHASES = (TURN, WINDOW, FAVOR, NAME, FIVE, TAKE, PLACE, OVER)
KIND = {slug: i for i, slug in enumerate(SLUGS)}
# See the Future shows three cards and a defused Kitten can go anywhere; deeper known positions are
# rare, and kept in the last row.
KNOWN_DEPTH = 8


def _count(out: np.ndarray, slugs: Iterable[str] | None) -> None:
    for slug in slugs or ():
        index = KIND.get(slug)
        if index is not None:
            out[index] += 1


class KittensEncoder(Encoder):
    label = "Exploding Kittens encoder"

    def layout(self) -> list[Piece]:
        k, n = len(SLUGS), self.game.players
        kinds = ", ".join(SLUGS)
        return [
            Piece("my_hand", (k,), f"my hand as counts by kind ({kinds})", 20),
            Piece("hand_sizes", (n,), "hand sizes, me first then in seat order", 30),
            Piece("out", (n,), "1 for each seat that has exploded, me first"),
            Piece("current", (n,), "whose turn it is, one-hot, me first"),
            Piece("my_turn", (1,), "1 if I must decide now"),
            Piece("turns_owed", (1,), "turns the current player still owes", 10),
            Piece("attacked", (1,), "1 if the current turns come from an Attack"),
            Piece("phase", (len(PHASES),), "one-hot: " + ", ".join(PHASES)),
            Piece("draw_pile", (1,), "cards in the draw pile", 80),
            Piece("kittens_in_pile", (1,), "Exploding Kittens still in the draw pile", 10),
            Piece("discard", (k,), "discard pile as counts by kind", 20),
            Piece("discard_top", (k,), "top card of the discard pile, one-hot"),
            Piece("removed", (k,), "cards out of the game, counts by kind", 20),
            Piece("pending_action", (len(ACTION_KINDS),), "the play awaiting reactions: " + ", ".join(ACTION_KINDS)),
            Piece("pending_actor", (n,), "who made that play, one-hot, me first"),
            Piece("pending_target", (n,), "its target, one-hot, me first"),
            Piece("pending_named", (k,), "the card named (three of a kind), one-hot"),
            Piece("pending_cards", (k,), "the cards played, counts by kind", 10),
            Piece("pending_nopes", (1,), "Nopes played on it so far", 10),
            Piece("pending_cancelled", (1,), "1 if it stands cancelled now"),
            Piece("known_pile", (KNOWN_DEPTH, k), "draw pile cards I know, by position from the top"),
            Piece("known_hands", (n, k), "cards I know to be in each hand, me first", 20),
        ]

    def fill(self, view: Mapping[str, Any], out: dict[str, np.ndarray]) -> None:
        order = seat_order(view)
        rel = {seat: i for i, seat in enumerate(order)}
        me = view.get("seat")

        _count(out["my_hand"], view.get("hand"))
        for seat, size in enumerate(view["hand_sizes"]):
            out["hand_sizes"][rel[seat]] = size
        for seat in view["out"]:
            out["out"][rel[seat]] = 1
        if view.get("current") is not None:
            out["current"][rel[view["current"]]] = 1
        out["my_turn"][0] = me is not None and me in view["to_act"]
        out["turns_owed"][0] = view["turns_owed"]
        out["attacked"][0] = bool(view["attacked"])
        if view["phase"] in PHASES:
            out["phase"][PHASES.index(view["phase"])] = 1
        out["draw_pile"][0] = view["draw_pile"]
        out["kittens_in_pile"][0] = view["kittens_in_pile"]
        _count(out["discard"], view["discard"])
        if view["discard"]:
            _count(out["discard_top"], view["discard"][-1:])
        _count(out["removed"], view["removed"])

        pending = view.get("pending")
        if pending:
            if pending["action"] in ACTION_KINDS:
                out["pending_action"][ACTION_KINDS.index(pending["action"])] = 1
            if pending.get("actor") is not None:
                out["pending_actor"][rel[pending["actor"]]] = 1
            if pending.get("target") is not None:
                out["pending_target"][rel[pending["target"]]] = 1
            if pending.get("named"):
                _count(out["pending_named"], [pending["named"]])
            _count(out["pending_cards"], pending.get("cards"))
            out["pending_nopes"][0] = len(pending.get("nopes") or ())
            out["pending_cancelled"][0] = bool(pending.get("cancelled"))

        for position, slug in view.get("known_pile") or ():
            _count(out["known_pile"][min(int(position), KNOWN_DEPTH - 1)], [slug])
        for holder, slugs in view.get("known_hands") or ():
            _count(out["known_hands"][rel[int(holder)]], slugs)
