"""One check for the timing tests: two samples of times that must not tell anyone a hidden fact.

Each range covers the other's middle, no threshold on the time tells the two apart much better than
a coin, and a two-sample test finds no difference. Its threshold is p < 0.001, not 0.01: with
identical distributions a p-value is uniform, so 0.01 would fail one clean CI run in a hundred; the
leaks these tests guard against (answers 0.15 s apart, right 69 times in 69) give p far below 1e-10
at their sample sizes, and the other checks fail on them every time.
"""

from __future__ import annotations

from scipy.stats import mannwhitneyu  # type: ignore[import-untyped]


def best_threshold_accuracy(a: list[float], b: list[float]) -> float:
    """How often the best rule "slower than t means a" guesses right, on balanced classes."""
    best = 0.5
    for t in sorted(a + b):
        slower_a = sum(x > t for x in a) / len(a)
        faster_b = sum(x <= t for x in b) / len(b)
        best = max(best, (slower_a + faster_b) / 2, 1 - (slower_a + faster_b) / 2)
    return best


def assert_indistinguishable(a: list[float], b: list[float]) -> float:
    """Fails if the two samples can be told apart; returns the Mann-Whitney p-value."""
    assert min(a) <= sorted(b)[len(b) // 2] <= max(a)
    assert min(b) <= sorted(a)[len(a) // 2] <= max(b)
    assert best_threshold_accuracy(a, b) < 0.75
    p: float = mannwhitneyu(a, b).pvalue
    assert p >= 0.001, (sorted(a), sorted(b))
    return p
