"""The conformance suite on the toy, as on every game: seeded random games under every check (views
against re-dealt hidden cards, samples, illegal actions refused, the census kept)."""

from cardroom.core.conformance import conformance_test

test_conformance = conformance_test("pips", games=300, chunks=1, deep_every=1)
