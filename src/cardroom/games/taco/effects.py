"""Card effects: small named functions a deck file refers to by name, with parameters.

Each function acts for ``owner`` (whose taco the card entered, or who played the action) through the
engine's few verbs. Anything that needs a decision pushes a decision task; the engine asks the seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardroom.games.taco.engine import Engine

Effect = Callable[["Engine", int, int, Mapping[str, Any]], None]

ENTRY = ("shell", "basic", "superstar", "action")  # effects that fire when the card enters play
KINDS = ("meat", "vegetable")
# Every poison effect may wear off: with ``turns = N`` the poison is discarded after acting N times.
WEARS_OFF: dict[str, tuple[type, tuple[Any, ...] | None]] = {"turns": (int, None)}


@dataclass(frozen=True)
class EffectSpec:
    name: str
    run: Effect
    types: tuple[str, ...]
    params: Mapping[str, tuple[type, tuple[Any, ...] | None]]
    help: str

    def check_params(self, params: Mapping[str, Any]) -> str | None:
        for key, value in params.items():
            if key not in self.params:
                allowed = ", ".join(self.params) or "none"
                return f"effect {self.name!r} has no parameter {key!r} (parameters: {allowed})"
            kind, choices = self.params[key]
            if kind is int and (not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 9):
                return f"{key} must be a whole number from 1 to 9"
            if kind is str and (not isinstance(value, str) or (choices and value not in choices)):
                return f"{key} must be one of {', '.join(map(str, choices or ()))}"
            if kind is list and (
                not isinstance(value, list) or not value or any(v not in (choices or ()) for v in value)
            ):
                return f"{key} must be a list drawn from {', '.join(map(str, choices or ()))}"
        return None


# -- entry effects ----------------------------------------------------------------------------


def _none(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    return None


def _play_another(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    for _ in range(int(params.get("count", 1))):
        eng.push(["bonus", owner, "any", ""])


def _place_ingredient(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    if "kind" in params:
        eng.push(["bonus", owner, "kind", str(params["kind"])])
    else:
        eng.push(["bonus", owner, "points", str(params.get("points", 1))])


def _draw(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    for _ in range(int(params.get("count", 1))):
        eng.draw(owner)


def _targeted(eng: Engine, owner: int, card: int, params: Mapping[str, Any], verb: str) -> None:
    if eng.targets(owner, verb, params, -1):
        eng.push(["target", owner, verb, card, dict(params), -1])
    else:
        eng.say("fizzle", f"{eng.name(card)} finds nothing to {verb.replace('_card', '')}", card=eng.slug(card))


def _destroy(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    _targeted(eng, owner, card, params, "destroy")


def _steal(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    _targeted(eng, owner, card, params, "steal")


def _swap(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    # Only offered when both sides have something to swap, so the first choice never dead-ends.
    if eng.targets(owner, "swap", params, -1) and eng.targets(owner, "swap", params, -2):
        eng.push(["target", owner, "swap", card, dict(params), -1])
    else:
        eng.say("fizzle", f"{eng.name(card)} finds nothing to swap", card=eng.slug(card))


def _return_card(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    _targeted(eng, owner, card, params, "return_card")


def _take_random(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    if any(eng.tb.hands[s] for s in eng.seats() if s != owner):
        eng.push(["choose", owner, "take_random", card, dict(params)])
    else:
        eng.say("fizzle", f"{eng.name(card)}: no other player holds a card", card=eng.slug(card))


def _make_discard(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    if any(eng.tb.hands[s] for s in eng.seats() if s != owner):
        eng.push(["choose", owner, "make_discard", card, dict(params)])
    else:
        eng.say("fizzle", f"{eng.name(card)}: no other player holds a card", card=eng.slug(card))


def _revive(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    eng.revive(owner, card)


# -- poisons: act each turn before the draw ---------------------------------------------------


def _say_poison(eng: Engine, owner: int, card: int, victim: int, text: str) -> None:
    """A poison in ``owner``'s taco strikes a randomly selected card (``victim``)."""
    eng.say("poison", text, card=eng.slug(card), target=eng.slug(victim), seat=owner)


def _discard_each_turn(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    count = min(int(params.get("count", 1)), len(eng.tb.hands[owner]))
    if count:
        eng.push(["discard", owner, count, "poison"])


def _destroy_each_turn(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    kind = params.get("kind")
    found = [c for c in eng.tb.tacos[owner] if eng.spec(c).is_ingredient and kind in (None, eng.spec(c).food)]
    if found:
        victim = eng.random_choice(found)
        _say_poison(
            eng,
            owner,
            card,
            victim,
            f"{eng.name(card)} destroys a randomly selected {eng.name(victim)} in P{owner}'s taco",
        )
        eng.destroy(victim)


def _discard_random_each_turn(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    for _ in range(int(params.get("count", 1))):
        hand = eng.tb.hands[owner]
        if not hand:
            return
        victim = eng.random_choice(sorted(hand))
        _say_poison(
            eng, owner, card, victim, f"{eng.name(card)}: P{owner} discards a randomly selected {eng.name(victim)}"
        )
        eng.discard_from_hand(owner, victim)


def _accent(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    eng.push(["accent", owner])


def _taco_master(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    return None  # an ongoing effect: the engine asks for the hail at the start of the owner's turn


def _cancel(eng: Engine, owner: int, card: int, params: Mapping[str, Any]) -> None:
    for _ in range(int(params.get("draw", 0))):
        eng.draw(owner)


EFFECTS: dict[str, EffectSpec] = {
    e.name: e
    for e in (
        EffectSpec("none", _none, ("shell", "basic", "superstar", "action", "poison"), {}, "no effect"),
        EffectSpec(
            "play_another",
            _play_another,
            ENTRY,
            {"count": (int, None)},
            "the owner plays `count` more cards at once (any card, any taco), or passes",
        ),
        EffectSpec(
            "place_ingredient",
            _place_ingredient,
            ENTRY,
            {"points": (int, None), "kind": (str, KINDS)},
            "the owner may place an ingredient from hand into their own taco: one printed "
            "`points` worth, or one of `kind` (meat/vegetable)",
        ),
        EffectSpec("draw", _draw, ENTRY, {"count": (int, None)}, "the owner draws `count` cards"),
        EffectSpec(
            "destroy",
            _destroy,
            ENTRY,
            {"what": (str, ("ingredient", "poison")), "kind": (str, KINDS)},
            "the owner destroys an ingredient (of `kind`) or a poison in any taco",
        ),
        EffectSpec(
            "steal",
            _steal,
            ENTRY,
            {"kind": (str, KINDS)},
            "the owner steals an ingredient (of `kind`) from another taco; its effect fires for them",
        ),
        EffectSpec(
            "swap", _swap, ENTRY, {}, "the owner swaps an ingredient or poison of theirs with one in another taco"
        ),
        EffectSpec(
            "return_card",
            _return_card,
            ENTRY,
            {"what": (str, ("ingredient", "any"))},
            "the owner returns an ingredient (or, with `any`, a poison too) from any taco to its owner's hand",
        ),
        EffectSpec(
            "take_random",
            _take_random,
            ENTRY,
            {"count": (int, None)},
            "the owner randomly selects `count` cards from another player's hand",
        ),
        EffectSpec(
            "make_discard",
            _make_discard,
            ENTRY,
            {"count": (int, None)},
            "the owner picks another player, who discards `count` cards",
        ),
        EffectSpec(
            "revive",
            _revive,
            ENTRY,
            {},
            "the top ingredient of the discard pile enters the owner's taco (points, effect)",
        ),
        EffectSpec(
            "taco_master",
            _taco_master,
            ("basic", "superstar", "shell"),
            {},
            "antics: each turn of the owner, every other player hails them or discards",
        ),
        EffectSpec(
            "discard_each_turn",
            _discard_each_turn,
            ("poison",),
            {"count": (int, None), **WEARS_OFF},
            "poison: each turn before the draw, the owner discards `count` cards",
        ),
        EffectSpec(
            "destroy_each_turn",
            _destroy_each_turn,
            ("poison",),
            {"kind": (str, KINDS), **WEARS_OFF},
            "poison: each turn before the draw, a randomly selected ingredient (of `kind`) in the taco is destroyed",
        ),
        EffectSpec(
            "discard_random_each_turn",
            _discard_random_each_turn,
            ("poison",),
            {"count": (int, None), **WEARS_OFF},
            "poison: each turn before the draw, `count` randomly selected cards are discarded",
        ),
        EffectSpec(
            "accent",
            _accent,
            ("poison",),
            dict(WEARS_OFF),
            "antics poison: each turn the owner speaks in an accent (`accent`) or discards",
        ),
        EffectSpec(
            "cancel",
            _cancel,
            ("instant",),
            {"types": (list, ("shell", "basic", "superstar", "action", "poison")), "draw": (int, None)},
            "instant: cancel the last card played (only of `types`, or any instant); then draw `draw`",
        ),
    )
}
TURN_EFFECTS = frozenset(("discard_each_turn", "destroy_each_turn", "discard_random_each_turn", "accent"))
