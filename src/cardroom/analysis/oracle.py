"""The oracle line. IT KNOWS THE HIDDEN CARDS.

At each of the seat's decisions, the seat's win chance computed from the *true* state: every hand and
the order of the deck as they really were, and the seed of every later shuffle. Everyone then plays on
by the heuristic, so for games whose heuristic is deterministic this is close to 0 or 1: "from here,
with these cards, the game would have gone this way". It is shown after the game as a second,
labelled line on the graph, to show where the real cards differed from what the seat could expect.
It never feeds a verdict, a loss or a luck figure: those come only from the seat's own view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardroom.analysis.evaluate import score
from cardroom.analysis.walk import is_decision
from cardroom.bots.policy import make_policy
from cardroom.bots.search import rewards
from cardroom.core.game import Game
from cardroom.core.outcome import Outcome
from cardroom.locale import ENGLISH, say


def oracle_label(lang: str = ENGLISH) -> str:
    """What the oracle line is, in ``lang`` (the graph's legend and the page's note)."""
    return say(lang, "oracle (knows the hidden cards and the deck order; never used for verdicts)")


LABEL = oracle_label()


def oracle_timeline(
    game: Game,
    seed: int,
    actions: Sequence[tuple[int, str]],
    seat: int,
    playouts: int = 4,
    outcome: Outcome | None = None,
    steps: int | None = None,
) -> list[tuple[int, float]]:
    """(step, win chance from the true state) at each decision of ``seat``, then the result (at
    ``steps``; ``outcome`` is the table's when the game ended by a concession, before its end)."""
    policy = make_policy(game, "heuristic")
    state = game.new_game(seed)
    points: list[tuple[int, float]] = []
    for seat_i, text in actions:
        if seat_i == seat and is_decision(state, seat):
            total = sum(
                score(game, state, seat, policy, random.Random(f"oracle:{state.step}:{k}")) for k in range(playouts)
            )
            points.append((state.step, total / playouts))
        state = state.apply(seat_i, text)
    final = state.outcome if state.is_over else outcome
    return [*points, (state.step if steps is None else steps, rewards(final, game.players)[seat])]
