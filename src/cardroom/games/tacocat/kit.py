"""Tacocat as the house finds it (``core/kit.py``): its parts by module path and its measured tuning."""

from __future__ import annotations

from types import MappingProxyType

from cardroom.core.kit import GameKit, Tuning

KIT = GameKit(
    name="tacocat",
    game="cardroom.games.tacocat.game:TacocatGame",
    tuning=Tuning(
        # A cut playout is scored by a smooth learned chance rather than a won or lost game, so the means
        # the tree compares are less noisy and need less exploring than the generic ``c=1.0``: on the
        # strength row's first 200 games, ``c`` 0.5, 1.0 and 2.0 won 59.0, 55.5 and 54.0%. The playouts
        # lay duel cards as the plain search lays them (a third of the time its highest, often a 7 or an
        # 8), not always the highest as the heuristic: on the row's first 400 games the expert won 65.0%
        # with that and 59.75% without (docs/expert.md). The same model deals the other's face-down duel
        # card; reading the shown ones by it too (``duels=ismcts-read``) was no stronger.
        expert=MappingProxyType({"c": "0.5", "duels": "ismcts"}),
        select_playouts=24_576,  # at least what `hard` reached in one second (docs/analysis.md)
        learner_players=(2,),
        # OpenSpiel's length bound: about ten times the longest of many random games (181 decisions).
        max_game_length=lambda game: 2_000,
    ),
    kernel="cardroom.games.tacocat.kernel_api",
    evidence="cardroom.games.tacocat.evidence:evidence",
    features="cardroom.games.tacocat.kernel_features",
    weights="cardroom.games.tacocat:learned_value.json",
    # The playouts' duel cards laid as the heuristic lays them, as the compiled search was measured to
    # lay them (``kernel_model.py``), and that model also reading the duel cards the other has shown.
    opponent_models=("heuristic", "ismcts", "ismcts-read"),
    words="cardroom.games.tacocat.words:action_words",
    renderer="tacocat",
    side_names=("YAY", "WOW"),  # the log's names for seat 0 and seat 1
    lab="cardroom.games.tacocat.lab:LAB",
    rl_rows=((("official", "quick-reference"), (None,)), (("print-and-play",), (None,))),
)
