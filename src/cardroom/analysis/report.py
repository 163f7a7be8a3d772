"""What an analysis says about one seat's game: its decisions, its luck, and how they add up.

The seat's win chance moves at every checkpoint of the game. At each of its decisions it moves by
the seat's own choice: from the position's value (the yardstick's move) down to the chosen move's
value, by the decision's **loss** (zero or positive). Between two decisions it moves by what the
seat did not control: **luck** (its deal and draws, the other seats' choices). So, exactly, term by
term::

    start + sum(luck) - sum(losses) = result

with no other term: each decision's value before its move is defined as the chosen move's value
plus the counted loss, and each luck entry is the change from one checkpoint to the next.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from cardroom.analysis import drawn
from cardroom.analysis.evaluate import ActionValue, Estimate, Precision
from cardroom.analysis.headline import decision_words, headline_json, headline_text
from cardroom.analysis.words import default_names, named


@dataclass(slots=True)
class Decision:
    step: int
    chosen: str
    estimate: Estimate
    label: str
    win_before: float  # the position's value: the chosen move's value plus the counted loss
    win_after: float  # the chosen move's win chance
    loss: float = 0.0  # counted: beyond the noise and reaching a verdict (else 0); win_before - win_after

    @property
    def best(self) -> str:
        return self.estimate.best.action

    @property
    def best_win(self) -> float:
        return self.win_after + self.loss

    @property
    def expected_loss(self) -> float:
        """The re-measured loss before any threshold: the mean paired gap between the yardstick's move
        and the seat's on fresh worlds (0 where the seat played the yardstick's move). Unbiased, so it
        can be slightly negative; summed over many decisions it compares seats where the counted loss
        (a verdict's threshold) would zero every small loss."""
        measured = self.estimate.measured
        return measured[0] if measured is not None else self.estimate.loss

    def to_json(self) -> dict[str, Any]:
        low, high = self.estimate.loss_interval
        return {
            "step": self.step, "chosen": self.chosen, "best": self.best, "label": self.label,
            "loss": self.loss, "expected_loss": self.expected_loss, "loss_low": low, "loss_high": high,
            "measured": list(self.estimate.measured) if self.estimate.measured is not None else None,
            "win_before": self.win_before, "win_after": self.win_after, "best_win": self.best_win,
            "reference": self.estimate.reference, "headroom": 0.0,
            "worlds": self.estimate.worlds, "playouts": self.estimate.playouts,
            "chosen_se": self.estimate.chosen_se,  # the graph's noise at this decision (drawn.py)
            "actions": [v.to_json() for v in self.estimate.values],
        }  # fmt: skip


@dataclass(slots=True)
class Luck:
    """The change in the seat's win chance over one stretch it did not control."""

    first_step: int
    last_step: int
    events: list[str]
    before: float
    after: float
    noise: float  # standard error of the change
    quiet: bool  # nothing unforeseeable happened: the change is 0 by construction
    # The same change on the plain footing (the heuristic playing on at both ends, no yardstick's value
    # at a decision carried in: luck.stretch); what the cards measure and the luckiest moments read.
    plain_before: float = math.nan
    plain_after: float = math.nan
    after_se: float = 0.0  # the standard error of the value after (the graph's band)

    def __post_init__(self) -> None:
        if math.isnan(self.plain_before):
            self.plain_before, self.plain_after = self.before, self.after

    @property
    def change(self) -> float:
        return self.after - self.before

    @property
    def plain_change(self) -> float:
        return self.plain_after - self.plain_before

    def to_json(self) -> dict[str, Any]:
        return {
            "first_step": self.first_step,
            "last_step": self.last_step,
            "events": self.events,
            "before": self.before,
            "after": self.after,
            "change": self.change,
            "noise": self.noise,
            "plain_before": self.plain_before,
            "plain_after": self.plain_after,
            "after_se": self.after_se,
            "kind": "drift" if self.quiet else "luck",
        }


@dataclass(slots=True)
class GameAnalysis:
    game: str
    preset: str
    options: dict[str, Any]
    seat: int
    players: int
    steps: int
    start: float
    start_se: float
    result: float
    reason: str
    precision: Precision
    decisions: list[Decision] = field(default_factory=list)
    luck: list[Luck] = field(default_factory=list)
    seconds: float = 0.0
    playouts: int = 0
    engine: str = "reference"  # where the playouts ran: "kernel" or "reference"
    yardstick: str = ""  # what judged the decisions, in words
    names: list[str] = field(default_factory=list)  # the seats' names, for what a player reads

    def __post_init__(self) -> None:
        if len(self.names) != self.players:
            self.names = default_names(self.players)

    @property
    def total_loss(self) -> float:
        return math.fsum(d.loss for d in self.decisions)

    @property
    def expected_loss(self) -> float:
        """The decisions' unthresholded re-measured losses, summed (``Decision.expected_loss``)."""
        return math.fsum(d.expected_loss for d in self.decisions)

    @property
    def total_luck(self) -> float:
        return math.fsum(x.change for x in self.luck)

    @property
    def loss_noise(self) -> float:
        """Half-width of a 95% interval on the summed measured losses (independent decisions)."""
        z = self.precision.z
        return z * math.sqrt(
            sum(((d.estimate.loss_interval[1] - d.estimate.loss_interval[0]) / (2 * z)) ** 2 for d in self.decisions)
        )

    @property
    def luck_noise(self) -> float:
        """Half-width of a 95% interval on the summed luck: the sum telescopes to result - start +
        losses, so only the start's and the losses' noise remain."""
        return math.hypot(self.precision.z * self.start_se, self.loss_noise)

    def costliest(self, n: int = 3) -> list[Decision]:
        ranked = sorted((d for d in self.decisions if d.loss > 0), key=lambda d: (-d.loss, d.step))
        return ranked[:n]

    def timeline(self) -> list[tuple[int, float]]:
        """(step, the seat's win chance) from the prior to the result, for the graph: after every event
        (a luck entry of the action at step s is at s + 1; the deal, step -1, at 0) and at both sides of
        every decision."""
        points = [(0, self.start)]
        decisions = iter(self.decisions)
        d = next(decisions, None)
        for x in self.luck:
            while d is not None and x.last_step >= d.step:
                points += [(d.step, d.win_before), (d.step + 1, d.win_after)]
                d = next(decisions, None)
            points.append((x.last_step + 1, x.after))
        while d is not None:
            points += [(d.step, d.win_before), (d.step + 1, d.win_after)]
            d = next(decisions, None)
        points.append((self.steps, self.result))
        return [p for k, p in enumerate(points) if k == 0 or p != points[k - 1]]

    def band(self) -> list[tuple[int, float, float]]:
        """(step, low, high): a 95% band around the line the graph draws (``drawn.py``), the
        estimates' noise drawn as an area rather than read as swings of the line."""
        return drawn.band(self)

    def summary(self) -> str:
        return headline_text(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "cardroom-analysis/1",
            "game": self.game, "preset": self.preset, "options": self.options,
            "seat": self.seat, "players": self.players, "steps": self.steps,
            "measure": "share of the win (1 for a win, 1/k for a k-way shared win, 0 for a loss)",
            "identity": "start + total_luck - total_loss = result",
            "start": self.start, "start_se": self.start_se, "result": self.result, "reason": self.reason,
            "total_loss": self.total_loss, "expected_loss": self.expected_loss, "total_luck": self.total_luck, "headroom": 0.0, "drift": 0.0,
            "loss_noise": self.loss_noise, "luck_noise": self.luck_noise, "summary": self.summary(),
            "names": self.names, "headline": headline_json(self), "band": [list(p) for p in self.band()],
            "precision": {"half_width": self.precision.half_width, "z": self.precision.z,
                          "min_worlds": self.precision.min_worlds, "max_worlds": self.precision.max_worlds,
                          "search_playouts": self.precision.search_playouts},
            "seconds": self.seconds, "playouts": self.playouts, "engine": self.engine, "yardstick": self.yardstick,
            "decisions": [{**d.to_json(), **decision_words(self, d)} for d in self.decisions],
            "luck": [{**x.to_json(), "said": [named(self.game, t, self.names, self.seat) for t in x.events]} for x in self.luck],
            "timeline": [list(p) for p in self.timeline()],
            "drawn": [list(p) for p in drawn.line(self)],
        }  # fmt: skip


def from_json(data: dict[str, Any]) -> GameAnalysis:
    """A :class:`GameAnalysis` back from ``to_json`` data (an analysis made elsewhere, e.g. a server)."""
    p = data["precision"]
    out = GameAnalysis(
        data["game"],
        data["preset"],
        dict(data["options"]),
        data["seat"],
        data["players"],
        data["steps"],
        data["start"],
        data["start_se"],
        data["result"],
        data["reason"],
        Precision(
            half_width=p["half_width"],
            z=p["z"],
            min_worlds=p.get("min_worlds"),
            max_worlds=p["max_worlds"],
            search_playouts=p.get("search_playouts"),
        ),
        seconds=data.get("seconds", 0.0),
        playouts=data.get("playouts", 0),
        engine=data.get("engine", "reference"),
        yardstick=data.get("yardstick", ""),
        names=list(data.get("names", [])),
    )
    for d in data["decisions"]:
        values = [
            ActionValue(v["action"], v["win"], v["advantage"], v["half_width"], v["worlds"], v.get("dropped", False))
            for v in d["actions"]
        ]
        measured = d.get("measured")  # absent in an analysis made before the judged yardsticks
        est = Estimate(
            d["chosen"],
            values,
            d["worlds"],
            d["playouts"],
            d.get("chosen_se", 0.0),
            reference=d.get("reference", d["chosen"]),
            selected=d["best"] if measured else "",
            measured=tuple(measured) if measured else None,
        )
        out.decisions.append(
            Decision(d["step"], d["chosen"], est, d["label"], d["win_before"], d["win_after"], d["loss"])
        )
    for x in data["luck"]:
        out.luck.append(
            Luck(
                x["first_step"],
                x["last_step"],
                list(x["events"]),
                x["before"],
                x["after"],
                x["noise"],
                x["kind"] == "drift",
                x.get("plain_before", math.nan),
                x.get("plain_after", math.nan),
                x.get("after_se", 0.0),
            )
        )
    return out
