"""What the other player's choices this round say about its hand, read from one seat's log.

Every round is dealt from the whole deck again, so only the current round's choices count. Each choice
of the other player the seat has seen is one observation: its replacement (the cards it discarded face
up, how many it drew, the limit it had), every duel card once shown, every attack and every answer
(a defence with a card, or a sacrifice). With each goes the cards it has played face up since (that
choice's own included): its hand at the choice is its hand now plus those. How likely the choice is in
a world is the opponent model's business (``kernel_evidence.py``): under ``heuristic`` the heuristic
bot's choice on that hand, under ``ismcts`` the same with the measured share of the compiled search's
choices that differ from it (``bench/bots/tacocat_choice_rates.py``, shipped as ``choice_rates.json``).
A choice the model would not make keeps a world with a chance of at least :data:`FLOOR`: no world is
ever ruled out. Everything here reads only the view and its log: public facts and the seat's own cards.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat.kernel_evidence import KINDS, O_ANSWER, O_ATTACK, O_DUEL, O_REPLACE, WIDTH

FLOOR = 0.05  # the least likelihood a choice the model would not make may have
MODELS = ("heuristic", "ismcts")
NO_DISCARD = 12  # a replacement's ``low`` when it discarded nothing: every kept card is no higher


@dataclass
class Observation:
    """One choice of the other player, and the cards (counts of 1..12) it has played face up since."""

    kind: int
    action: int  # the kernel action; a replacement's lowest discard
    detail: int = 0  # the card answered; a replacement's ``top``
    drawn: int = 0  # a replacement's number of cards drawn
    since: list[int] = field(default_factory=lambda: [0] * 12)


def observations(view: Mapping[str, Any]) -> list[Observation]:
    """The other seat's choices this round, from ``view["log"]`` (oldest first)."""
    other = 1 - int(view["seat"])
    found: list[Observation] = []
    discards: list[int] = []
    limit = -1
    for event in view.get("log", ()):
        kind = event["kind"]
        if kind == "round":
            found, discards, limit = [], [], -1  # a new deal: nothing earlier tells of this hand
        elif event.get("seat") != other and kind not in ("duel-won", "duel-tied"):
            continue
        elif kind == "may-replace":
            limit = int(event["limit"])
        elif kind == "discard":
            discards.append(int(event["card"]))
        elif kind == "replace":
            shown = [int(v) for v in event.get("cards", discards)]
            found += _replacement(shown, int(event["count"]), limit, ordered="cards" not in event)
        elif kind in ("duel-won", "duel-tied"):
            card = int(event["cards"][other])
            _played(found, card)
            found.append(Observation(O_DUEL, k.A_DUEL + card - 1, since=_counts([card])))
        elif kind == "attack":
            cards = [int(v) for v in event["cards"]]
            for card in cards:
                _played(found, card)
            found.append(Observation(O_ATTACK, _attack_id(cards), since=_counts(cards)))
        elif kind == "answer":
            card = int(event["card"])
            _played(found, card)
            action = k.A_SACRIFICE if event["sacrifice"] else k.A_DEFEND + card - 1
            found.append(Observation(O_ANSWER, action, int(event["against"]), since=_counts([card])))
    return found


def _replacement(shown: list[int], drawn: int, limit: int, ordered: bool) -> list[Observation]:
    """A finished replacement, unless no hand could explain it under the heuristic (a discard of
    ``KEEP_AT_LEAST`` or more, or discards out of order): the same miss in every world says nothing
    about the hand."""
    keep_at_least = k.KEEP_AT_LEAST
    if any(v >= keep_at_least for v in shown) or (ordered and shown != sorted(shown)):
        return []
    low = min(shown) if shown else NO_DISCARD
    top = max(shown) if shown and drawn == limit else keep_at_least  # the limit stopped it: no lower kept
    return [Observation(O_REPLACE, low, top, drawn)]


def _counts(cards: list[int]) -> list[int]:
    """Counts of the values 1..12 among ``cards``."""
    since = [0] * 12
    for card in cards:
        since[card - 1] += 1
    return since


def _played(found: list[Observation], card: int) -> None:
    for o in found:
        o.since[card - 1] += 1


def _attack_id(cards: list[int]) -> int:
    size = len(cards)
    if cards[0] == cards[-1]:
        return k.A_SET + (cards[0] - 1) * 8 + size - 1
    return k.A_RUN + (cards[0] - 1) * 8 + size - 1


@cache
def misses(model: str) -> tuple[float, ...]:
    """Per kind of choice (:data:`KINDS`), the likelihood of a choice the model would not make, relative
    to one it would: :data:`FLOOR` for the heuristic (it always makes its choice); for the search, its
    measured rate of any one other choice over its rate of the heuristic's, never below the floor
    (1.0: the kind says nothing)."""
    if model not in MODELS:
        raise ValueError(f"no opponent model {model!r}; models: {', '.join(MODELS)}")
    if model == "heuristic":
        return (FLOOR,) * len(KINDS)
    text = resources.files("cardroom.games.tacocat").joinpath("choice_rates.json").read_text()
    models = json.loads(text)["models"]
    if model not in models:
        raise ValueError(f"the shipped table has no rates for {model!r}: bench/bots/tacocat_choice_rates.py")
    rates = models[model]["kinds"]
    out = []
    for kind in KINDS:
        row = rates[kind]
        agree = row["agree"] / max(row["seen"], 1)
        other = (row["seen"] - row["agree"]) / max(row["others"], 1)  # any one non-heuristic choice
        out.append(1.0 if agree <= 0 else min(1.0, max(FLOOR, other / agree)))
    return tuple(out)


def evidence(view: Mapping[str, Any], model: str) -> npt.NDArray[np.float64]:
    """The evidence array the kernel's ``likelihood`` reads: the observation count, then ``WIDTH``
    fields per observation (``kernel_evidence``). Kinds the model says nothing about are left out."""
    miss = misses(model)
    rows = [(o.kind, o.action, o.detail, o.drawn, miss[o.kind], *o.since)
            for o in observations(view) if miss[o.kind] < 1.0]  # fmt: skip
    flat = [float(len(rows))] + [float(x) for row in rows for x in row]
    assert all(len(row) == WIDTH for row in rows)
    return np.array(flat, np.float64)
