"""The conformance suite on every preset: 2,000 seeded random games each, under every check."""

from cardroom.core.conformance import conformance_test

# Deep checks (every action applied, views against re-dealt hidden cards, samples) on one step in 30:
# with ~100 steps a game that is still several deep checks in every phase of every game.
test_conformance = conformance_test("tacocat", games=2000, chunks=4, deep_every=30)
