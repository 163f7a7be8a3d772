"""T.A.C.O.'s observation: my hand, every taco, the scores, the pile and the decision on the table.

Seats are counted from the viewer (index 0 is me). Card kinds are the card names that the game's own
action space mentions (every card can be discarded), so a change to ``deck.toml`` changes the layout
with no edit here. Engine bookkeeping the view also carries (its task stack, the prompt's details)
goes into a small hashed piece, ``rest``. Built from ``view(seat)`` alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from cardroom.core.game import Game
from cardroom.rl.encoders.base import Encoder, Piece, seat_order
from cardroom.rl.encoders.generic import LIMIT, FeatureHasher

PROMPTS = ("main", "window", "target", "choose", "bonus", "into", "discard")
REST_BUCKETS = 64


class TacoEncoder(Encoder):
    label = "T.A.C.O. encoder"

    def __init__(self, game: Game) -> None:
        words = {str(arg) for act in game.action_space() for arg in act.args if isinstance(arg, str)}
        self.kinds: tuple[str, ...] = tuple(sorted(words))
        self.kind = {slug: i for i, slug in enumerate(self.kinds)}
        self.hasher = FeatureHasher(REST_BUCKETS)
        super().__init__(game)

    def layout(self) -> list[Piece]:
        c, n = len(self.kinds), self.game.players
        return [
            Piece("my_hand", (c,), f"my hand as counts by card ({len(self.kinds)} kinds, sorted by name)", 20),
            Piece("hand_sizes", (n,), "hand sizes, me first then in seat order", 30),
            Piece("known_hands", (n, c), "cards I know to be in other hands, me first", 10),
            Piece("tacos", (n, c), "each seat's taco as counts by card, me first", 20),
            Piece("taco_points", (n,), "points in each taco now, me first", 100, -100),
            Piece("totals", (n,), "match scores after finished rounds, me first", 500, -500),
            Piece("discard", (c,), "discard pile as counts by card", 30),
            Piece("discard_top", (c,), "top of the discard pile, one-hot"),
            Piece("counters", (7,), "round, rounds, turn, turns, taco-point pool, pool at start, deck size", 500),
            Piece("first", (n,), "who started the round, one-hot, me first"),
            Piece("trophy", (n,), "who holds the taco trophy, one-hot, me first"),
            Piece("gimme", (n,), "who holds the 'Gimme that trophy' piece, one-hot, me first"),
            Piece("my_turn", (1,), "1 if I must decide now"),
            Piece("prompt", (len(PROMPTS) + 1,), "the decision on the table: " + ", ".join(PROMPTS) + ", other"),
            Piece("prompt_cards", (c,), "cards the decision is about (a chain of instants, the card played)", 10),
            Piece("prompt_by", (n,), "who played the cards in a chain of instants, me first", 10),
            Piece(
                "rest", (REST_BUCKETS,), "hashed: the engine's pending tasks, prompt details, the reason", LIMIT, -LIMIT
            ),
        ]

    def _count(self, out: np.ndarray, slugs: Iterable[Any]) -> None:
        for slug in slugs:
            index = self.kind.get(slug) if isinstance(slug, str) else None
            if index is not None:
                out[index] += 1

    def fill(self, view: Mapping[str, Any], out: dict[str, np.ndarray]) -> None:
        rel = {seat: i for i, seat in enumerate(seat_order(view))}
        me = view.get("seat")

        def one_hot(target: np.ndarray, seat: Any) -> None:
            if isinstance(seat, int) and seat in rel:
                target[rel[seat]] = 1

        self._count(out["my_hand"], (card["card"] for card in view.get("hand") or ()))
        for seat, size in enumerate(view["hand_sizes"]):
            out["hand_sizes"][rel[seat]] = size
        for _card_id, holder, slug in view.get("known") or ():
            self._count(out["known_hands"][rel[int(holder)]], [slug])
        for seat, taco in enumerate(view["tacos"]):
            self._count(out["tacos"][rel[seat]], (card["card"] for card in taco))
        for seat, points in enumerate(view["taco_points"]):
            out["taco_points"][rel[seat]] = points
        for seat, total in enumerate(view["totals"]):
            out["totals"][rel[seat]] = total
        discard = view["discard"]
        self._count(out["discard"], (card["card"] for card in discard))
        if discard:
            self._count(out["discard_top"], [discard[-1]["card"]])
        out["counters"][:] = [view[k] for k in ("round", "rounds", "turn", "turns", "pool", "pool_start", "deck_size")]
        one_hot(out["first"], view.get("first"))
        one_hot(out["trophy"], view.get("trophy"))
        one_hot(out["gimme"], view.get("gimme"))
        out["my_turn"][0] = me is not None and me in view["to_act"]

        prompt = view.get("prompt")
        if prompt:
            kind = prompt.get("kind")
            out["prompt"][PROMPTS.index(kind) if kind in PROMPTS else len(PROMPTS)] = 1
            for link in prompt.get("chain") or ():
                self._count(out["prompt_cards"], [link["card"]])
                by = link.get("by")
                if isinstance(by, int) and by in rel:
                    out["prompt_by"][rel[by]] += 1
            self._count(out["prompt_cards"], [prompt.get("card"), prompt.get("forced")])
            details = {k: v for k, v in prompt.items() if k not in ("kind", "seats", "chain", "card", "forced")}
            self.hasher.add("prompt", details, out["rest"])
        self.hasher.add("stack", view.get("stack"), out["rest"])
        self.hasher.add("reason", view.get("reason"), out["rest"])
