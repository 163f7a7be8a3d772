"""T.A.C.O. as the house finds it (``core/kit.py``): its parts by module path and its measured tuning."""

from __future__ import annotations

from types import MappingProxyType

from cardroom.core.kit import GameKit, Tuning

KIT = GameKit(
    name="taco",
    game="cardroom.games.taco.game:TacoGame",
    tuning=Tuning(
        # The learned value beats an even share by little (points in a taco move a lot before the pool
        # runs dry), so the expert needs a longer look first: on the same 200 four-player games, alone
        # against three full searches, cuts of 4, 8, 24, 48 and 64 steps won 21.0, 27.8, 39.7, 44.2 and
        # 39.5% (docs/expert.md).
        expert=MappingProxyType({"cut": "48"}),
        select_playouts=8_192,  # at least what `hard` reached in one second (docs/analysis.md)
        prior_games=2_048,  # fresh games behind the analysis's starting chance (a game is long)
        # The analysis's value after each event: a four-player game has some 250 events a seat, against
        # its 30-second budget, so fewer worlds than the engine's default.
        event_worlds=128,
        learner_players=(2, 3, 4, 5, 6),
        # OpenSpiel's length bound: about ten times the longest of many random games (605 decisions at
        # 4 players, 995 at 8, 1,239 over three rounds).
        max_game_length=lambda game: 1_000 * game.players * int(game.options.get("rounds", 1)),
    ),
    kernel="cardroom.games.taco.kernel_api",
    features="cardroom.games.taco.kernel_features",
    weights="cardroom.games.taco:learned_value.json",
    words="cardroom.games.taco.words:action_words",
    renderer="taco",
    lab="cardroom.games.taco.lab:LAB",
    rl_rows=((("standard", "match", "gimme"), (4, 8)),),
)
