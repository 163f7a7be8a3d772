"""The whole state as JSON (secrets included) and back, refusing data that cannot be a real state."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardroom.core import events as ev
from cardroom.core.errors import CorruptState
from cardroom.games.kittens import cards as C
from cardroom.games.kittens.pending import ACTION_KINDS, PHASES, Pending
from cardroom.games.kittens.position import PREFIXES, from_line

if TYPE_CHECKING:
    from cardroom.games.kittens.game import KittensGame
    from cardroom.games.kittens.state import KittensState


def to_json(s: KittensState) -> dict[str, Any]:
    return {
        "game": s.game.name,
        "options": dict(s.game.options),
        "seed": s.seed,
        "counter": s.counter,
        "step": s.step,
        "hands": [C.slugs(h) for h in s.hands],
        "pile": C.slugs(s.pile),
        "discard": C.slugs(s.discard),
        "removed": C.slugs(s.removed),
        "out": list(s.out),
        "current": s.current,
        "owed": s.owed,
        "attacked": s.attacked,
        "phase": s.phase,
        "pending": None if s.pending is None else s.pending.to_json(),
        "undecided": list(s.undecided),
        "pile_known": [[[pos, C.SLUGS[k]] for pos, k in known] for known in s.pile_known],
        "hand_known": [[C.slugs(cards) for cards in row] for row in s.hand_known],
        # Compact rows [kind, text, data, audience]: histories are long and saved often.
        "history": [
            [e.kind, e.text, dict(e.data), None if e.audience is None else sorted(e.audience)]
            for e in ev.iterate(s.history)
        ],
    }


def _event(row: Any) -> ev.Event:
    kind, text, data, audience = row
    return ev.Event(str(kind), str(text), dict(data), None if audience is None else frozenset(int(s) for s in audience))


def _kinds(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise CorruptState(f"{what} must be a list of card names")
    try:
        return tuple(C.KIND_OF[v] for v in value)
    except (KeyError, TypeError):
        raise CorruptState(f"{what} holds something that is not a card name") from None


def _seat(value: Any, players: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise CorruptState(f"{what} must be a seat from 0 to {players - 1}, got {value!r}")
    return value


def from_json(game: KittensGame, data: Mapping[str, Any] | str) -> KittensState:
    from cardroom.games.kittens.state import KittensState

    if isinstance(data, str) and data.strip().startswith(PREFIXES):
        data = from_line(data.strip(), dict(game.options), game.name)
    elif isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError:
            raise CorruptState(
                "an Exploding Kittens state is a to_json() object, its JSON text, or a position line"
            ) from None
    game._check_json(data)  # type: ignore[arg-type]
    assert isinstance(data, Mapping)
    try:
        if dict(data["options"]) != dict(game.options):
            raise CorruptState(f"this state was saved under options {data['options']!r}, not {game.options!r}")
        n = game.players
        hands = tuple(tuple(sorted(_kinds(h, "a hand"))) for h in data["hands"])
        if len(hands) != n:
            raise CorruptState(f"expected {n} hands, got {len(hands)}")
        p = data["pending"]
        pending = None
        if p is not None:
            if p["kind"] not in ACTION_KINDS:
                raise CorruptState(f"unknown pending action {p['kind']!r}")
            pending = Pending(
                str(p["kind"]),
                _seat(p["actor"], n, "the pending actor"),
                _kinds(p["cards"], "the pending cards"),
                target=int(p["target"]),
                named=int(p["named"]),
                nopes=tuple(_seat(x, n, "a Nope player") for x in p["nopes"]),
            )
        phase = data["phase"]
        if phase not in PHASES:
            raise CorruptState(f"unknown phase {phase!r}")
        state = KittensState(
            game,
            step=int(data["step"]),
            history=ev.from_list([_event(row) for row in data["history"]]),
            seed=int(data["seed"]),
            counter=int(data["counter"]),
            hands=hands,
            pile=_kinds(data["pile"], "the draw pile"),
            discard=_kinds(data["discard"], "the discard pile"),
            removed=tuple(sorted(_kinds(data["removed"], "the removed cards"))),
            out=tuple(_seat(x, n, "an exploded seat") for x in data["out"]),
            current=_seat(data["current"], n, "the current seat"),
            owed=int(data["owed"]),
            attacked=bool(data["attacked"]),
            phase=str(phase),
            pending=pending,
            undecided=tuple(_seat(x, n, "an undecided seat") for x in data["undecided"]),
            pile_known=tuple(tuple((int(pos), C.KIND_OF[k]) for pos, k in known) for known in data["pile_known"]),
            hand_known=tuple(tuple(tuple(sorted(_kinds(c, "known cards"))) for c in row) for row in data["hand_known"]),
        )
    except CorruptState:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise CorruptState(f"not an Exploding Kittens state: {type(exc).__name__} {exc}") from None
    if len(state.pile_known) != n or len(state.hand_known) != n or any(len(r) != n for r in state.hand_known):
        raise CorruptState("knowledge tables must have one row per seat")
    for known in state.pile_known:
        if any(not 0 <= pos < len(state.pile) or state.pile[pos] != kind for pos, kind in known):
            raise CorruptState("a seat's knowledge of the draw pile does not match the pile")
    for row in state.hand_known:
        if any(C.multiset_minus(cards, state.hands[h]) for h, cards in enumerate(row)):
            raise CorruptState("a seat's knowledge of a hand does not match that hand")
    if dict(state.census()) != {C.SLUGS[k]: c for k, c in enumerate(game.counts)}:
        raise CorruptState("the cards do not add up to this game's deck")
    if pending is None and phase in ("window", "favor", "name", "five", "take"):
        raise CorruptState(f"phase {phase!r} needs a pending action")
    return state
