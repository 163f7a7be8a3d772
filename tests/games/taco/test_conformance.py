"""The conformance suite on T.A.C.O. at 2, 4 and 8 players, with and without each variant, and the v3 preset."""

from cardroom.core.conformance import conformance_test

VARIANTS = [
    (f"p{n}-{label}", "standard", {"players": n, **extra})
    for n in (2, 4, 8)
    for label, extra in (
        ("plain", {}),
        ("gimme", {"gimme_trophy": True}),
        ("antics", {"antics": True}),
    )
] + [("p2-v3", "v3", {"players": 2})]  # our second_pick rule changes only 2-player deals

test_conformance = conformance_test("taco", games=1000, variants=VARIANTS, chunks=4, deep_every=400)
