"""The yardstick for a decision: the `hard` bot's own search, run on the game's compiled kernel.

One search picks, other searches measure:

1. **Selection.** One ISMCTS search from the seat's view, exactly the `ismcts` bot's (a paired root:
   every legal action tried in the same imagined worlds, per-seat trees below it, the heuristic's
   move kept unless another beats it by ``z`` standard errors), with a fixed budget of playouts at
   least what the `hard` bot (``ismcts:ms=1000``) reaches in its second. Its choice is the
   yardstick's move. It stops early only where that choice is settled (``pair_search.choose``).
2. **Measurement.** If the seat played something else, fresh searches (new imagined worlds, new
   trees: independent of the selection) measure the yardstick's move against the seat's, world by
   world, with only those two actions at their root (``pair_search.paired_root``). Each run gives one paired difference; their mean is the loss and their spread its 95%
   interval (Student's t over the runs). Runs are added until the interval is at most ``2 *
   half_width`` wide or the cap is reached. Because the selection's noise does not enter the
   measurement, the "best of several noisy estimates" bias is gone: a seat that plays the
   yardstick's choices has a loss of exactly 0, and one that plays an equally good move has a
   loss whose interval straddles 0.

Run ``r`` of a decision is a pure function of (view, decision seed, ``r``), so the same seed gives the
same numbers. The kernel API's ``Searcher`` and ``Settings`` are used, and (in ``pair_search``) its
paired root's loop.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from cardroom.analysis.engines import Rollouts
from cardroom.analysis.evaluate import ActionValue, Estimate, Precision, remeasure
from cardroom.analysis.pair_search import Choose, Measure, choose, paired_root
from cardroom.bots.fast_ismcts import INFER, evidence_of, offered_in
from cardroom.bots.ismcts import SearchSettings
from cardroom.bots.search import rewards
from cardroom.core.game import Game
from cardroom.core.registry import tuning

if TYPE_CHECKING:  # the protocol's module imports numpy, which a bot or the room's hints need not
    from cardroom.core.compiled_protocol import CompiledKernel

# Two-sided 95% quantiles of Student's t by degrees of freedom (runs - 1); 2.0 beyond the table.
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23,
       11: 2.20, 12: 2.18, 13: 2.16, 14: 2.14, 15: 2.13, 16: 2.12, 17: 2.11, 18: 2.10, 19: 2.09}  # fmt: skip

UNTRIED_WORLDS = 96


def t95(df: int) -> float:
    return T95.get(df, 2.0) if df > 0 else math.inf


@dataclass(frozen=True)
class Run:
    """One search's root: each action's (worlds, mean reward, mean paired difference vs the default)."""

    rows: dict[str, tuple[int, float, float]]
    playouts: int


class SearchJudge:
    """Decisions judged by the kernel's ISMCTS (see the module doc)."""

    name = "search"

    def __init__(self, game: Game, kernel: CompiledKernel, choosing: Choose = choose, measuring: Measure = paired_root,
                 infer: str = "off") -> None:  # fmt: skip
        self.game = game
        if infer not in INFER:
            raise ValueError(f"infer must be one of {', '.join(INFER)}, not {infer!r}")
        self.infer = infer
        self.evidence = None if infer == "off" else evidence_of(game)
        if infer != "off" and self.evidence is None:
            raise ValueError(f"infer reads no evidence in {game.name} ({offered_in(lambda k: k.evidence)})")
        self.reads_log = self.evidence is not None
        self.choosing, self.measuring = choosing, measuring  # pair_search's (a test may stand in its own)
        self.kernel = kernel
        self.searcher = kernel.Searcher(game)
        self.bot = SearchSettings({}, "ismcts", game.name)  # the `ismcts` bot's tuned settings
        # Playouts of the selecting search and fresh games behind the starting chance, by the game's
        # measured tuning (at least what `hard` reached in one second: docs/analysis.md, "The yardstick").
        tuned = tuning(game.name)
        self.select_playouts, self.prior_games = tuned.select_playouts, tuned.prior_games
        self.reference: Rollouts | None = None  # for actions the search never tried (see _untried)
        self.early = True  # the choosing search stops once its answer is settled (pair_search.choose)

    def describe(self, precision: Precision) -> str:
        playouts = precision.search_playouts or self.select_playouts
        weighed = "" if self.evidence is None else f", worlds weighed by the others' choices (model {self.infer})"
        return (
            f"ISMCTS on the compiled kernel (paired root, z={self.bot.z:g}), {playouts} playouts to choose, "
            f"fresh searches to measure{weighed}"
        )

    def _weighed(self, settings: Any, view: dict[str, Any]) -> Any:
        """``settings`` with the evidence of the view's log, where the judge infers (docs/inference.md)."""
        if self.evidence is None:
            return settings
        return replace(settings, evidence=self.evidence(view, self.infer))

    def _run(self, view: dict[str, Any], seed: int, index: int, playouts: int) -> tuple[str, Run]:
        settings = self.kernel.Settings(
            iterations=playouts, deadline=math.inf, exploration=self.bot.exploration, bias=self.bot.bias,
            paired=True, z=self.bot.z, spread=self.bot.spread, playout=self.bot.playout,
        )  # fmt: skip
        settings = self._weighed(settings, view)
        result = self.choosing(self.searcher, view, random.Random(f"judge:{seed}:{index}"), settings, self.early)
        rows = {}
        for entry in result.root:
            worlds = int(entry["worlds"])
            if worlds and entry["mean"] is not None:
                rows[str(entry["action"])] = (worlds, float(entry["mean"]), float(entry["vs_default"] or 0.0))
        return str(result.action), Run(rows, int(result.iterations))

    def estimate(self, view: dict[str, Any], chosen: str, seed: int, precision: Precision) -> Estimate:
        legal: list[str] = list(view["legal_actions"])
        if chosen not in legal:
            raise ValueError(f"{chosen!r} is not a legal action here; legal: {', '.join(legal)}")
        select = precision.search_playouts or self.select_playouts
        selected, first = self._run(view, seed, 0, select)
        if selected not in legal:
            # The kernel offered a move the reference engine does not allow here (T.A.C.O. after a seat
            # left a game of three or more: the game's sampler deals the kernel a world without the
            # empty chair, docs/analysis.md): the reference engine is the authority, so this decision
            # is judged by its rollouts instead.
            return self._by_reference(view, chosen, seed, precision)
        if selected not in first.rows:
            raise RuntimeError(f"the {self.game.name} kernel's search chose {selected!r} without trying it")
        playouts = first.playouts
        if chosen not in first.rows:
            return self._untried(view, chosen, selected, first, seed, precision)
        if selected == chosen:
            values = _values(legal, chosen, [first], precision.z)
            worlds, mean = first.rows[chosen][0], first.rows[chosen][1]
            return Estimate(
                chosen, values, worlds, playouts, _se(mean, worlds), selected, selected=selected, measured=(0.0, 0.0)
            )
        # A measuring run has the worlds a full-root search of an eighth of the choosing budget gives
        # each action, with only the two compared actions at its root (pair_search.py).
        worlds = math.ceil(max(256, select // 8) / len(legal))
        worlds = min(worlds, precision.max_worlds or worlds)  # a caller's cap on worlds holds here too
        runs: list[Run] = []
        diffs: list[float] = []
        half = math.inf
        while len(runs) < precision.max_runs:
            run = self._measure(view, seed, len(runs) + 1, (selected, chosen), worlds)
            playouts += run.playouts
            if chosen in run.rows and selected in run.rows:
                runs.append(run)
                diffs.append(run.rows[selected][2] - run.rows[chosen][2])
            if len(runs) >= precision.min_runs:
                half = _half_width(diffs, precision)
                if half <= precision.half_width:
                    break
        if len(runs) < 2:  # the measuring searches' roots left one of the two out (T.A.C.O.: see _untried)
            return self._untried(view, chosen, selected, first, seed, precision)
        half = _half_width(diffs, precision)
        values = _values(legal, chosen, runs, precision.z, first)
        loss = sum(diffs) / len(diffs)
        for v in values:
            if v.action == selected:
                v.advantage, v.half_width = loss, half
        worlds = sum(r.rows[chosen][0] for r in runs)
        mean = sum(r.rows[chosen][0] * r.rows[chosen][1] for r in runs) / worlds
        return Estimate(
            chosen, values, worlds, playouts, _se(mean, worlds), selected, selected=selected, measured=(loss, half)
        )

    def _measure(self, view: dict[str, Any], seed: int, index: int, pair: tuple[str, str], worlds: int) -> Run:
        """Measuring run ``index``: the yardstick's move and the seat's in ``worlds`` fresh worlds."""
        settings = self.kernel.Settings(
            iterations=None,
            deadline=math.inf,
            exploration=self.bot.exploration,
            bias=self.bot.bias,
            playout=self.bot.playout,
        )
        settings = self._weighed(settings, view)
        rows = self.measuring(self.searcher, view, pair, random.Random(f"judge:{seed}:{index}"), settings, worlds)
        return Run(rows, 2 * worlds)

    def _untried(self, view: dict[str, Any], chosen: str, selected: str, first: Run, seed: int,
                 precision: Precision) -> Estimate:  # fmt: skip
        """The seat played an action the search's root never tried (T.A.C.O.'s kernel search tries at
        most 16 root actions a world: docs/analysis.md). The yardstick's move is measured against it
        in fresh worlds by paired heuristic rollouts on the reference engine, at most
        ``UNTRIED_WORLDS`` of them."""
        from cardroom.analysis.engines import ReferenceRollouts

        if self.reference is None:
            self.reference = ReferenceRollouts(self.game)
        cap = min(UNTRIED_WORLDS, precision.max_worlds or UNTRIED_WORLDS)
        capped = replace(precision, min_worlds=min(16, cap), max_worlds=cap, batch=min(16, cap))
        fresh = random.Random(f"untried:{seed}").getrandbits(63)
        loss, half, worlds, mean = remeasure(self.reference, view, chosen, selected, fresh, capped)
        values = _values(list(view["legal_actions"]), chosen, [first], precision.z)
        for v in values:
            if v.action == chosen:
                v.win, v.advantage, v.half_width, v.worlds, v.dropped = mean, 0.0, 0.0, worlds, False
            elif v.action == selected:
                v.advantage, v.half_width = loss, half
        return Estimate(
            chosen,
            values,
            worlds,
            first.playouts + 2 * worlds,
            _se(mean, worlds),
            selected,
            selected=selected,
            measured=(loss, half),
        )

    def _by_reference(self, view: dict[str, Any], chosen: str, seed: int, precision: Precision) -> Estimate:
        """The decision judged by the rollout yardstick on the reference engine, at most
        ``UNTRIED_WORLDS`` worlds an action."""
        from cardroom.analysis.engines import ReferenceRollouts
        from cardroom.analysis.rollout_judge import RolloutJudge
        from cardroom.bots.policy import make_policy

        if self.reference is None:
            self.reference = ReferenceRollouts(self.game)
        cap = min(UNTRIED_WORLDS, precision.max_worlds or UNTRIED_WORLDS)
        capped = replace(precision, min_worlds=min(16, cap), max_worlds=cap, batch=min(16, cap))
        judge = RolloutJudge(self.game, self.reference, make_policy(self.game, "heuristic"))
        return judge.estimate(view, chosen, seed, capped)

    def prior(self, seat: int, games: int, seed: int) -> tuple[float, float]:
        winners, _ = self.kernel.simulate(self.game, games, "heuristic", seed)
        share = rewards(None, self.game.players)[seat]
        found = [share if w < 0 else float(w == seat) for w in winners.tolist()]
        mean = sum(found) / len(found)
        return mean, math.sqrt(max(0.0, sum(v * v for v in found) / len(found) - mean * mean) / len(found))


def _half_width(diffs: list[float], p: Precision) -> float:
    """95% half-width of the mean of the runs' paired differences (Student's t over the runs)."""
    n = len(diffs)
    if n < 2:
        return math.inf
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return t95(n - 1) * (p.z / 1.96) * math.sqrt(var / n)


def _se(mean: float, worlds: int) -> float:
    """The standard error of a win chance from ``worlds`` results; never quite 0 (a few equal results
    are not certainty)."""
    return math.sqrt(max(mean * (1 - mean), 0.25 / worlds) / worlds)


def _values(legal: list[str], chosen: str, runs: list[Run], z: float, choosing: Run | None = None) -> list[ActionValue]:
    """Every legal action's win chance pooled over ``runs`` (weighted by worlds) and its paired
    advantage over ``chosen``; an action no run tried has the ``choosing`` search's figures (the
    measuring runs try only the two actions they compare)."""
    out = []
    for text in legal:
        worlds = sum(r.rows[text][0] for r in runs if text in r.rows)
        if not worlds and choosing is not None and text in choosing.rows and chosen in choosing.rows:
            out += [v for v in _values([text, chosen], chosen, [choosing], z) if v.action == text]
            continue
        if not worlds:
            out.append(ActionValue(text, 0.0, 0.0, 1.0, 0, dropped=True))
            continue
        mean = sum(r.rows[text][0] * r.rows[text][1] for r in runs if text in r.rows) / worlds
        both = [r for r in runs if text in r.rows and chosen in r.rows]
        adv = sum(r.rows[text][2] - r.rows[chosen][2] for r in both) / len(both) if both else 0.0
        out.append(
            ActionValue(text, min(1.0, max(0.0, mean)), adv, 0.0 if text == chosen else z * _se(mean, worlds), worlds)
        )
    out.sort(key=lambda v: (-v.win, v.action))
    return out
