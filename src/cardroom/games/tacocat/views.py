"""What one seat may know: its own hand and choices, and everything on the table."""

from __future__ import annotations

from typing import Any

from cardroom.core.game import View
from cardroom.games.tacocat.board import BOTH, NAMES
from cardroom.games.tacocat.phases import ATTACK, DEFEND, DUEL, OVER, REPLACE
from cardroom.games.tacocat.state import TacocatState, is_done, next_undecided


def seat_name(seat: int) -> str | None:
    return None if seat < 0 else NAMES[seat]


def answers_json(answers: tuple[int, ...]) -> list[dict[str, Any]]:
    return [{"card": abs(a), "kind": "defend" if a > 0 else "sacrifice"} for a in answers]


def board_json(s: TacocatState) -> dict[str, Any]:
    board = s.game.board
    arrow_names = {0: "YAY", 1: "WOW", BOTH: "both"}
    return {
        "tacocat": s.pos,
        "goals": {"YAY": 0, "WOW": board.goal[1]},
        "spaces": [
            {
                "position": p,
                "deal": board.deals[p],
                "arrow": arrow_names[board.arrows[p]],
                "covered": bool(s.covered >> p & 1),
            }
            for p in range(1, board.goal[1])
        ],
    }


def view(s: TacocatState, seat: int | None) -> View:
    sizes = s.hand_sizes()
    mine = seat is not None
    phase = s.phase
    out: View = {
        "you": NAMES[seat] if seat is not None else None,
        "round": s.round,
        "phase": phase,
        "waiting_for": [NAMES[x] for x in s.acting],
        "hand": sorted(s.hands[seat] + s.marks[seat]) if seat is not None else None,
        "opponent_hand_size": sizes[1 - seat] if seat is not None else None,
        "hand_sizes": list(sizes),
        "board": board_json(s),
        "deck_size": len(s.game.deck_cards),
        "draw_pile_size": len(s.draw),
        "discards": {str(v): n for v, n in enumerate(s.discard, 1)},
        "attacker": NAMES[s.actor] if phase in (ATTACK, DEFEND) else None,
        "duel_winner": seat_name(s.duel_winner),
        "replace": None,
        "duel": None,
        "attack": None,
        "last_duel": None if s.last_duel is None else {"YAY": s.last_duel[0], "WOW": s.last_duel[1]},
        "last_play": None,
        "last_round": None,
        "lowest_possible": {"YAY": s.floors[0] or 1, "WOW": s.floors[1] or 1},
    }
    if phase == REPLACE:
        both = s.actor == BOTH
        deciding = both and seat is not None and not is_done(s, seat)
        out["replace"] = {
            "replacing": "both" if both else NAMES[s.actor],
            "limit": None if s.limit < 0 else s.limit,
            "discarded": None if both else s.swapped,
            "done": [is_done(s, 0), is_done(s, 1)] if both else None,
            "decided": [s.decided[0], s.decided[1]] if both else None,
            "your_choice": sorted(s.marks[seat]) if both and seat is not None else None,
            "your_next": next_undecided(s, seat) if deciding and seat is not None else None,
        }
    elif phase == DUEL:
        out["duel"] = {
            "laid": [bool(s.picks[0]), bool(s.picks[1])],
            "your_card": (s.picks[seat] or None) if mine and seat is not None else None,
        }
    elif phase == DEFEND:
        out["attack"] = {
            "cards": list(s.attack),
            "answers": answers_json(s.answers),
            "answering": s.attack[len(s.answers)],
        }
    elif phase == OVER:
        out["waiting_for"] = []
    if s.last_play is not None:
        who, cards, answers = s.last_play
        out["last_play"] = {"attacker": NAMES[who], "cards": list(cards), "answers": answers_json(answers)}
    if s.last_round is not None:
        c0, c1, winner = s.last_round
        out["last_round"] = {"YAY": c0, "WOW": c1, "winner": seat_name(winner)}
    return out
