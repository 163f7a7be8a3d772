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

import json
import random
from typing import Any

import pyspiel

import cardroom
from cardroom.core.game import State
from cardroom.core.registry import game_names
from cardroom.rl.interface import Interface
from cardroom.rl.spieldeals import DEFAULT_DEALS, Context, Shared, Trail, seed_of_deal
from cardroom.rl.spielobs import RecallObserver, ViewObserver
from cardroom.rl.spielparams import max_game_length, option_parameters, options_from


def short_name(name: str) -> str:
    return f"cardroom_{name}"


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
        options = options_from(name, params)
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

    def __init__(
        self,
        game: CardroomSpielGame,
        trail: Trail | None = None,
        recall: tuple[tuple[int, int, int], ...] = (),
        prefix: dict[int, tuple[tuple[int, int, int], ...]] | None = None,
    ) -> None:
        super().__init__(game)
        self._context = Shared(game.context)
        self._trail = Shared(trail)
        # (seat, engine step, action index) of every decision so far: a seat's own entries are its
        # perfect recall. A world resampled for one seat keeps only that seat's entries.
        self._recall = Shared(recall)
        # A resampled world starts from a loaded state with no past: the seat it was sampled for
        # carries its observation history from the real world here (see ``observation_history``).
        self._prefix = Shared(dict(prefix or {}))
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
            trail = Trail(context.interface.game.new_game(seed_of_deal(deal)), deal)
        else:
            seat, step = trail.state.to_act[0], trail.state.step
            trail = trail.then(seat, context.interface.actions.action(action))
            self._recall = Shared((*self._recall.value, (seat, step, int(action))))
        self._trail = Shared(trail)

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
        return CardroomSpielState(
            game, Trail(sampled, None), own, {player_id: tuple(self.observation_history(player_id))}
        )

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
        for node in nodes[1 if prefix else 0 :]:
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
            **option_parameters(name),
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
