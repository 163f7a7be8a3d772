"""Post-game analysis: each decision's loss and each stretch's luck, from the seat's own view.

``analyse_game(game, seed, actions, seat)`` walks a finished game; ``evaluate(game, view, chosen, policy,
rng)`` scores one decision. ``cardroom analyse RECORD`` is the command-line front end.

See ``walk.py`` for the decomposition (start + luck - losses = result) and ``evaluate.py`` for how a
decision's actions are scored (sampled worlds, heuristic playouts, common random numbers).
"""

from cardroom.analysis.evaluate import ActionValue, Estimate, Precision, evaluate, value_of
from cardroom.analysis.labels import LABELS, THRESHOLDS, label
from cardroom.analysis.walk import Decision, GameAnalysis, Luck, analyse_game, from_json

__all__ = [
    "LABELS",
    "THRESHOLDS",
    "ActionValue",
    "Decision",
    "Estimate",
    "GameAnalysis",
    "Luck",
    "Precision",
    "analyse_game",
    "evaluate",
    "from_json",
    "label",
    "value_of",
]
