"""What a visitor may ask for when creating a table: a game, its options and who sits where.

Everything here refuses with :class:`Refused` and a short reason before anything is stored (a game's
own refusal of an option worded again in the request's language: :mod:`cardroom.locale.options`). The
checks that matter for safety live here together: option values that could name a file on the
server, text the databases cannot store alike, bot budgets the server must bound, and bots that
read hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardroom.core.errors import InvalidOptions
from cardroom.core.game import Game
from cardroom.core.registry import game_names, make
from cardroom.locale import Phrase, Plural
from cardroom.locale.bots import BotRefusal
from cardroom.locale.options import OptionsRefusal
from cardroom.server.errors import Refused
from cardroom.server.ops.limits import bounded_bot_spec, clean_text, clean_value, short

MAX_PLAYERS = 10
CHEATING_BOTS = frozenset({"oracle"})  # bots that read the whole state: never at a table with people


@dataclass(frozen=True)
class SeatRequest:
    kind: str  # me | bot | invite
    bot: str | None = None
    name: str | None = None


def checked_game(game_name: str, preset: str | None, options: dict[str, Any], seats: list[SeatRequest]) -> Game:
    """The game the request describes, with ``players`` filled in from the seats where it is an option."""
    if game_name not in game_names():
        raise Refused(
            "no game named {name}; games: {games}", name=repr(short(game_name, 40)), games=", ".join(game_names())
        )
    if not 1 <= len(seats) <= MAX_PLAYERS:
        raise Refused("a table has 1 to {most} seats", most=MAX_PLAYERS)
    if sum(1 for s in seats if s.kind == "me") > 1:
        raise Refused("you can take only one seat")
    options = dict(options)
    try:
        probe = make(game_name, preset=preset)
    except (InvalidOptions, TypeError, ValueError) as exc:
        raise Refused(OptionsRefusal(short(str(exc)))) from None
    # Options whose other values name a file: the server must never open a file a visitor names, so
    # only the values the game ships with are taken here (the game says which: Game.network_values),
    # and the refusal is the same whether or not such a file exists.
    network_values = probe.network_values
    for name, value in options.items():
        clean_text(str(name), Phrase("an option name"))
        clean_value(value, Phrase("option {name}", name=repr(short(str(name), 40))))
        allowed = network_values.get(name)
        if allowed is not None and not _among(value, allowed):
            raise Refused(
                "option {name}: tables here use {values}; a file of your own is for the command line",
                name=repr(name),
                values=", ".join(map(repr, sorted(allowed, key=str))),
            )
        if isinstance(value, str) and ("/" in value or "\\" in value or value.startswith(".") or "." in value[-6:]):
            raise Refused("option {name}: file names are not accepted here", name=repr(short(name, 40)))
    try:
        if any(o.name == "players" for o in probe.option_specs) and "players" not in options:
            options["players"] = len(seats)
        game = make(game_name, preset=preset, **options)
    except (InvalidOptions, TypeError, ValueError) as exc:
        raise Refused(OptionsRefusal(short(str(exc)))) from None
    if game.players != len(seats):
        filled = Plural("{count} was filled", "{count} were filled", len(seats))
        raise Refused("this game has {seats} seats; {filled}", seats=game.players, filled=filled)
    return game


def _among(value: Any, allowed: frozenset[Any]) -> bool:
    try:
        return value in allowed
    except TypeError:  # a list or an object: never one of the shipped values
        return False


def checked_bot(asked: str | None, game: Game) -> str:
    """The bounded spec of a bot seat (``normal`` when none is named); cheating bots are refused."""
    from cardroom.bots.specs import declared_budget, make_bot, resolve_spec

    spec = bounded_bot_spec(resolve_spec(asked or "normal"))
    if spec.split(":")[0].strip().lower() in CHEATING_BOTS:
        raise Refused("bot {spec} sees hidden cards; it is for measurement, not for tables", spec=repr(spec))
    budget = declared_budget(spec)
    if budget is not None and budget.ms is None:
        # Every bot decision lands one table pace after its state (bots/pace.py): a bot whose thinking
        # has no time limit would overrun it and play at random every time.
        raise Refused(
            "bot {spec} counts its effort, not time, so the room cannot pace it; "
            "seat a bot whose budget is in ms (for example ismcts:ms=1000)",
            spec=repr(short(spec, 60)),
        )
    try:
        make_bot(spec, game)
    except InvalidOptions as exc:
        raise Refused(BotRefusal(short(str(exc)))) from None  # the bots' own words, read back in the asker's language
    return spec
