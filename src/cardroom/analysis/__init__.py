"""Post-game analysis: each decision's loss and each stretch's luck, from the seat's own view.

``analyse_game(game, seed, actions, seat)`` walks a finished game; ``evaluate(game, view, chosen, policy,
rng)`` scores one decision. ``cardroom analyse RECORD`` is the command-line front end.

See ``report.py`` for the decomposition (start + luck - losses = result, exactly), ``judge.py`` and
``search_judge.py`` for how a decision is judged (the `hard` bot's search chooses, fresh searches
measure) and ``evaluate.py`` for the paired rollouts (sampled worlds, common random numbers).
"""

from cardroom.analysis.evaluate import ActionValue, Estimate, Precision, evaluate, value_of
from cardroom.analysis.labels import LABELS, THRESHOLDS, label
from cardroom.analysis.report import Decision, GameAnalysis, Luck, from_json
from cardroom.analysis.walk import analyse_game

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
