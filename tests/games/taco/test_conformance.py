"""The conformance suite on T.A.C.O. at 2, 4 and 8 players, with and without each variant, and the v3 preset.

Games at 8 players run 700 steps and more, so fewer of them: 75 seeded games a variant at 2 players,
30 at 4, 15 at 8. `python bench/games/conformance.py --game taco --games 2000` plays the same games and more.
"""

from cardroom.core.conformance import Variant, conformance_test

EXTRAS = (("plain", {}), ("gimme", {"gimme_trophy": True}), ("antics", {"antics": True}))


def _variants(players: int) -> list[Variant]:
    return [(f"p{players}-{label}", "standard", {"players": players, **extra}) for label, extra in EXTRAS]


# Our second_pick rule (the v3 preset, two players' default) changes only 2-player deals.
test_conformance_two = conformance_test(
    "taco", games=75, variants=[*_variants(2), ("p2-v3", "v3", {"players": 2})], chunks=1, deep_every=400
)
test_conformance_four = conformance_test("taco", games=30, variants=_variants(4), chunks=1, deep_every=400)
test_conformance_eight = conformance_test("taco", games=15, variants=_variants(8), chunks=1, deep_every=400)
