"""The contract every game follows: a :class:`Game` (rules and options) and its immutable :class:`State`.

The rules never know who is calling. A caller asks ``state.to_act`` who must decide, offers one of
``state.legal_actions(seat)`` (or its text) to ``state.apply``, and gets a new state back; the old one is
untouched. ``view(seat)`` is everything that seat may know; ``view(None)`` is the spectator's.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from cardroom.core import events as ev
from cardroom.core.action import Action, Grammar
from cardroom.core.errors import CorruptState, IllegalAction, InvalidAction
from cardroom.core.options import Option, resolve
from cardroom.core.outcome import Outcome
from cardroom.core.spoken import Spoken

View = dict[str, Any]
PARSED_LIMIT = 4096
# The record of a seat giving up mid-game (see :meth:`State.concede`): never a legal action, but a
# stored action text that every replay walks.
CONCEDE = "concede"
NO_SPOKEN: Mapping[str, Spoken] = {}


class State(ABC):
    """One moment of one game. Immutable: every change makes a new state.

    Subclasses keep their fields in ``__slots__`` and never assign after construction.
    """

    __slots__ = ()

    game: Game
    step: int
    history: ev.Chain

    # -- what subclasses provide -------------------------------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must decide now, in seat order; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Sorted legal actions of ``seat`` (empty if it is not to act)."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> State:
        """Apply an action already known to be legal."""

    @abstractmethod
    def _why_illegal(self, seat: int, action: Action) -> str:
        """The rule an illegal action breaks, in words a player understands."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def _view(self, seat: int | None) -> View:
        """The game-specific part of a view."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state, secrets included, as JSON-safe data that ``game.load`` restores exactly."""

    @abstractmethod
    def census(self) -> Mapping[str, int]:
        """Quantities the rules conserve (cards by identity, points), summed over every place."""

    @abstractmethod
    def shuffle_unknown(self, seat: int | None, rng: random.Random) -> State:
        """The same state with everything ``seat`` cannot know dealt again at random.

        Used by the conformance suite: if a view changes under this, it leaked something.
        """

    # -- the shared contract ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def players(self) -> int:
        return self.game.players

    def apply(self, seat: int, action: Action | str) -> State:
        """A new state after ``seat`` takes ``action`` (an :class:`Action` or its text).

        Raises :class:`InvalidAction` for text that is no action, :class:`IllegalAction` when the rules
        forbid it now. Either way this state is unchanged (it is immutable). The text ``concede``
        is :meth:`concede`, so a replay of stored actions walks a concession.
        """
        if action == CONCEDE:
            return self.concede(seat)
        act = action if isinstance(action, Action) else self.game.action_for(action)
        if not isinstance(seat, int) or not 0 <= seat < self.game.players:
            raise IllegalAction(f"there is no seat {seat!r}; seats are 0 to {self.game.players - 1}")
        if act in self.legal_actions(seat):
            return self._apply(seat, act)
        if self.is_over:
            raise IllegalAction("the game is over; no more actions")
        if seat not in self.to_act:
            waiting = ", ".join(str(s) for s in self.to_act)
            raise IllegalAction(f"it is not seat {seat}'s decision; waiting for seat {waiting}")
        raise IllegalAction(self._why_illegal(seat, act))

    def concede(self, seat: int) -> State:
        """The state after ``seat`` gives up while the others play on (tables of three or more).

        Never a legal action: bots, searches and learners never see it, and the action space is
        unchanged. A game that allows it says what happens to the seat, its cards and any decision
        waiting on it; the seat ranks below every seat that stayed. :class:`IllegalAction` if the game
        is over, the seat has left already, or the game has no such rule (the default here). A
        two-seat game ends with the other seat winning, which needs no rule of the game's own.
        """
        raise IllegalAction(f"{self.game.title} has no rule for a seat leaving a game under way")

    # -- what a room asks of the state (docs/contract.md, "What the room asks") --------------------

    @property
    def reaction_window(self) -> bool:
        """Whether the seats in ``to_act`` are being asked, all at once, whether to react to what was
        just played (a window for a Nope or an Instant), rather than making a move of their own.

        A room gives such a decision one clock for everyone asked, keeps each seat's
        :meth:`default_answer` hidden until the window closes, and gives that answer for every seat
        still silent at the deadline. ``False`` here: a game without windows never opens one. A
        simultaneous move (a duel) is no window: nothing is played for a seat that says nothing.
        """
        return False

    def default_answer(self, seat: int) -> str | None:
        """The action text ``seat`` gives by saying nothing in the open reaction window: what the room
        plays for it at the deadline, and the one answer the room keeps hidden until the window closes
        (any other answer changes the game at once). Legal for the seat whenever it is not ``None``;
        ``None`` when no window is open or the seat is not asked (the default here)."""
        return None

    def apply_legal(self, seat: int, action: Action) -> State:
        """``apply`` without the checks, for searches that take ``action`` from ``legal_actions(seat)``.

        A search applies millions of actions it has just read off the legal list; checking each one
        again would recompute that list. Anything else must call :meth:`apply`.
        """
        return self._apply(seat, action)

    def view(self, seat: int | None) -> View:
        """All that ``seat`` may know, as JSON-safe data (``None``: a spectator)."""
        outcome = self.outcome
        acting = self.to_act
        base: View = {
            "game": self.game.name,
            "preset": self.game.preset,
            "options": self.game.public_options(),
            "players": self.game.players,
            "seat": seat,
            "step": self.step,
            "to_act": list(acting),
            "is_over": outcome is not None,
            "outcome": None if outcome is None else outcome.to_json(),
            "legal_actions": (
                [str(a) for a in self.legal_actions(seat)] if seat is not None and seat in acting else []
            ),
        }
        base.update(self._view(seat))
        return base

    def log(self, seat: int | None) -> list[dict[str, Any]]:
        """What happened, oldest first, holding only the events ``seat`` may see."""
        return [e.public() for e in ev.iterate(self.history) if e.visible_to(seat)]

    def events(self) -> list[ev.Event]:
        """Every event with its audience (secrets included): for storage and tests, not for players."""
        return list(ev.iterate(self.history))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(json.dumps(self.to_json(), sort_keys=True))


class Game(ABC):
    """A game's rules under one set of options. Cheap to make; holds no secrets."""

    name: ClassVar[str]
    title: ClassVar[str]
    option_specs: ClassVar[tuple[Option, ...]]
    presets: ClassVar[Mapping[str, Mapping[str, Any]]]
    default_preset: ClassVar[str]
    # Where a player count is best served by another preset than ``default_preset``: count -> preset
    # (the room's lobby chooses it first for tables of that size). Empty unless a game says otherwise.
    default_presets: ClassVar[Mapping[int, str]] = {}
    grammar: ClassVar[Grammar]

    # Options whose other values name something on the server's disk (a deck file): a room that
    # takes options from the network accepts only these values for them (docs/contract.md).
    network_values: ClassVar[Mapping[str, frozenset[Any]]] = {}
    # View keys (at any depth) that only count other seats' progress in a decision several seats make
    # at once: a choice made on an older view still stands if nothing else the chooser sees changed.
    progress_keys: ClassVar[frozenset[str]] = frozenset({"step", "to_act"})

    def __init__(self, preset: str | None = None, **options: Any) -> None:
        self.preset, self.options = resolve(
            self.name, self.option_specs, self.presets, preset, self.default_preset, options
        )
        self._parsed: dict[str, Action] = {}
        self._setup()

    def _setup(self) -> None:  # noqa: B027 - optional hook, empty by default
        """Derive whatever the options imply (deck, board); called once by ``__init__``."""

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if self.presets[self.preset].get(k, v) != v}
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"cardroom.make({self.name!r}, preset={self.preset!r}{extra})"

    @property
    @abstractmethod
    def players(self) -> int:
        """Number of seats."""

    @abstractmethod
    def new_game(self, seed: int | None = None) -> State:
        """A new game; ``seed`` fixes every shuffle (a fresh secret seed when omitted)."""

    @abstractmethod
    def load(self, data: Mapping[str, Any] | str) -> State:
        """A state from ``State.to_json()`` data or from the game's one-line position notation."""

    @abstractmethod
    def sample(self, view: View, rng: random.Random) -> State:
        """A full state whose ``view(view['seat'])`` equals ``view``, hidden cards dealt at random."""

    @abstractmethod
    def action_space(self) -> tuple[Action, ...]:
        """Every action this game, under these options, can ever offer; sorted and stable."""

    def parse_action(self, text: str | Action) -> Action:
        """The action a text names; :class:`InvalidAction` lists the forms if it names none."""
        return self.grammar.parse(text)

    def action_for(self, text: str) -> Action:
        """``parse_action`` remembered: bots and players send the same few texts again and again."""
        if not isinstance(text, str):
            return self.parse_action(text)  # not text at all: parse_action says so
        found = self._parsed.get(text)
        if found is None:
            found = self.parse_action(text)
            if len(self._parsed) >= PARSED_LIMIT:
                self._parsed.clear()  # texts come from outside too; never let them grow without bound
            self._parsed[text] = found
        return found

    def spoken_actions(self) -> Mapping[str, Spoken]:
        """Actions a person takes by speaking at the table under these options, by action text (in
        the order a room looks for them among a seat's legal actions); empty by default.

        A room takes them from a seat's chat message (:meth:`Spoken.heard`) while the action is legal
        for that seat, and refuses them from a person's action button with :attr:`Spoken.ask`. Bots,
        and the stand-in that plays for an absent person, take them as ordinary actions.
        """
        return NO_SPOKEN

    def card_catalogue(self) -> dict[str, dict[str, Any]]:
        """The deck's kinds of card by slug (``name``, ``type``, ``points``, ``text`` and any field of
        the game's own), for a table's card list: public facts of the deck, never where a card is.
        Empty by default (a game whose cards need no list)."""
        return {}

    def replay(self, seed: int, actions: Iterable[tuple[int, str | Action]]) -> State:
        """The state reached from ``new_game(seed)`` by these (seat, action) pairs."""
        state = self.new_game(seed)
        for i, (seat, act) in enumerate(actions):
            try:
                state = state.apply(seat, act)
            except (InvalidAction, IllegalAction) as exc:
                raise type(exc)(f"action {i} ({seat}, {str(act)!r}) does not replay: {exc}") from None
        return state

    def public_options(self) -> dict[str, Any]:
        """Options as shown to players (all of them are public)."""
        return dict(self.options)

    def describe(self) -> dict[str, Any]:
        """Name, preset and options: enough, with a seed and actions, to rebuild any game."""
        return {"game": self.name, "preset": self.preset, "options": dict(self.options)}

    def _check_json(self, data: Mapping[str, Any]) -> None:
        if not isinstance(data, Mapping):
            raise CorruptState(f"expected a JSON object for a {self.name} state, got {type(data).__name__}")
        if data.get("game") != self.name:
            raise CorruptState(f"this data is for game {data.get('game')!r}, not {self.name!r}")
