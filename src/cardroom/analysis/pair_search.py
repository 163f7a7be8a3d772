"""The analysis's two uses of the `hard` bot's paired-root search on a compiled kernel.

**Choosing** (:func:`choose`): exactly ``Searcher.search`` with ``paired=True`` (the same random
draws, the same playouts in the same order), except that it may stop at any eighth of its
budget when the answer is *settled*: when no plausible run of the remaining worlds
could change what the full budget would choose (:func:`settled`). Each checkpoint's answer is the one
the full search's prefix gives, so whether stopping ever changed a choice is measured directly by
running the full budget (``bench/analysis/analysis_early_stop.py``).

**Measuring** (:func:`paired_root`): a search whose paired root holds only the two actions being compared.

The `hard` bot's search (``Searcher.search`` with ``paired=True``) plays *every* legal action in each
imagined world, then lets per-seat trees and the heuristic play on. A measuring search only needs two
of them: the yardstick's move and the seat's. Played alone, each of the two still gets the same worlds
and the same play-on as in a full-root search of the same worlds per action (every root action of a
world is played on the same generator, with trees of its own below it), so the paired difference has
the same distribution, at two playouts a world instead of one per legal action: a T.A.C.O. turn with
eighteen legal actions is measured nine times as cheaply.

Both are the searcher's own paired-root loop (``Searcher.search`` with a stop rule, and
``Searcher.paired_root`` with the root given): the same first draws, the same chunks of worlds, the
searcher's node arrays.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from cardroom.core.kernel_face import PairedRoot, Result, Searcher, Settings

#: The shapes of :func:`choose` and :func:`paired_root`, for the judge (search_judge.py).
Choose = Callable[[Any, Mapping[str, Any], random.Random, Settings, bool], Result]
Measure = Callable[
    [Any, Mapping[str, Any], Sequence[str], random.Random, Settings, int], dict[str, tuple[int, float, float]]
]

#: Where a choosing search may stop, as shares of its budget: every eighth (it was every quarter; the
#: test at each is the same, so a clear decision stops sooner and the answers are the full search's).
CHECKPOINTS = (0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875)
#: How far the remaining worlds' mean difference may plausibly stray from the mean so far, in its
#: standard errors (4: about 1 in 16,000 one way), plus a drift (the trees below the root keep
#: growing, so a later playout is a little better played than an earlier one), in points of win chance.
SETTLE_SE = 4.0
SETTLE_DRIFT = 0.01


def settled(results: Any, limit: int, z: float, spread: float) -> bool:
    """Whether ``paired_choice`` at the full budget of ``limit`` playouts must give the answer it gives
    now, whatever the remaining worlds hold within ``SETTLE_SE`` standard errors and ``SETTLE_DRIFT``:
    either no other action can pass the default's bar (``z`` standard errors), or one clears it with a
    final score that no other action can reach."""
    width = len(results)
    low, high = [], []
    for j in range(1, width):
        _, _, n, dsum, dsq = (float(x) for x in results[j])
        final = limit // width + (1 if j < limit % width else 0)
        if n < 2:
            return False
        mean = dsum / n
        var = (max(dsq - n * mean * mean, 0.0) + spread) / n  # paired_choice's variance a world
        rest = final - n
        stray = (SETTLE_SE * math.sqrt(var * rest) + SETTLE_DRIFT * rest) / final
        # The final score's standard-error term lies between these: the spread's share shrinks with n.
        se_high = z * math.sqrt(var / final)
        se_low = z * math.sqrt(max(var - spread / n, 0.0) / final)
        low.append(mean - stray - se_high)
        high.append(mean + stray - se_low)
    if max(high, default=-1.0) <= 0.0:
        return True  # the default stands
    best = max(range(len(low)), key=low.__getitem__)
    return low[best] > 0.0 and all(low[best] > h for j, h in enumerate(high) if j != best)


def choose(searcher: Searcher, view: Mapping[str, Any], rng: random.Random, settings: Settings,
           early: bool = True, seen: list[tuple[int, str]] | None = None,
           notes: list[tuple[int, Any, str]] | None = None) -> Result:  # fmt: skip
    """``searcher.search(view, rng, settings)`` with a paired root and an iteration budget, stopped at
    the first checkpoint where its answer is :func:`settled` (``early``). ``seen`` collects, at every
    checkpoint that was settled, (playouts so far, the answer there): a full run (``early=False``)
    tells whether stopping would have changed the answer. ``notes`` collects, at every sixteenth of
    the budget, (playouts so far, a copy of the root's figures, the answer there), for a benchmark
    that tries other stopping rules on the same search."""
    assert settings.iterations is not None and settings.paired
    limit = int(settings.iterations)
    marks = [int(share * limit) for share in CHECKPOINTS]

    sixteenths = [int(k * limit / 16) for k in range(1, 16)]

    def stop(found: PairedRoot) -> bool:
        nonlocal marks, sixteenths
        if notes is not None and sixteenths and found.playouts >= sixteenths[0]:
            sixteenths = [m for m in sixteenths if m > found.playouts]
            notes.append((found.playouts, found.results.copy(), searcher.answer(found, settings).action))
        if not marks or found.playouts < marks[0] or found.playouts >= limit:
            return False
        marks = [m for m in marks if m > found.playouts]
        if not settled(found.results, limit, settings.z, settings.spread):
            return False
        if seen is not None:
            seen.append((found.playouts, searcher.answer(found, settings).action))
        return early

    # The budget is playouts alone, never the clock: the analysis is a pure function of its seeds.
    return searcher.search(view, rng, replace(settings, deadline=math.inf), stop)


def paired_root(searcher: Searcher, view: Mapping[str, Any], actions: Sequence[str], rng: random.Random,
                settings: Settings, worlds: int) -> dict[str, tuple[int, float, float]]:  # fmt: skip
    """``worlds`` imagined worlds (dealt from ``view`` alone, from ``rng``), each action of ``actions``
    played in every one of them on the same generator, the search playing on below. Returns, per
    action, (worlds, mean reward, mean paired difference against ``actions[0]``), as a search's root
    rows (``search_judge.Run``)."""
    found = searcher.paired_root(view, rng, settings, actions, worlds)
    rows = {}
    for text, (plays, total, pairs, dsum, _) in zip(actions, found.results.tolist(), strict=True):
        rows[text] = (int(plays), total / plays, dsum / pairs)
    return rows
