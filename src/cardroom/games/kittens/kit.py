"""Exploding Kittens as the house finds it (``core/kit.py``): its parts by module path and its measured tuning."""

from __future__ import annotations

from types import MappingProxyType

from cardroom.core.kit import GameKit, Tuning

KIT = GameKit(
    name="exploding-kittens",
    game="cardroom.games.kittens.game:KittensGame",
    tuning=Tuning(
        # 15-25 actions a turn, so with a few worlds each one of them looks lucky: the paired root must
        # be more sceptical (z=1 lost to the heuristic, 31% of 16 games; this won 60% of 96; docs/arena.md).
        search=MappingProxyType({"z": "2.5", "spread": "1"}),
        select_playouts=20_480,  # at least what `hard` reached in one second (docs/analysis.md)
        learner_players=(2, 3, 4, 5),
        # OpenSpiel's length bound: about ten times the longest of many random games (142 decisions at
        # 2 players, 605 at 10).
        max_game_length=lambda game: 1_000 + 500 * game.players,
    ),
    kernel="cardroom.games.kittens.kernel_api",
    evidence="cardroom.games.kittens.evidence:evidence",
    features="cardroom.games.kittens.kernel_features",
    weights="cardroom.games.kittens:learned_value.json",
    words="cardroom.games.kittens.words:action_words",
    printed_names="cardroom.games.kittens.cards:PRINTED_NAMES",
    renderer="kittens",
    lab="cardroom.games.kittens.lab:LAB",
    rl_rows=((("classic",), (2, 4, 10)), (("current",), (2, 4, 10))),
)
