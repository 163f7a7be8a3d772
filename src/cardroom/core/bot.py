"""What a bot is: something that, shown one seat's view, picks one of that view's legal actions.

Bots never see a :class:`~cardroom.core.game.State`. A bot that needs the hidden cards imagines them
with ``game.sample(view, rng)``. (A :class:`BriefBot` reads the state only for entries of the seat's
view, to skip building the rest.) A bot whose ``reads_log`` is true is also shown the seat's log, the
events that seat may see (``State.log``), under the view's ``"log"``: what the others chose, for a bot
that infers from it. Every caller builds what a bot is shown with :func:`shown` (or asks with
:func:`ask`), so no caller can show a bot more than its seat may see.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from cardroom.core.game import Game, State


@runtime_checkable
class Bot(Protocol):
    """Chooses an action for the seat whose view it is given; returns the action's text."""

    name: str

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str: ...


S = TypeVar("S", bound=State)


class BriefBot(Generic[S]):
    """A game's heuristic bot: chooses from the seat's view, and just as well from a *brief view*.

    A search asks the heuristic for every move of every playout, and building the whole view is most of
    a playout's cost. So :meth:`choose_in` (which ``bots/policy.py`` uses when a bot has it) makes the
    same choice from ``brief(state, seat)``: the entries of ``state.view(seat)`` the bot reads, with the
    same values, taken straight from the state. ``tests/bots/test_brief_views.py`` holds them equal.

    A game's bot names its state class, writes ``brief`` and ``decide``; a seat with one legal action
    plays it without asking.
    """

    name = "heuristic"
    state_type: type[S]

    def brief(self, state: S, seat: int) -> dict[str, Any]:
        """The entries of ``state.view(seat)`` this bot reads, with the same values, for a seat to act."""
        raise NotImplementedError

    def decide(self, game: Game, view: Mapping[str, Any], legal: list[str], rng: random.Random) -> str:
        """The action to play, from a view (whole or brief) with two or more ``legal`` actions."""
        raise NotImplementedError

    def choose_in(self, state: State, seat: int, rng: random.Random) -> str:
        """``choose(game, state.view(seat), rng)``, from the brief view: same answer, less work."""
        assert isinstance(state, self.state_type)
        return self.choose(state.game, self.brief(state, seat), rng)

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        legal: list[str] = list(view["legal_actions"])
        if not legal:
            raise ValueError("this view has no legal action: the seat is not to act")
        if len(legal) == 1:
            return legal[0]
        return self.decide(game, view, legal, rng)


def shown(bot: object, state: State, seat: int) -> dict[str, Any]:
    """What ``bot`` is shown to choose for ``seat``: the seat's view, and its log (``"log"``) if the bot
    ``reads_log``. Nothing else of ``state`` reaches a bot."""
    view = state.view(seat)
    if getattr(bot, "reads_log", False):
        view["log"] = state.log(seat)
    return view


def ask(bot: Bot, state: State, seat: int, rng: random.Random) -> str:
    """``bot``'s choice for ``seat`` in ``state``, from what it is :func:`shown`."""
    return bot.choose(state.game, shown(bot, state, seat), rng)


def envelope(state: State, seat: int) -> dict[str, Any]:
    """The entries of the view's shared envelope a brief view keeps: seat, player count, legal actions."""
    legal = [str(a) for a in state.legal_actions(seat)]
    return {"seat": seat, "players": state.game.players, "legal_actions": legal}
