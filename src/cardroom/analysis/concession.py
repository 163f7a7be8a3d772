"""A game that ended by a concession: the seat's decision to give up, measured like any other.

A concession is kept beside the game, not in it (the engines have no resign move), so the stored
actions stop where the seat gave up and the state there is not over. The analysis walks the actions
up to that point and takes the result from the concession. If the analysed seat conceded, giving up
is its last decision: "concede" is worth exactly its result (0, a loss) and the alternative is playing
on, worth the position's value from its own view; the gap is the concession's loss, with the value's
interval, and it gets a verdict like any move. If another seat conceded, that is luck for this seat,
like anything else it did not control.
"""

from __future__ import annotations

import math
import random

from cardroom.analysis.engines import Rollouts
from cardroom.analysis.evaluate import ActionValue, Estimate, Precision, evaluate, value_of
from cardroom.bots.policy import Policy
from cardroom.core.game import Game, State

CONCEDE = "concede"
PLAY_ON = "play on"


def concession_estimate(game: Game, policy: Policy, state: State, seat: int, rng: random.Random,
                        precision: Precision, rollouts: Rollouts) -> Estimate:  # fmt: skip
    """The seat's choice at ``state`` between playing on (its value from the seat's view: the
    reference's move where the seat had a decision, else everyone playing on) and conceding (0)."""
    view = state.view(seat)
    assert precision.max_worlds is not None
    if seat in state.to_act and len(state.legal_actions(seat)) > 1:
        reference = policy.move_from_view(view, random.Random(rng.getrandbits(63)))
        est = evaluate(game, view, reference, policy, rng, precision, reference, rollouts)
        name, value, se, worlds, playouts = reference, est.chosen_value.win, est.chosen_se, est.worlds, est.playouts
    else:
        worlds = min(precision.max_worlds, 256)
        value, se = value_of(game, view, policy, rng, worlds)
        name, playouts = PLAY_ON, worlds
    # The same prior spread as a paired difference: a handful of equal results never looks certain.
    half = precision.z * math.sqrt(se * se + precision.spread / worlds**2)
    values = [ActionValue(name, value, value, half, worlds), ActionValue(CONCEDE, 0.0, 0.0, 0.0, worlds)]
    return Estimate(CONCEDE, values, worlds, playouts, 0.0, reference=name)
