"""Luck per event: the seat's win chance after every event it did not decide, from its own view.

Between two of the seat's decisions the game moves on by events: the outcome of the seat's own move
(a card drawn), its forced steps, every other seat's action (a replacement, a duel's answer, a steal),
and, first of all, the deal. Each is one luck entry: the seat's win chance after it minus before it.

The value after an event is, in order of precedence:

- the next checkpoint's, where the event ends a stretch: the next decision's value before its move
  (the yardstick's), or the result at the game's end. So the entries add up exactly to the stretch's
  change, and ``start + sum(luck) - sum(losses) = result`` holds term by term;
- the value before it, where nothing the seat could not foresee happened: the seat's own step whose
  view comes out the same in imagined worlds as in the real one, an event that left the seat's view
  as it was, or any event of a quiet stretch (``walk.checkpoints`` pools those). Such an entry is
  exactly 0 (kind ``drift``);
- otherwise the seat's chance from its view after the event: imagined worlds dealt from what it
  could not see, played to the end by the heuristic for every seat, with no move of its own first
  (``Rollouts.hold``; on a compiled kernel, its ``rollouts`` with the action ``HOLD``). The seed is
  derived from the analysis seed and the step, so the value depends on the view alone.

The heuristic's playouts value a position a little lower for the seat than the yardstick's search
(which plays on better): an entry that ends at a decision carries that gap up, the entry after it
down. Every entry carries its own standard error.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardroom.analysis.concession import CONCEDE
from cardroom.analysis.engines import Rollouts
from cardroom.analysis.report import Luck
from cardroom.analysis.words import HIDDEN, OWN
from cardroom.core import events as ev
from cardroom.core.game import Game, State

DEAL = -1  # the deal's acting seat, and its step: before the game's first step


@dataclass(slots=True)
class Move:
    """One event of the game: an action record (or the deal), and what the seat saw of it."""

    step: int  # the state's step before the action (DEAL for the deal)
    actor: int  # the seat that acted; DEAL for the deal
    texts: list[str]  # the log entries the seat saw from it
    view: dict[str, Any]  # the seat's view after it
    foreseen: bool  # the seat's own step whose view came out as in any imagined world
    last: int | None = None  # the last step, where several hidden events were grouped (group_hidden)


def deal(state: State, seat: int) -> Move:
    texts = [e["text"] for e in state.log(seat)]
    return Move(DEAL, DEAL, texts or ["the deal"], state.view(seat), False)


def new_texts(before: State, after: State, seat: int) -> list[str]:
    """The log texts ``seat`` sees from the step ``before`` -> ``after``. The history is a chain, newest
    first, so the new events are read off its head: reading the whole log at every step made a long
    game's walk quadratic (an eight-player T.A.C.O. game: 9 of 40 seconds)."""
    fresh = ev.length(after.history) - ev.length(before.history)
    if after.history is ev.OFF or before.history is ev.OFF or fresh < 0:
        return [e["text"] for e in after.log(seat)[len(before.log(seat)) :]]
    items: list[ev.Event] = []
    chain = after.history
    for _ in range(fresh):
        assert chain is not None and chain is not ev.OFF
        items.append(chain[0])
        chain = chain[1]
    return [e.public()["text"] for e in reversed(items) if e.visible_to(seat)]


def follow(game: Game, before: State, actor: int, text: str, after: State, seat: int) -> Move:
    """The event of ``actor`` playing ``text`` in ``before`` (giving ``after``), from ``seat``'s chair."""
    view = after.view(seat)
    foreseen = False
    if actor == seat:
        foreseen = True
        mine = before.view(seat)
        for k in range(2):  # two imagined worlds: a revealed card would differ in one of them
            if game.sample(mine, random.Random(k)).apply(actor, text).view(seat) != view:
                foreseen = False
                break
    texts = new_texts(before, after, seat)
    return Move(before.step, actor, texts or ([OWN + text] if actor == seat else []), view, foreseen)


def hold_value(rollouts: Rollouts, view: dict[str, Any], seed: int, worlds: int) -> tuple[float, float]:
    """The seat's chance from ``view`` where it need not be the one to act: (mean, standard error)."""
    found = rollouts.hold(view, seed, 0, worlds)
    mean = math.fsum(found) / len(found)
    var = max(mean * (1 - mean), 0.25 / len(found))  # a few equal results are not certainty
    return mean, math.sqrt(var / len(found))


def event_seed(analysis_seed: int, step: int) -> int:
    return random.Random(f"analysis-event:{analysis_seed}:{step}").getrandbits(63)


def paired_hold(rollouts: Rollouts, view: dict[str, Any], chosen: str, seed: int,
                worlds: int) -> tuple[float, float]:  # fmt: skip
    """At a decision, on the plain footing (the heuristic playing on for everyone): the position's
    value with the heuristic's move (the seat held to it) and the chosen move's, in the same worlds."""
    if chosen == CONCEDE:
        return hold_value(rollouts, view, seed, worlds)[0], 0.0
    if rollouts.name == "kernel":
        from cardroom.core.kernel_face import HOLD

        rows = rollouts.rows(view, [HOLD, chosen], seed, 0, worlds)
        return math.fsum(r[0] for r in rows) / len(rows), math.fsum(r[1] for r in rows) / len(rows)
    # The reference engine deals world i and seeds its playout the same way for both: common numbers.
    held = rollouts.hold(view, seed, 0, worlds)
    moved = [r[0] for r in rollouts.rows(view, [chosen], seed, 0, worlds)]
    return math.fsum(held) / len(held), math.fsum(moved) / len(moved)


def group_hidden(moves: Sequence[Move], seat: int) -> list[Move]:
    """The moves with consecutive events the seat could not see at all (another seat's hidden choice,
    no log text for it) merged into one, named :data:`HIDDEN`: one luck entry, valued once."""
    out: list[Move] = []
    for move in moves:
        hidden = not move.texts and move.actor not in (seat, DEAL)
        if hidden and out and out[-1].texts == [HIDDEN]:
            out[-1] = replace(out[-1], view=move.view, last=move.step)
        else:
            out.append(replace(move, texts=[HIDDEN]) if hidden else move)
    return out


@dataclass(frozen=True, slots=True)
class Ends:
    """A stretch's two checkpoints (value, standard error), and its ends on the plain footing: the
    heuristic's value after the decision that starts it (its chosen move's) and before the decision
    that ends it (``None``: the stretch ends at the result)."""

    before: float
    before_se: float
    end: float
    end_se: float
    plain_before: float
    plain_end: float | None


def stretch(moves: Sequence[Move], ends: Ends, quiet: bool, rollouts: Rollouts, analysis_seed: int,
            worlds: int) -> list[Luck]:  # fmt: skip
    """One luck entry per move, from the checkpoint ``before`` to the checkpoint ``end`` (see the
    module doc); the entries' changes sum to ``end - before`` exactly (they telescope). Each entry also
    carries its change on the plain footing (``Luck.plain_change``): the same values, except that the
    stretch starts at the chosen move's value and ends at the position's value before the next decision
    both with the heuristic playing on, so no yardstick's figure at a decision is carried into luck."""
    out: list[Luck] = []
    value, se, plain = ends.before, ends.before_se, ends.plain_before
    last_view: str | None = None
    for k, move in enumerate(moves):
        view_key = json.dumps(move.view, sort_keys=True, default=str)
        carried = quiet or move.foreseen or view_key == last_view
        if k == len(moves) - 1:
            after, after_se = ends.end, ends.end_se
            plain_after = plain if carried else ends.end if ends.plain_end is None else ends.plain_end
        elif carried:
            after, after_se, plain_after = value, se, plain
        else:
            after, after_se = hold_value(rollouts, move.view, event_seed(analysis_seed, move.step), worlds)
            plain_after = after
        out.append(
            Luck(
                move.step,
                move.step if move.last is None else move.last,
                move.texts,
                value,
                after,
                math.hypot(se, after_se),
                carried and after == value,
                plain,
                plain_after,
                after_se,
            )
        )
        value, se, plain, last_view = after, after_se, plain_after, view_key
    return out
