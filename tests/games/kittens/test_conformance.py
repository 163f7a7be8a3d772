"""The core conformance suite on both presets at 2, 3, 5, 7 and 10 players: 50 seeded games each
at 2, 3 and 5 players, 20 at 7 and 10.

Every step of every game gets the cheap checks (who acts, legal lists, conservation, action text);
"deep" checks (every legal action applies, illegal ones refused, views and logs unchanged when the
unknown cards are dealt again, sample agrees with the view) run on every ``deep_every``-th step and
on the final state of every game, which is also reloaded from JSON and replayed from its seed and
actions. Games with 2-5 players get a mid-game deep check in most games; games with 7 or 10 players
run 400-500 steps (every Nope window asks every living player) and get one in about a fifth of them,
which keeps this directory near a quarter of a minute of one core. `python bench/games/conformance.py --game
exploding-kittens --games 2000` plays the same games and more.
"""

from cardroom.core.conformance import conformance_test

PRESETS = ("classic", "current")


def _variants(players: tuple[int, ...]) -> list[tuple[str, str, dict[str, int]]]:
    return [(f"{preset}-{n}p", preset, {"players": n}) for preset in PRESETS for n in players]


test_conformance_small = conformance_test(
    "exploding-kittens", games=50, variants=_variants((2, 3, 5)), chunks=1, deep_every=150
)
test_conformance_large = conformance_test(
    "exploding-kittens", games=20, variants=_variants((7, 10)), chunks=1, deep_every=2000
)
