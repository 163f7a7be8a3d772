"""The core conformance suite on both presets at 2, 3, 5, 7 and 10 players, 1,000 seeded games each."""

from cardroom.core.conformance import conformance_test

VARIANTS = [
    (f"{preset}-{players}p", preset, {"players": players})
    for preset in ("classic", "current")
    for players in (2, 3, 5, 7, 10)
]

test_conformance = conformance_test("exploding-kittens", games=1000, variants=VARIANTS, chunks=2, deep_every=40)
