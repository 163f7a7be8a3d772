"""The deals behind the OpenSpiel games: which of ``deals`` equally likely worlds a game starts from,
and the states' shared parts (the game's context, the trail of actions) that OpenSpiel copies and
pickles. See :mod:`cardroom.rl.openspiel` for why chance is a choice of deal.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import Any

import cardroom
from cardroom.core.action import Action
from cardroom.core.game import State
from cardroom.rl.interface import Interface
from cardroom.rl.spielobs import view_digest

DEFAULT_DEALS = 1 << 14
# The deal is chosen digit by digit, at most this many outcomes a chance node (see deal_digits).
MAX_CHANCE_BRANCHING = 128


def deal_digits(deals: int) -> tuple[int, ...]:
    """The outcome counts of the chance nodes that pick one of ``deals`` deals, their product exactly.

    16,384 deals are two nodes of 128; a count with no divisor up to the limit keeps one node.
    """
    if deals < 1:
        raise ValueError(f"deals must be at least 1, got {deals}")
    sizes: list[int] = []
    left = deals
    while left > 1:
        size = next((d for d in range(min(left, MAX_CHANCE_BRANCHING), 1, -1) if left % d == 0), left)
        if size == 1:
            size = left
        sizes.append(size)
        left //= size
    return tuple(sizes) or (1,)


@dataclass(frozen=True, eq=False)
class Context:
    """What every state of one OpenSpiel game shares. Plain Python, so states hold no reference to the
    pyspiel game object (a cycle through C++ that crashes the interpreter on exit)."""

    interface: Interface
    deals: int
    sample_rng: random.Random

    @functools.cached_property
    def digits(self) -> tuple[int, ...]:
        return deal_digits(self.deals)

    def chance_outcomes(self, level: int) -> list[tuple[int, float]]:
        size = self.digits[level]
        return [(k, 1.0 / size) for k in range(size)]

    def deal_of(self, picked: tuple[int, ...]) -> int:
        """The deal number the chance digits spell (mixed radix, first digit most significant)."""
        deal = 0
        for digit, size in zip(picked, self.digits):
            deal = deal * size + digit
        return deal


def make_context(described: dict[str, Any], deals: int, sample_seed: int) -> Context:
    game = cardroom.make(described["game"], preset=described["preset"], **described["options"])
    return Context(Interface(game), deals, random.Random(sample_seed))


def load_state(described: dict[str, Any], data: dict[str, Any]) -> State:
    game = cardroom.make(described["game"], preset=described["preset"], **described["options"])
    return game.load(data)


@dataclass(frozen=True)
class Trail:
    """An engine state with how it was reached: the deal and the (seat, action) pairs since.

    The record is a linked chain, so applying an action costs O(1) however long the game. It is what
    a state is pickled as (``game.replay`` of seed and actions is the engine's canonical record);
    a world made by ``sample`` has no trail (``deal`` None) and is pickled as its ``to_json()``.
    """

    state: State
    deal: int | None
    parent: Trail | None = None
    action: tuple[int, str] | None = None
    # Per seat, the digest of that seat's view of this node's state (computed once, on demand).
    seen: dict[int, int] = field(default_factory=dict, compare=False, repr=False)

    def digest(self, seat: int) -> int:
        found = self.seen.get(seat)
        if found is None:
            found = self.seen[seat] = view_digest(self.state.view(seat))
        return found

    def then(self, seat: int, act: Action) -> Trail:
        return Trail(self.state.apply(seat, act), self.deal, self, (seat, str(act)))

    def actions(self) -> list[tuple[int, str]]:
        out: list[tuple[int, str]] = []
        node: Trail | None = self
        while node is not None and node.action is not None:
            out.append(node.action)
            node = node.parent
        return out[::-1]


def replay_trail(described: dict[str, Any], deal: int, actions: list[tuple[int, str]]) -> Trail:
    game = cardroom.make(described["game"], preset=described["preset"], **described["options"])
    trail = Trail(game.new_game(seed_of_deal(deal)), deal)
    for seat, text in actions:
        trail = trail.then(seat, game.parse_action(text))
    return trail


def loaded_trail(described: dict[str, Any], data: dict[str, Any]) -> Trail:
    return Trail(load_state(described, data), None)


class Shared:
    """An immutable value a state points to (the engine state, the shared context).

    OpenSpiel clones a Python state with ``copy.deepcopy``: returning ``self`` keeps a clone from
    copying the engine state and the game, which never change. OpenSpiel serialises a state by
    pickling its attributes: the engine state travels as its own ``to_json()``, the context as the
    game's description.
    """

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        value = self.value
        if isinstance(value, Trail):
            described = value.state.game.describe()
            if value.deal is None:
                return (rebox, (loaded_trail, described, value.state.to_json()))
            return (rebox, (replay_trail, described, value.deal, value.actions()))
        if isinstance(value, Context):
            # The sampling generator restarts from a fixed seed: sampling is not part of the game.
            return (rebox, (make_context, value.interface.game.describe(), value.deals, 0))
        return (Shared, (value,))


def rebox(make: Any, *args: Any) -> Shared:
    return Shared(make(*args))


def seed_of_deal(deal: int) -> int:
    return random.Random(f"cardroom-openspiel-deal-{deal}").getrandbits(63)
