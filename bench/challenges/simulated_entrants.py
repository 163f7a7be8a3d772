"""Does the deal of the day's duplicate score reward play rather than cards? Simulated entrants (issue 54).

Bots of known strengths enter the same days as people would: each day, at each slot, every entrant
is dealt one of the day's three copies at random and plays it against the deal's bots, offline, in
memory, exactly as the room's replayable bots answer (``room/daily_replay``); the expert's reference of
each copy is played the same way. Each entry gets the room's plain duplicate score (its provisional one)
(``room/daily_results.duplicate_scores``: points minus the mean of the others on the copy, the
expert's reference one of them). Entrants of one strength are *equal bots*: the same bot with
generators of their own, so they play the same deal differently only by chance.

Beside it, the **luck-adjusted** scores (left out with ``--no-analyse``): every entry and every copy's
reference is analysed by the very call the room's standings make for the play figure
(``room/daily_play.analysis_of``: ``$CARDROOM_DAILY_ANALYSIS_WORLDS`` worlds a decision, the fixed
sampling seed), and scored by its result less its luck, which by the analysis's identity is its start
less its losses (counted, or the unthresholded expected ones), compared within the copy exactly as
points are (``room/daily_results.adjusted_scores``); and, to compare, the entry's own adjusted result
with no field.

Printed, for each seed block (its own range of days, with its own deals) and for all blocks together:

- **spread**: over each 7-day window, every equal bot's total duplicate score and total raw points
  (1 for a win .. 0 for last); the standard deviation of those totals among equal bots, averaged
  over windows and strengths, duplicate against raw (the aim: at least 50% smaller), the same
  per deal, and the 7-day spread pooled the usual way (each strength's variance weighted by its
  entrants less one: the averaged figure gives the two-entrant strengths, whose standard deviation
  of two totals is the noisiest, two thirds of its weight);
- **ranking**: the share of 7-day windows (every window of consecutive days in a block, every pair of
  one expert and one heuristic entrant) where the expert's total duplicate score is above the
  heuristic's (the aim: at least 95%); ``hard`` against the heuristic and the expert against ``hard``
  beside it.

    nice -n 10 python bench/challenges/simulated_entrants.py                        # the note's figures
    nice -n 10 python bench/challenges/simulated_entrants.py --blocks 1 --days 8    # a quick look
    CARDROOM_DAILY_ANALYSIS_WORLDS=8 nice -n 19 python bench/challenges/simulated_entrants.py  # a smaller budget than the room's 64
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from cardroom.bots.specs import make_bot
from cardroom.core.bot import Bot, shown
from cardroom.core.game import Game, State
from cardroom.core.outcome import Outcome
from cardroom.core.registry import make
from cardroom.server.room.daily import COPIES, SEAT, Slot, deal_seed, slot_named
from cardroom.server.room.daily_play import Job, analysis_of, luck_adjusted, worlds
from cardroom.server.room.daily_replay import Chooser, play_deal, reference_game
from cardroom.server.room.daily_results import Played, adjusted_scores, duplicate_scores
from cardroom.server.store.challenges import DailyEntry  # the room's entry, here with no database behind it

SECRET = "the bench's secret"
WINDOW = 7  # days: the running leaderboard's


def chooser(spec: str, entrant: str, seed: int) -> Chooser:
    """An entrant bot: one bot for the game (bots keep nothing between decisions that changes their
    answer), its generator of its own per entrant, deal and step, so equal bots differ only by chance."""
    made: dict[int, Bot] = {}

    def choose(game: Game, state: State, step: int) -> str:
        bot = made.setdefault(0, make_bot(spec, game))
        return str(bot.choose(game, shown(bot, state, SEAT), random.Random(f"{entrant}:{seed}:{step}")))

    return choose


def entrants(counts: dict[str, int], specs: dict[str, str]) -> list[tuple[str, str, str]]:
    """(entrant, strength, spec): ``heuristic-1``, ``heuristic-2``, ``hard-1`` ..."""
    return [(f"{kind}-{i + 1}", kind, specs[kind]) for kind, n in counts.items() for i in range(n)]


@dataclass(frozen=True)
class Row:
    """One simulated entry: who, and its raw points and scores (the room's plain duplicate score and, beside
    it to compare, the points against the expert's reference alone and against the field without it)."""

    strength: str
    entrant: str
    slot: str
    raw: float
    scores: dict[str, float]


SCORES = ("duplicate", "against the expert", "field without the expert")
# With the analysis: the luck-adjusted duplicate (counted losses, expected losses), and the entry's own
# luck-adjusted result alone (expected losses; the start is the slot's, the same for every entry).
ADJUSTED = ("luck-adjusted duplicate", "luck-adjusted, expected losses", "luck-adjusted alone, expected losses")


def analysed(slot: Slot, seed: int, moves: list[tuple[int, str]], outcome: Outcome) -> tuple[float, float]:
    """The seat's luck-adjusted result (counted losses, expected losses) from the analysis the room's
    standings run for the play figure (``room/daily_play.analysis_of``: its budget, its seed)."""
    game = make(slot.game, None, **slot.options)
    names = tuple(f"Player {k + 1}" for k in range(slot.players))
    analysis = analysis_of(Job(game, seed, tuple(moves), SEAT, outcome, None, names))
    return luck_adjusted(analysis), luck_adjusted(analysis, expected=True)


def play_day(
    day: str, slot: Slot, field: list[tuple[str, str, str]], bots: str, reference: str, analyse: bool
) -> list[Row]:  # fmt: skip
    """Every entrant of one day's slot, scored (with ``analyse``, the luck-adjusted scores too)."""
    copies = [deal_seed(SECRET, day, slot.key, c) for c in range(COPIES)]
    results, strength_of, adjusted = [], {}, {}
    for n, (entrant, strength, spec) in enumerate(field):
        copy = random.Random(f"copy:{day}:{slot.key}:{entrant}").randrange(COPIES)
        seed = copies[copy]
        moves, outcome = play_deal(slot, seed, bots, chooser(spec, entrant, seed))
        if analyse:
            adjusted[entrant] = analysed(slot, seed, moves, outcome)
        place = outcome.place(SEAT)
        created = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(seconds=n)
        entry = DailyEntry(day, slot.key, entrant, entrant, True, copy, f"{day}-{entrant}", SEAT, created)
        results.append(Played(entry, True, place, (slot.players - place) / (slot.players - 1)))
        strength_of[entrant] = strength
    expert, expert_adjusted = {}, {}
    for c in sorted({r.entry.copy for r in results}):
        moves, outcome = reference_game(slot.key, copies[c], bots, reference)
        expert[c] = (slot.players - outcome.place(SEAT)) / (slot.players - 1)  # as reference_points
        if analyse:
            expert_adjusted[c] = analysed(slot, copies[c], moves, outcome)
    without = {s.played.entry.entrant: s.duplicate for s in duplicate_scores(results, {})}
    luck = []
    for i in range(2 if analyse else 0):  # counted, expected losses: against the field, the expert in it
        mine = {f"{day}-{e}": v[i] for e, v in adjusted.items()}
        found = adjusted_scores(results, mine, {c: v[i] for c, v in expert_adjusted.items()})
        luck.append({s.played.entry.entrant: s.duplicate for s in found})
    if analyse:  # expected losses, alone
        luck.append({e: v[1] for e, v in adjusted.items()})
    rows = []
    for s in duplicate_scores(results, expert):
        entrant = s.played.entry.entrant
        scores = dict(zip(SCORES, (s.duplicate, s.against_expert or 0.0, without[entrant]), strict=True))
        scores.update({name: found[entrant] for name, found in zip(ADJUSTED, luck, strict=False)})
        rows.append(Row(strength_of[entrant], entrant, slot.key, s.played.points or 0.0, scores))
    return rows


@dataclass
class Block:
    """One block's days: per day, every entry of every slot."""

    days: list[list[Row]]


def run_block(
    first: date, length: int, slots: list[Slot], field: list[tuple[str, str, str]], args: argparse.Namespace,
    progress: Callable[[], None],
) -> Block:  # fmt: skip
    days = []
    for d in range(length):
        day = (first + timedelta(days=d)).isoformat()
        today = []
        for slot in slots:
            today += play_day(day, slot, field, args.bots, args.reference, args.analyse)
            progress()
        days.append(today)
    return Block(days)


def windows(block: Block) -> list[list[Row]]:
    """Every run of :data:`WINDOW` consecutive days, its entries together."""
    return [[e for day in block.days[i : i + WINDOW] for e in day] for i in range(len(block.days) - WINDOW + 1)]


def totals(rows: list[Row], score: str) -> dict[str, tuple[str, float, float]]:
    """entrant -> (strength, total score, total raw points)."""
    found: dict[str, tuple[str, float, float]] = {}
    for r in rows:
        _, total, raw = found.get(r.entrant, (r.strength, 0.0, 0.0))
        found[r.entrant] = (r.strength, total + r.scores[score], raw + r.raw)
    return found


def equal_groups(blocks: list[Block], score: str) -> Iterator[list[tuple[float, float]]]:
    """For each 7-day window and strength of two entrants or more: its entrants' (total score, total raw
    points) over the window."""
    for block in blocks:
        for window in windows(block):
            by_strength: dict[str, list[tuple[float, float]]] = {}
            for strength, total, raw in totals(window, score).values():
                by_strength.setdefault(strength, []).append((total, raw))
            yield from (pairs for pairs in by_strength.values() if len(pairs) > 1)


def window_spread(blocks: list[Block], score: str) -> tuple[float, float]:
    """(score, raw): over each 7-day window, the standard deviation of equal bots' totals, averaged
    over windows and strengths: how far apart luck puts bots that play equally well."""
    groups = list(equal_groups(blocks, score))
    return (
        statistics.fmean(statistics.stdev(p[0] for p in pairs) for pairs in groups),
        statistics.fmean(statistics.stdev(p[1] for p in pairs) for pairs in groups),
    )


def pooled_spread(blocks: list[Block], score: str) -> tuple[float, float]:
    """(score, raw): the same spread as :func:`window_spread`, pooled the usual way: each strength's
    variance weighted by its degrees of freedom (entrants less one), so the twelve heuristic entrants
    count for what they measure and a strength of two is not a third of the figure."""
    groups = list(equal_groups(blocks, score))
    dof = sum(len(pairs) - 1 for pairs in groups)
    return (
        (sum((len(pairs) - 1) * statistics.variance(p[0] for p in pairs) for pairs in groups) / dof) ** 0.5,
        (sum((len(pairs) - 1) * statistics.variance(p[1] for p in pairs) for pairs in groups) / dof) ** 0.5,
    )


def deal_spread(blocks: list[Block], score: str) -> tuple[float, float]:
    """(score, raw): the standard deviation of one deal's result over every entry of a strength (days,
    slots and bots together), averaged over strengths: how much one result says."""
    by_strength: dict[str, list[Row]] = {}
    for block in blocks:
        for day in block.days:
            for r in day:
                by_strength.setdefault(f"{r.strength}:{r.slot}", []).append(r)
    groups = by_strength.values()
    return (
        statistics.fmean(statistics.stdev(r.scores[score] for r in g) for g in groups),
        statistics.fmean(statistics.stdev(r.raw for r in g) for g in groups),
    )


def above(blocks: list[Block], better: str, worse: str, score: str, raw: bool = False) -> tuple[int, int, int]:
    """(windows x pairs where ``better``'s total score (or raw points) beat ``worse``'s, where they were
    level (within 1e-9), windows x pairs)."""
    wins = level = pairs = 0
    for block in blocks:
        for window in windows(block):
            found = [
                (strength, raw_total if raw else total) for strength, total, raw_total in totals(window, score).values()
            ]
            for b in (t for s, t in found if s == better):
                for w in (t for s, t in found if s == worse):
                    wins += b > w + 1e-9
                    level += abs(b - w) <= 1e-9
                    pairs += 1
    return wins, level, pairs


def smaller(score: float, raw: float) -> str:
    change = f"{100 * (1 - score / raw):.0f}% smaller" if raw else "no raw spread to compare"
    return f"{score:.3f} against raw {raw:.3f} ({change})"


def report(name: str, blocks: list[Block], scores: tuple[str, ...]) -> None:
    for score in scores:
        print(
            f"{name}, {score}: spread among equal bots over 7 days {smaller(*window_spread(blocks, score))}; "
            f"per deal {smaller(*deal_spread(blocks, score))}; pooled over 7 days {smaller(*pooled_spread(blocks, score))}"
        )
        for better, worse in (("expert", "heuristic"), ("hard", "heuristic"), ("expert", "hard")):
            wins, level, pairs = above(blocks, better, worse, score)
            if pairs:
                share = 100 * wins / pairs
                print(
                    f"{name}, {score}:   {better} above {worse} in {wins}/{pairs} 7-day windows x pairs ({share:.1f}%)"
                    + (f", level in {level}" if level else "")
                )
    wins, _, pairs = above(blocks, "expert", "heuristic", SCORES[0], raw=True)
    print(
        f"{name}, raw points: expert above heuristic in {wins}/{pairs} 7-day windows x pairs ({100 * wins / pairs:.1f}%)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slots", default="exploding-kittens-2,tacocat-2", help="slots' keys, comma-separated")
    parser.add_argument("--blocks", type=int, default=3, help="independent seed blocks (ranges of days)")
    parser.add_argument("--first-block", type=int, default=1, help="the first block's number (1: from 2027-01-01)")
    parser.add_argument("--days", type=int, default=12, help="days a block (7-day windows: days - 6)")
    parser.add_argument("--heuristic", type=int, default=12, help="heuristic entrants")
    parser.add_argument("--hard", type=int, default=2, help="hard entrants")
    parser.add_argument("--expert", type=int, default=2, help="expert entrants")
    parser.add_argument("--hard-spec", default="ismcts:iterations=100", help="the hard bot, counting its effort")
    parser.add_argument("--expert-spec", default="expert:iterations=200", help="the expert, counting its effort")
    parser.add_argument("--bots", default="heuristic", help="the deals' bots (the room's: ismcts:iterations=200)")
    parser.add_argument("--reference", default="expert:iterations=200", help="the duplicate score's expert")
    parser.add_argument(
        "--no-analyse", dest="analyse", action="store_false",
        help="leave out the luck-adjusted scores (each entry's and each reference's analysis, as the room's play figure)",
    )  # fmt: skip
    args = parser.parse_args()
    if args.days < WINDOW:
        parser.error(f"--days must be at least {WINDOW}")
    slots = [slot_named(k) for k in args.slots.split(",")]
    specs = {"heuristic": "heuristic", "hard": args.hard_spec, "expert": args.expert_spec}
    field = entrants({"heuristic": args.heuristic, "hard": args.hard, "expert": args.expert}, specs)
    print(
        f"{args.blocks} blocks of {args.days} days, slots {', '.join(s.key for s in slots)}; entrants: "
        f"{args.heuristic} heuristic, {args.hard} {args.hard_spec}, {args.expert} {args.expert_spec}; "
        f"the deals' bots {args.bots}; the reference {args.reference}"
        + (f"; the analysis {worlds()} worlds a decision ($CARDROOM_DAILY_ANALYSIS_WORLDS)" if args.analyse else "")
    )
    began, done, total = time.perf_counter(), 0, args.blocks * args.days * len(slots)

    def progress() -> None:
        nonlocal done
        done += 1
        spent = time.perf_counter() - began
        print(
            f"  {done}/{total} days x slots, {spent:.0f} s, about {spent / done * (total - done):.0f} s left",
            file=sys.stderr,
        )

    scores = SCORES + (ADJUSTED if args.analyse else ())
    blocks = []
    for b in range(args.first_block - 1, args.first_block - 1 + args.blocks):
        first = date(2027, 1, 1) + timedelta(days=1000 * b)  # blocks far apart: days of their own
        blocks.append(run_block(first, args.days, slots, field, args, progress))
        report(f"block {b + 1} (from {first.isoformat()})", blocks[-1:], scores)
    report("all blocks", blocks, scores)
    print(f"{time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
