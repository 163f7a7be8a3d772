"""The conformance suite on every preset: 100 seeded random games each, under every check.

`python bench/games/conformance.py --game tacocat --games 2000` plays the same games and more.
"""

from cardroom.core.conformance import conformance_test

# Deep checks (every action applied, views against re-dealt hidden cards, samples) on one step in 30:
# with ~100 steps a game that is still several deep checks in every phase of every game.
test_conformance = conformance_test("tacocat", games=100, chunks=2, deep_every=30)
