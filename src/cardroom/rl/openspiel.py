"""OpenSpiel registration: every cardroom game becomes a Python game of OpenSpiel.

    import cardroom.rl.openspiel
    game = pyspiel.load_game("cardroom_tacocat")                  # the default preset
    game = pyspiel.load_game("cardroom_exploding-kittens(players=4)")

Importing this module registers every game in ``cardroom.GAMES``; a game registered later joins with
``register("name")``. Game parameters: ``preset`` (a preset name; the game's default when empty),
``players`` (0 keeps the preset's count), ``deals`` (see below), ``sample_seed``, and every option of
the game under its own name (``cardroom_tacocat(ties=redeal)``, ``cardroom_taco(rounds=3,antics=True)``):
text options default to "" and whole numbers to -1, both meaning "the preset's value". Game objects
pickle (by name and parameters), so they travel to worker processes.

Chance. The engine draws every random event from the seed it keeps in the state, so the whole game is
deterministic once the seed is fixed. We expose that as OpenSpiel's *explicit stochastic* chance mode
choosing one of ``deals`` equally likely deals at the start, deal ``k`` starting the engine from a seed
derived from ``k``. The choice is spelled digit by digit over a few chance nodes of at most
``MAX_CHANCE_BRANCHING`` outcomes (16,384 deals: two nodes of 128), so no node has thousands of
children for a search to expand. After the deal the game has no chance nodes; the engine's later
shuffles are part of the dealt world. That keeps ``history()`` a complete record (serialisation and
``random_sim_test`` replay it), and every OpenSpiel tool that handles chance nodes works unchanged.
The price: a game has ``deals`` possible worlds (16,384 by default) rather than all of them.

Players. Decisions taken at once (duels, reactions) are served one seat at a time, lowest seat first,
as OpenSpiel's sequential games expect; the engine keeps each choice face down, so no seat learns more
than it would at the table. Observations are the seat's view (``view(seat)``) as canonical JSON and
its encoding as a tensor; the view is what the engine guarantees leaks nothing. Information states
add the seat's observation history, perfect recall within the game's length bound (``spielobs``).

IS-MCTS. ``resample_from_infostate`` deals a world consistent with one seat's view with
``game.sample(view, rng)``; the sampled world has the same view, hence the same information state,
which is what OpenSpiel's IS-MCTS asserts. The generator is the OpenSpiel game object's own
(parameter ``sample_seed``), because the sampler OpenSpiel's ISMCTSBot passes is a fresh, identically
seeded one on every call.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

import pyspiel

import cardroom
from cardroom.core.action import Action
from cardroom.core.game import Game, State
from cardroom.core.registry import game_names
from cardroom.rl.interface import Interface
from cardroom.rl.spielobs import RecallObserver, ViewObserver, view_digest

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
# OpenSpiel asks for a bound on a game's length in decisions (its random-simulation test checks it).
# The engines do not cap games, so these are generous estimates: about ten times the longest of many
# random games (Tacocat 181 decisions; Kittens 142 at 2 players, 605 at 10; T.A.C.O. 605 at
# 4 players, 995 at 8, 1,239 over three rounds).
DEFAULT_MAX_GAME_LENGTH = 10_000
MAX_GAME_LENGTH: dict[str, Callable[[Game], int]] = {
    "tacocat": lambda game: 2_000,
    "exploding-kittens": lambda game: 1_000 + 500 * game.players,
    "taco": lambda game: 1_000 * game.players * int(game.options.get("rounds", 1)),
}


def max_game_length(game: Game) -> int:
    bound = MAX_GAME_LENGTH.get(game.name)
    return DEFAULT_MAX_GAME_LENGTH if bound is None else bound(game)


def short_name(name: str) -> str:
    return f"cardroom_{name}"


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


def _make_context(described: dict[str, Any], deals: int, sample_seed: int) -> Context:
    game = cardroom.make(described["game"], preset=described["preset"], **described["options"])
    return Context(Interface(game), deals, random.Random(sample_seed))


def _load_state(described: dict[str, Any], data: dict[str, Any]) -> State:
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


def _replay(described: dict[str, Any], deal: int, actions: list[tuple[int, str]]) -> Trail:
    game = cardroom.make(described["game"], preset=described["preset"], **described["options"])
    trail = Trail(game.new_game(_seed_of_deal(deal)), deal)
    for seat, text in actions:
        trail = trail.then(seat, game.parse_action(text))
    return trail


def _loaded(described: dict[str, Any], data: dict[str, Any]) -> Trail:
    return Trail(_load_state(described, data), None)


class _Shared:
    """An immutable value a state points to (the engine state, the shared context).

    OpenSpiel clones a Python state with ``copy.deepcopy``: returning ``self`` keeps a clone from
    copying the engine state and the game, which never change. OpenSpiel serialises a state by
    pickling its attributes: the engine state travels as its own ``to_json()``, the context as the
    game's description.
    """

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        value = self.value
        if isinstance(value, Trail):
            described = value.state.game.describe()
            if value.deal is None:
                return (_rebox, (_loaded, described, value.state.to_json()))
            return (_rebox, (_replay, described, value.deal, value.actions()))
        if isinstance(value, Context):
            # The sampling generator restarts from a fixed seed: sampling is not part of the game.
            return (_rebox, (_make_context, value.interface.game.describe(), value.deals, 0))
        return (_Shared, (value,))


def _rebox(make: Any, *args: Any) -> _Shared:
    return _Shared(make(*args))


def _seed_of_deal(deal: int) -> int:
    return random.Random(f"cardroom-openspiel-deal-{deal}").getrandbits(63)


# OpenSpiel fills every parameter a caller leaves out with its default, so an option's default here must
# mean "the preset's value": "" for text options and -1 for whole-number ones. A switch (True/False)
# cannot say that, so its default is the default preset's value, applied only when a caller changes it.
UNSET_TEXT = ""
UNSET_NUMBER = -1


def _option_parameters(name: str) -> dict[str, Any]:
    """Every option of game ``name`` as an OpenSpiel parameter with its "preset's value" default."""
    out: dict[str, Any] = {}
    specs: tuple[Any, ...] = cast(Any, cardroom.core.game_class(name)).option_specs  # a Game class's
    for option in specs:
        if option.name == "players":
            continue  # a parameter of its own (0 keeps the preset's count), kept for old callers
        if isinstance(option.default, bool):
            out[option.name] = option.default
        elif isinstance(option.default, int) or (option.default is None and option.choices is None
                                                 and option.name == "pool"):
            out[option.name] = UNSET_NUMBER
        else:
            out[option.name] = UNSET_TEXT
    return out


def _options_from(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """The cardroom options the caller set among ``params`` (the rest keep the preset's values)."""
    options: dict[str, Any] = {}
    players = int(params.get("players", 0))
    if players:
        options["players"] = players
    for key, unset in _option_parameters(name).items():
        if key not in params:
            continue
        value = params[key]
        if isinstance(unset, bool):
            if bool(value) != unset:
                options[key] = bool(value)
        elif value != unset:
            options[key] = value
    return options


def _load_spiel_game(name: str, params: dict[str, Any]) -> CardroomSpielGame:
    """Unpickling: the same OpenSpiel game, loaded again by name and parameters."""
    register(name)
    game: CardroomSpielGame = pyspiel.load_game(short_name(name), params)
    return game


class CardroomSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A cardroom game under one preset, as an OpenSpiel game."""

    def __init__(self, name: str, game_type: pyspiel.GameType, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        preset = str(params.get("preset", "")) or None
        options = _options_from(name, params)
        self.cardroom_name = name
        self.context = Context(
            interface=Interface(cardroom.make(name, preset=preset, **options)),
            deals=int(params.get("deals", DEFAULT_DEALS)),
            sample_rng=random.Random(int(params.get("sample_seed", 0))),
        )
        self.interface = self.context.interface
        game = self.interface.game
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.interface.actions),
            max_chance_outcomes=max(self.context.digits),
            num_players=game.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(game),
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> CardroomSpielState:
        return CardroomSpielState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # By name and parameters, so games travel to worker processes (multiprocessing, Ray).
        return (_load_spiel_game, (self.cardroom_name, dict(self.get_parameters())))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return RecallObserver(self.interface, iig_obs_type, self.max_game_length() + 1)
        return ViewObserver(self.interface, iig_obs_type)


class CardroomSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping one immutable cardroom state (``None`` before the deal)."""

    def __init__(self, game: CardroomSpielGame, trail: Trail | None = None,
                 recall: tuple[tuple[int, int, int], ...] = (),
                 prefix: dict[int, tuple[tuple[int, int, int], ...]] | None = None) -> None:
        super().__init__(game)
        self._context = _Shared(game.context)
        self._trail = _Shared(trail)
        # (seat, engine step, action index) of every decision so far: a seat's own entries are its
        # perfect recall. A world resampled for one seat keeps only that seat's entries.
        self._recall = _Shared(recall)
        # A resampled world starts from a loaded state with no past: the seat it was sampled for
        # carries its observation history from the real world here (see ``observation_history``).
        self._prefix = _Shared(dict(prefix or {}))
        self._picked: tuple[int, ...] = ()  # chance digits chosen so far, before the deal

    @property
    def cardroom_state(self) -> State | None:
        """The engine state, or ``None`` before the deal."""
        trail: Trail | None = self._trail.value
        return None if trail is None else trail.state

    def _context_of(self) -> Context:
        context: Context = self._context.value
        return context

    def current_player(self) -> int:
        state = self.cardroom_state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return state.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        # Only the player OpenSpiel serves now may act, even when the engine asks several seats at once.
        state = self.cardroom_state
        if state is None or state.is_over or state.to_act[0] != player:
            return []
        return self._context_of().interface.legal_indices(state, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._context_of().chance_outcomes(len(self._picked))

    def _apply_action(self, action: int) -> None:
        context = self._context_of()
        trail: Trail | None = self._trail.value
        if trail is None:
            self._picked = (*self._picked, int(action))
            if len(self._picked) < len(context.digits):
                return  # more digits of the deal to choose
            deal = context.deal_of(self._picked)
            trail = Trail(context.interface.game.new_game(_seed_of_deal(deal)), deal)
        else:
            seat, step = trail.state.to_act[0], trail.state.step
            trail = trail.then(seat, context.interface.actions.action(action))
            self._recall = _Shared((*self._recall.value, (seat, step, int(action))))
        self._trail = _Shared(trail)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal digit {action}"
        return str(self._context_of().interface.actions.action(action))

    def is_terminal(self) -> bool:
        state = self.cardroom_state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        state = self.cardroom_state
        players = self._context_of().interface.players
        if state is None or state.outcome is None:
            return [0.0] * players
        return list(state.outcome.returns(players))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardroomSpielState:
        """A world consistent with what ``player_id`` knows, its hidden cards dealt by ``game.sample``."""
        context = self._context_of()
        state = self.cardroom_state
        game = self.get_game()
        if state is None:
            return CardroomSpielState(game)
        sampled = context.interface.game.sample(state.view(player_id), context.sample_rng)
        own = tuple(entry for entry in self._recall.value if entry[0] == player_id)
        return CardroomSpielState(game, Trail(sampled, None), own, {player_id: tuple(self.observation_history(player_id))})

    def apply_deal(self, deal: int) -> None:
        """Take every chance node of the deal at once: deal number ``deal`` (0 to ``deals`` - 1)."""
        context = self._context_of()
        if self.cardroom_state is not None or self._picked:
            raise ValueError("apply_deal needs a state before any chance digit")
        if not 0 <= deal < context.deals:
            raise ValueError(f"deal must be 0 to {context.deals - 1}, got {deal}")
        digits = []
        for size in reversed(context.digits):
            deal, digit = divmod(deal, size)
            digits.append(digit)
        for digit in reversed(digits):
            self.apply_action(digit)

    def own_actions(self, player: int) -> list[tuple[int, int]]:
        """(engine step, action index) of every decision ``player`` took so far, in order."""
        return [(step, action) for seat, step, action in self._recall.value if seat == player]

    def observation_history(self, player: int) -> list[tuple[int, int, int]]:
        """What ``player`` saw, in order: one ``(actor, action, digest)`` for the deal and each decision.

        ``actor`` is the seat that decided (-1 for the deal), ``action`` its action index when that seat
        is ``player`` (-1 otherwise: another seat's choice shows only through what it changed), and
        ``digest`` a 32-bit digest of ``player``'s view right after it. Two different histories of the
        seat (its own actions, or anything it saw, at any moment) differ in some entry.
        """
        trail: Trail | None = self._trail.value
        if trail is None:
            return []
        nodes: list[Trail] = []
        node: Trail | None = trail
        while node is not None:
            nodes.append(node)
            node = node.parent
        nodes.reverse()
        prefix = self._prefix.value.get(player, ())
        out = list(prefix)
        actions = self._context_of().interface.actions
        # A resampled world's root shows the seat the same view as the prefix's last entry.
        for node in nodes[1 if prefix else 0:]:
            actor, index = -1, -1
            if node.action is not None:
                actor = node.action[0]
                if actor == player:
                    index = actions.index(node.action[1])
            out.append((actor, index, node.digest(player)))
        return out

    def __str__(self) -> str:
        state = self.cardroom_state
        if state is None:
            return "(before the deal)"
        return json.dumps(state.view(None), sort_keys=True)


def _game_type(name: str, players: tuple[int, int]) -> pyspiel.GameType:
    game = cardroom.make(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"cardroom {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "preset": game.preset,
            "players": 0,
            "deals": DEFAULT_DEALS,
            "sample_seed": 0,
            **_option_parameters(name),
        },
    )


def _player_range(name: str) -> tuple[int, int]:
    """The seat counts a game allows, from its ``players`` option (fixed games have none)."""
    cls = cardroom.core.game_class(name)
    for option in getattr(cls, "option_specs", ()):
        if option.name == "players" and option.choices:
            counts = [int(c) for c in option.choices]
            return min(counts), max(counts)
    n = cardroom.make(name).players
    return n, n


_REGISTERED: set[str] = set()


def register(name: str) -> str:
    """Register the cardroom game ``name`` with OpenSpiel (once); returns its OpenSpiel short name."""
    if name not in _REGISTERED:
        game_type = _game_type(name, _player_range(name))

        # OpenSpiel keeps the factory in a C++ registry that is torn down after Python is: a plain
        # closure would be freed then, without the GIL, and abort the interpreter on exit. A class
        # lives until the very end (its own __mro__ refers to it), so the factory is a subclass.
        def init(self: CardroomSpielGame, params: dict[str, Any] | None = None) -> None:
            CardroomSpielGame.__init__(self, name, game_type, params)

        factory = type(f"CardroomSpielGame_{name.replace('-', '_')}", (CardroomSpielGame,), {"__init__": init})
        pyspiel.register_game(game_type, factory)
        _REGISTERED.add(name)
    return short_name(name)


def register_all() -> list[str]:
    """Register every game that can be made now; a game that fails to load is left out, not fatal."""
    names = []
    for name in game_names():
        try:
            names.append(register(name))
        except (ImportError, AttributeError):
            continue  # a game package still being written
    return names


register_all()
