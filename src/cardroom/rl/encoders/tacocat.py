"""Tacocat's observation: the hand, the discards, the board and the duel as named pieces.

Everything is seen from the viewer: "me" first, then the opponent, and the board is turned so that
index 0 is always my own goal (the board is symmetric in play, so a policy learned as one side serves
the other). Values are card values 1-12 (index value - 1). Built from ``view(seat)`` alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from cardroom.rl.encoders.base import Encoder, Piece

VALUES = 12
PHASES = ("replace", "duel", "attack", "defend", "over")


def _count(out: np.ndarray, cards: Sequence[Any] | None) -> None:
    for card in cards or ():
        if isinstance(card, int) and 1 <= card <= VALUES:
            out[card - 1] += 1


def _one_hot(out: np.ndarray, card: Any) -> None:
    if isinstance(card, int) and 1 <= card <= VALUES:
        out[card - 1] = 1


class TacocatEncoder(Encoder):
    label = "Tacocat encoder"

    def layout(self) -> list[Piece]:
        board = self.game.new_game(0).view(None)["board"]
        self.goal = int(max(board["goals"].values()))
        self.sides: tuple[str, str] = tuple(sorted(board["goals"], key=board["goals"].get))
        spaces = self.goal - 1
        v = VALUES
        return [
            Piece("my_hand", (v,), "my hand as counts by value", 12),
            Piece("my_marked", (v,), "cards I have marked to replace (simultaneous replacement)", 12),
            Piece("discards", (v,), "discard pile as counts by value", 12),
            Piece("hand_sizes", (2,), "hand sizes: mine, the opponent's", 20),
            Piece("draw_pile", (1,), "cards left in the draw pile", 60),
            Piece("phase", (len(PHASES),), "one-hot: " + ", ".join(PHASES)),
            Piece("my_turn", (1,), "1 if I must decide now"),
            Piece("round", (1,), "round number", 100),
            Piece("tacocat", (self.goal + 1,), "one-hot position of the Tacocat; 0 is my goal"),
            Piece("covered", (spaces,), "spaces already covered, from my goal outwards"),
            Piece("deals", (spaces,), "cards dealt on each space, from my goal outwards", 12),
            Piece("arrows", (spaces, 3), "each space's arrow: toward me, the opponent, both"),
            Piece("attacker", (2,), "who attacks now: me, the opponent"),
            Piece("duel_winner", (2,), "who won the last duel: me, the opponent"),
            Piece("replacing", (4,), "who replaces: me, the opponent, both; and the limit if any", 12),
            Piece("replace_done", (2,), "finished replacing: me, the opponent"),
            Piece("duel_laid", (2,), "card laid face down in the duel: me, the opponent"),
            Piece("duel_my_card", (v,), "my face-down duel card, one-hot"),
            Piece("attack_cards", (v,), "the attack being defended, counts by value", 12),
            Piece("attack_answers", (2, v), "answers so far: defended with, sacrificed", 12),
            Piece("attack_answering", (v,), "the attacking card to answer now, one-hot"),
            Piece("last_duel", (2, v), "the last duel's cards: mine, the opponent's"),
            Piece("last_play_by", (2,), "who made the last attack: me, the opponent"),
            Piece("last_play_cards", (v,), "the last attack's cards, counts by value", 12),
            Piece("last_play_answers", (2, v), "its answers: defended with, sacrificed", 12),
            Piece("last_round", (2, v), "the last round's final cards: mine, the opponent's"),
            Piece("last_round_winner", (2,), "who won the last round: me, the opponent"),
        ]

    def fill(self, view: Mapping[str, Any], out: dict[str, np.ndarray]) -> None:
        me = view.get("you") or self.sides[0]
        them = self.sides[1] if me == self.sides[0] else self.sides[0]
        flip = view["board"]["goals"][me] != 0
        seat = view.get("seat")

        def side(name: Any, target: np.ndarray) -> None:
            if name == me:
                target[0] = 1
            elif name == them:
                target[1] = 1

        _count(out["my_hand"], view.get("hand"))
        discards = out["discards"]
        for value, count in view["discards"].items():
            if 1 <= int(value) <= VALUES:
                discards[int(value) - 1] = count
        sizes = view["hand_sizes"]
        my_index = 0 if seat is None else int(seat)
        out["hand_sizes"][:] = (sizes[my_index], sizes[1 - my_index])
        out["draw_pile"][0] = view["draw_pile_size"]
        if view["phase"] in PHASES:
            out["phase"][PHASES.index(view["phase"])] = 1
        out["my_turn"][0] = seat is not None and seat in view["to_act"]
        out["round"][0] = view["round"]

        board = view["board"]
        pos = int(board["tacocat"])
        out["tacocat"][self.goal - pos if flip else pos] = 1
        for space in board["spaces"]:
            i = (self.goal - space["position"] if flip else space["position"]) - 1
            out["covered"][i] = bool(space["covered"])
            out["deals"][i] = space["deal"]
            arrow = space["arrow"]
            out["arrows"][i, 0 if arrow == me else 1 if arrow == them else 2] = 1

        side(view.get("attacker"), out["attacker"])
        side(view.get("duel_winner"), out["duel_winner"])
        replace = view.get("replace")
        if replace:
            who = replace["replacing"]
            out["replacing"][0 if who == me else 1 if who == them else 2] = 1
            out["replacing"][3] = replace["limit"] or 0
            done = replace.get("done")
            if done:
                out["replace_done"][:] = (done[my_index], done[1 - my_index])
            _count(out["my_marked"], replace.get("your_choice"))
        duel = view.get("duel")
        if duel:
            laid = duel["laid"]
            out["duel_laid"][:] = (laid[my_index], laid[1 - my_index])
            _one_hot(out["duel_my_card"], duel.get("your_card"))
        attack = view.get("attack")
        if attack:
            _count(out["attack_cards"], attack["cards"])
            self._answers(attack["answers"], out["attack_answers"])
            _one_hot(out["attack_answering"], attack.get("answering"))
        last_duel = view.get("last_duel")
        if last_duel:
            _one_hot(out["last_duel"][0], last_duel.get(me))
            _one_hot(out["last_duel"][1], last_duel.get(them))
        last_play = view.get("last_play")
        if last_play:
            side(last_play["attacker"], out["last_play_by"])
            _count(out["last_play_cards"], last_play["cards"])
            self._answers(last_play["answers"], out["last_play_answers"])
        last_round = view.get("last_round")
        if last_round:
            _one_hot(out["last_round"][0], last_round.get(me))
            _one_hot(out["last_round"][1], last_round.get(them))
            side(last_round.get("winner"), out["last_round_winner"])

    @staticmethod
    def _answers(answers: Sequence[Mapping[str, Any]], out: np.ndarray) -> None:
        for answer in answers:
            row = 0 if answer["kind"] == "defend" else 1
            _count(out[row], [answer["card"]])
