"""Which actions a seat may take now, and why any other one is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.core.action import Action, action
from cardroom.games.kittens import cards as C
from cardroom.games.kittens.pending import FAVOR, FIVE, NAME, PLACE, TAKE, TURN, WINDOW

if TYPE_CHECKING:
    from cardroom.games.kittens.state import KittensState

DRAW = action("draw")
PASS = action("pass")
NOPE = action("nope")


def pairable(pairs: str) -> tuple[int, ...]:
    """Kinds that may form two or three of a kind under the ``pairs`` option.

    In one box every card of a kind shares both its icon and its title, so 'icon' and 'title' allow the
    same sets here; 'cats' keeps to the cards with no instructions.
    """
    return C.CATS if pairs == "cats" else C.HOLDABLE


def legal_actions(state: KittensState, seat: int) -> tuple[Action, ...]:
    phase = state.phase
    hand = state.hands[seat]
    if phase == WINDOW:
        return (NOPE, PASS) if C.NOPE in hand else (PASS,)
    if phase == TURN:
        return _turn_actions(state, seat, hand)
    pending = state.pending
    if phase == FAVOR:
        return tuple(action("give", C.SLUGS[k]) for k in _distinct_by_slug(hand))
    if phase == NAME:
        return _NAMES
    if phase == FIVE and pending is not None:
        chosen = set(pending.cards)
        return tuple(action("five", C.SLUGS[k]) for k in _distinct_by_slug(hand) if k not in chosen)
    if phase == TAKE:
        return tuple(action("take", C.SLUGS[k]) for k in _distinct_by_slug(state.discard) if k != C.KITTEN)
    if phase == PLACE:
        return tuple(action("place", n) for n in range(len(state.pile) + 1))
    return ()


# Action text sorts by slug; iterating kinds in slug order keeps the legal lists sorted without a sort.
_BY_SLUG: tuple[int, ...] = tuple(sorted(C.KINDS, key=lambda k: C.SLUGS[k]))
_NAMES: tuple[Action, ...] = tuple(action("name", C.SLUGS[k]) for k in _BY_SLUG if k != C.KITTEN)


def _distinct_by_slug(zone: tuple[int, ...]) -> list[int]:
    present = set(zone)
    return [k for k in _BY_SLUG if k in present]


# A turn's actions depend only on the hand, the targets and two options, and a search meets the same
# hands again and again: they are remembered (bounded, like the game's parsed action texts).
_TURNS: dict[tuple[object, ...], tuple[Action, ...]] = {}
_TURNS_LIMIT = 1 << 16


def _turn_actions(state: KittensState, seat: int, hand: tuple[int, ...]) -> tuple[Action, ...]:
    game = state.game
    key = (hand, state.targets(seat), game.pairable, game.options["five_combo"])
    found = _TURNS.get(key)
    if found is None:
        if len(_TURNS) >= _TURNS_LIMIT:
            _TURNS.clear()
        found = _TURNS[key] = _make_turn_actions(hand, key[1], game.pairable, bool(key[3]))
    return found


def _make_turn_actions(
    hand: tuple[int, ...], targets: tuple[int, ...], allowed: frozenset[int], five_combo: bool
) -> tuple[Action, ...]:
    out: list[Action] = [DRAW]
    if not hand:
        return tuple(out)
    counts = [0] * len(C.SLUGS)
    for kind in hand:
        counts[kind] += 1
    if counts[C.FAVOR]:
        out.extend(action("favor", t) for t in targets)
    if five_combo and sum(1 for n in counts if n) >= 5:
        out.extend(action("five", C.SLUGS[k]) for k in _BY_SLUG if counts[k])
    if targets:
        out.extend(action("pair", C.SLUGS[k], t) for k in _BY_SLUG if counts[k] >= 2 and k in allowed for t in targets)
    out.extend(action("play", C.SLUGS[k]) for k in _BY_SLUG if counts[k] and k in C.SIMPLE_ACTIONS)
    if targets:
        out.extend(
            action("triple", C.SLUGS[k], t) for k in _BY_SLUG if counts[k] >= 3 and k in allowed for t in targets
        )
    # Built in sorted order already: verbs draw < favor < five < pair < play < triple, then by argument.
    return tuple(out)


def why_illegal(state: KittensState, seat: int, act: Action) -> str:
    """The rule ``act`` breaks; called only when ``seat`` is to act and ``act`` is not legal."""
    phase = state.phase
    hand = state.hands[seat]
    verb = act.verb
    pending = state.pending
    if phase == WINDOW and pending is not None:
        if verb == "nope":
            return "you hold no Nope card"
        return f"a Nope window is open on P{pending.actor}'s {pending.kind}: answer 'pass' or 'nope'"
    if phase == FAVOR and pending is not None:
        if verb == "give":
            return f"you hold no {_title(act)}; give one of the cards in your hand"
        return f"P{pending.actor} played a Favor on you: choose a card to give with 'give <card>'"
    if phase == NAME:
        if verb == "name":
            return "name a card a player can hold (an Exploding Kitten never stays in a hand)"
        return "you played three of a kind: name the card you want with 'name <card>'"
    if phase == FIVE and pending is not None:
        if verb == "five":
            return "pick a card you hold whose icon differs from the ones already chosen"
        return f"finish the five-card combo ({len(pending.cards)} of 5 chosen) with 'five <card>'"
    if phase == TAKE:
        if verb == "take":
            return "that card is not in the discard pile (an Exploding Kitten cannot be taken)"
        return "your five-card combo resolved: take a card from the discard pile with 'take <card>'"
    if phase == PLACE:
        if verb == "place":
            return f"the Kitten goes back at a position from 0 (top) to {len(state.pile)} (bottom)"
        return "put the defused Kitten back into the draw pile with 'place <position>'"
    if phase == TURN:
        return _why_turn(state, seat, hand, act)
    return f"{act} is not possible now"


def _title(act: Action) -> str:
    arg = act.args[0] if act.args else ""
    kind = C.KIND_OF.get(str(arg))
    return C.TITLES[kind] if kind is not None else f"card called {arg!r}"


def _why_target(state: KittensState, seat: int, target: int) -> str | None:
    if target == seat:
        return "you cannot target yourself"
    if target >= state.game.players:
        return f"there is no seat {target}"
    if target in state.out:
        return f"P{target} has exploded and is out of the game"
    if not state.hands[target]:
        return f"P{target} holds no cards; target a living player holding at least one"
    return None


def _why_turn(state: KittensState, seat: int, hand: tuple[int, ...], act: Action) -> str:
    verb = act.verb
    if verb in ("pass", "nope"):
        return "no play is waiting for an answer: a Nope is played in the window after an action"
    if verb in ("give", "name", "take", "place"):
        return f"'{verb}' answers a card effect; now it is your turn: play cards or draw"
    if verb == "favor":
        target = act.args[0]
        if C.FAVOR not in hand:
            return "you hold no Favor"
        if isinstance(target, int):
            return _why_target(state, seat, target) or "that Favor is not possible now"
        return "use 'favor <seat>'"
    kind = C.KIND_OF.get(str(act.args[0])) if act.args else None
    if kind is None:
        return f"there is no card called {act.args[0]!r}" if act.args else f"{act} is not possible now"
    count = hand.count(kind)
    if verb == "play":
        if kind not in C.SIMPLE_ACTIONS:
            return "'play' is for attack, skip, shuffle and see-the-future; use favor, pair, triple or five"
        return f"you hold no {C.TITLES[kind]}"
    if verb in ("pair", "triple"):
        need = 2 if verb == "pair" else 3
        if kind not in state.game.pairable:
            return f"under pairs={state.game.options['pairs']!r} a {C.TITLES[kind]} cannot be part of a {verb}"
        if count < need:
            return f"a {verb} needs {need} {C.TITLES[kind]} cards; you hold {count}"
        target = act.args[1] if len(act.args) > 1 else -1
        if isinstance(target, int):
            return _why_target(state, seat, target) or f"that {verb} is not possible now"
    if verb == "five":
        if not state.game.options["five_combo"]:
            return "the five-card combo is off under these options"
        if not count:
            return f"you hold no {C.TITLES[kind]}"
        return "five different icons are needed: you hold fewer than five kinds of card"
    return f"{act} is not possible now"
