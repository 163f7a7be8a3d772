"""The conformance suite on T.A.C.O. at 2, 4 and 8 players, with and without each variant, and the v3 preset.

Games at 8 players run 700 steps and more, so fewer of them: 40 seeded games a variant at 2 players,
16 at 4, 8 at 8 (half of what this played before: every variant still goes through several whole games
of every phase, and the long run is a command away). `python bench/games/conformance.py --game taco
--games 2000` plays the same games and more.
"""

from cardroom.core.conformance import Variant, conformance_test

EXTRAS = (("plain", {}), ("gimme", {"gimme_trophy": True}), ("antics", {"antics": True}))


def _variants(players: int) -> list[Variant]:
    return [(f"p{players}-{label}", "standard", {"players": players, **extra}) for label, extra in EXTRAS]


# Our second_pick rule (the v3 preset, two players' default) changes only 2-player deals.
test_conformance_two = conformance_test(
    "taco", games=40, variants=[*_variants(2), ("p2-v3", "v3", {"players": 2})], chunks=1, deep_every=400
)
test_conformance_four = conformance_test("taco", games=16, variants=_variants(4), chunks=1, deep_every=400)
test_conformance_eight = conformance_test("taco", games=8, variants=_variants(8), chunks=1, deep_every=400)
