"""What the others' Nope-window answers say about their hands, read from one seat's log.

Every play that can be Noped opens a window that every living player answers, ``nope`` or ``pass``;
the window closes when all have passed on its last state. A player without a Nope can only pass, so a
pass says nothing, but a player *with* one who passes where it would usually Nope (an Attack that lands
on it, a steal aimed at it) probably holds none. Each closed window gives, for every other living seat,
one observation: the seat passed in situation ``window_class(...)``. How likely a pass is for a player
holding a Nope in that situation is the opponent model: rates measured by self-play
(``bench/bots/nope_rates.py``, shipped as ``nope_rates.json``), never below a floor so no world is ever
ruled out.

The seat's hand changes after the window, so each observation carries what the log tells of that:
Nopes the seat has played (or handed over, seen) since, cards it gained unseen since (draws), and cards
it gained seen since (the whole count and the Nopes among them). Observations made before the seat
lost a card the searching seat did not see (a steal or Favor between two others) are dropped rather
than modelled. The kernel's ``likelihood`` (``kernel_evidence.py``) turns these into a world's
acceptance probability. Everything here reads only the view and its log: public facts and the seat's
own cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from cardroom.games.kittens import cards as C
from cardroom.games.kittens import placements
from cardroom.games.kittens.kernel import NOPE
from cardroom.games.kittens.kernel_evidence import WIDTH
from cardroom.games.kittens.shipped import model_row

#: The pending plays a window can be on, in the kernel's ``PK_*`` order.
KINDS = ("attack", "skip", "shuffle", "see-the-future", "favor", "pair", "triple", "five")
ACTOR, TARGET, OTHER = 0, 1, 2  # the answering seat's role in the play
CLASSES = len(KINDS) * 6
#: Fields of one observation in the evidence array's Nope section (after the section's count).
FIELDS = ("seat", "kind", "p_not", "p_holds", "lost_since", "unseen_gains", "seen_gains", "seen_kind_gains")
assert len(FIELDS) == WIDTH
FLOOR = 0.05  # the least a holder's pass chance may be: no world is ever ruled out
MIN_SEEN = 20  # a situation measured fewer times than this gives no evidence


def window_class(kind: str, actor: int, target: int, nopes: int, seat: int, after_actor: int) -> int:
    """The situation of ``seat`` answering a window: the play's kind, the seat's role in it (its actor;
    its target, or the next player for an Attack; anyone else) and whether the play stands (an even
    number of Nopes on it)."""
    if seat == actor:
        role = ACTOR
    elif seat == target or (kind == "attack" and seat == after_actor):
        role = TARGET
    else:
        role = OTHER
    return (KINDS.index(kind) * 3 + role) * 2 + nopes % 2


@dataclass
class Observation:
    """One seat's pass in one window, and what its hand did after."""

    seat: int
    situation: int
    lost_since: int = 0  # Nopes it played or handed over where the searching seat saw them
    unseen_gains: int = 0
    seen_gains: int = 0
    seen_kind_gains: int = 0


@dataclass
class _Window:
    kind: str
    actor: int
    target: int
    nopes: int = 0


def observations(view: Mapping[str, Any]) -> list[Observation]:
    """Every other seat's pass on the last state of each closed window in ``view["log"]``, with what
    the log says of its hand since (dropped for a seat that left the game or lost a card unseen)."""
    me, players = int(view["seat"]), int(view["players"])
    out: set[int] = set()
    found: list[Observation] = []
    window: _Window | None = None
    triple: tuple[int, int] | None = None  # a triple's actor and target, until its card is named
    for event in view.get("log", ()):
        kind, data = event["kind"], event
        if window is not None and kind != "nope":
            found += _passes(window, me, players, out)
            window = None
        if kind in ("play", "five"):
            copies = {"pair": 2, "triple": 3}.get(str(data.get("combo")), 1)
            for _ in range(copies):
                _lost(found, int(data["seat"]), _kind_of(str(data["card"])))
        if kind == "play" and data.get("combo") == "triple":
            triple = (int(data["seat"]), int(data["target"]))  # its window opens once the card is named
        elif kind == "play":
            pk = str(data.get("combo") or data["card"])
            window = _Window(pk, int(data["seat"]), int(data.get("target", -1)))
        elif kind == "name" and triple is not None:
            window, triple = _Window("triple", triple[0], triple[1]), None
        elif kind == "five" and int(data["count"]) == 5:
            window = _Window("five", int(data["seat"]), -1)
        elif kind == "nope":
            if window is not None:
                window.nopes += 1
            _lost(found, int(data["seat"]), NOPE)
        elif kind == "draw":
            _gain(found, int(data["seat"]), None, seen=False)
        elif kind == "take":
            _gain(found, int(data["seat"]), _kind_of(str(data["card"])), seen=True)
        elif kind == "transfer" or kind == "transferred":
            _transfer(found, me, kind, data)
        elif kind == "explode":
            out.add(int(data["seat"]))
            found = [o for o in found if o.seat != int(data["seat"])]
    if window is not None and view.get("phase") != "window":  # closed, and nothing said since
        found += _passes(window, me, players, out)
    return found


def _passes(window: _Window, me: int, players: int, out: set[int]) -> list[Observation]:
    """A closed window's observations: every other living seat passed on its last state."""
    after = _next_living(window.actor, players, out)
    return [Observation(seat, window_class(window.kind, window.actor, window.target, window.nopes, seat, after))
            for seat in range(players) if seat != me and seat not in out]  # fmt: skip


def _next_living(seat: int, players: int, out: set[int]) -> int:
    for step in range(1, players + 1):
        other = (seat + step) % players
        if other not in out:
            return other
    return seat


def _kind_of(slug: str) -> int:
    return int(C.KIND_OF[slug])


def _lost(found: list[Observation], seat: int, kind: int) -> None:
    if kind == NOPE:
        for o in found:
            if o.seat == seat:
                o.lost_since += 1


def _gain(found: list[Observation], seat: int, kind: int | None, seen: bool) -> None:
    for o in found:
        if o.seat == seat:
            if seen:
                o.seen_gains += 1
                o.seen_kind_gains += kind == NOPE
            else:
                o.unseen_gains += 1


def _transfer(found: list[Observation], me: int, kind: str, data: Mapping[str, Any]) -> None:
    """A card between two seats: ``transferred`` (the searching seat took part and saw it), ``transfer``
    with a card (a triple's, public) or without one (a steal or Favor the searching seat did not see
    unless a ``transferred`` follows)."""
    giver, taker = int(data["giver"]), int(data["taker"])
    card = data.get("card")
    involved = me in (giver, taker)
    if kind == "transfer" and card is None:
        if involved:
            return  # the ``transferred`` that follows says which card
        _gain(found, taker, None, seen=False)
        found[:] = [o for o in found if o.seat != giver]  # an unseen loss: drop, do not model
        return
    k = _kind_of(str(card))
    _lost(found, giver, k)
    _gain(found, taker, k, seen=True)


@cache
def rates(model: str) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """The shipped table's (passes, seen) per situation for ``model``: how often a player holding a Nope
    passed (``bench/bots/nope_rates.py`` measured them)."""
    table = model_row("nope_rates.json", model, "rates")
    return np.array(table["passes"], np.float64), np.array(table["seen"], np.int64)


def pass_chance(model: str, situation: int) -> float | None:
    """P(pass | holds a Nope) in ``situation`` under ``model``: the measured share, but never below
    :data:`FLOOR`; ``None`` where the table has too few measurements to say.

    A floor rather than a share of a random player mixed in: mixing would make a holder's pass in a
    situation where the model always passes (every other player's See the Future) a little less
    likely than a non-holder's, and over the dozens of such windows of a game that adds up to a real
    bias against any Nope at all."""
    passes, seen = rates(model)
    if seen[situation] < MIN_SEEN:
        return None
    return float(max(FLOOR, passes[situation] / seen[situation]))


def evidence(view: Mapping[str, Any], model: str) -> npt.NDArray[np.float64]:
    """The evidence array the kernel's ``likelihood`` reads: the number of observations, then the Nope
    section (its count, then ``WIDTH`` fields per observation, :data:`FIELDS`; a pass is certain for a
    seat without a Nope, p_not 1) and the placement section (``placements.rows``)."""
    rows: list[Sequence[float]] = []
    for o in observations(view):
        p = pass_chance(model, o.situation)
        if p is None or p >= 1.0:
            continue
        rows.append((o.seat, NOPE, 1.0, p, o.lost_since, o.unseen_gains, o.seen_gains, o.seen_kind_gains))
    placed = placements.rows(view, model)
    flat = [float(len(rows) + len(placed)), float(len(rows))] + [float(x) for row in rows for x in row]
    flat += [float(len(placed))] + [float(x) for row in placed for x in row]
    return np.array(flat, np.float64)
