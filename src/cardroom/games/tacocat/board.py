"""The board: goal YAY (seat 0), a row of spaces, goal WOW (seat 1).

Positions run from 0 (YAY's goal) through the spaces 1..n to n+1 (WOW's goal). Each space says how
many cards each player is dealt and at whom its arrow points: seat 0, seat 1, or both.

No rule text gives the printed layout, so it is an option. A layout is written as one token per space,
YAY's side first: the deal, then ``Y`` (arrow at YAY), ``W`` (arrow at WOW) or ``B`` (both), e.g.
``4W,6W,9W,7B,9Y,6Y,4Y``, which is the assumed default named ``assumed``.
"""

from __future__ import annotations

from dataclasses import dataclass

BOTH = -1
NAMES = ("YAY", "WOW")
ARROW_LETTERS = {"Y": 0, "W": 1, "B": BOTH}
ARROW_OF = {0: "Y", 1: "W", BOTH: "B"}

# Assumed: the deals follow one review's 4-9 range; each arrow points at the trailing player (the one
# whose goal is farther), a catch-up rule; the centre has arrows at both players.
ASSUMED = "4W,6W,9W,7B,9Y,6Y,4Y"
NAMED_LAYOUTS = {"assumed": ASSUMED}
MIN_DEAL = 2  # a duel plus a final card
MAX_DEAL = 9  # four hands' worth (two deals, two full replacements) must fit in a 36-card deck


@dataclass(frozen=True, slots=True)
class Board:
    deals: tuple[int, ...]  # per position; goals deal 0
    arrows: tuple[int, ...]  # per position: 0, 1 or BOTH; goals BOTH (unused)

    @property
    def goal(self) -> tuple[int, int]:
        """Positions of YAY's and WOW's goals."""
        return (0, len(self.deals) - 1)

    @property
    def centre(self) -> int:
        return (len(self.deals) - 1) // 2

    @property
    def spaces(self) -> int:
        return len(self.deals) - 2

    def is_goal(self, pos: int) -> bool:
        return pos == 0 or pos == len(self.deals) - 1

    def toward(self, pos: int, covered: int, seat: int) -> int:
        """Where Tacocat lands moving one space toward ``seat``'s goal, skipping covered spaces."""
        step = -1 if seat == 0 else 1
        pos += step
        while not self.is_goal(pos) and covered >> pos & 1:
            pos += step
        return pos

    def spec(self) -> str:
        return ",".join(f"{d}{ARROW_OF[a]}" for d, a in zip(self.deals[1:-1], self.arrows[1:-1]))


def layout_problem(value: object) -> str | None:
    """Why ``value`` is no board layout, or ``None`` if it is one."""
    if not isinstance(value, str):
        return f"a board is a layout name ({', '.join(NAMED_LAYOUTS)}) or a string like {ASSUMED!r}"
    if value in NAMED_LAYOUTS:
        return None
    tokens = value.replace(" ", "").split(",")
    if len(tokens) % 2 == 0:
        return f"{value!r} has {len(tokens)} spaces; Tacocat starts on the centre, so the count must be odd"
    for token in tokens:
        deal, arrow = token[:-1], token[-1:].upper()
        if not deal.isdigit() or arrow not in ARROW_LETTERS:
            return f"space {token!r} in {value!r} is not a deal and an arrow (Y, W or B), like '7B'"
        if not MIN_DEAL <= int(deal) <= MAX_DEAL:
            return f"space {token!r} deals {deal}; a space deals {MIN_DEAL} to {MAX_DEAL} cards"
    centre = tokens[len(tokens) // 2]
    if centre[-1].upper() != "B":
        return f"the centre space {centre!r} must have arrows at both players (B): the first round needs them"
    return None


def parse_layout(value: str) -> Board:
    tokens = NAMED_LAYOUTS.get(value, value).replace(" ", "").split(",")
    deals = (0, *(int(t[:-1]) for t in tokens), 0)
    arrows = (BOTH, *(ARROW_LETTERS[t[-1].upper()] for t in tokens), BOTH)
    return Board(deals, arrows)
