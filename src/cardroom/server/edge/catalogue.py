"""What the browser is told about the games: the list of games (``GET /api/games``) with each game's
options and the values a menu offers for them, and a table's card list (names, types, points, texts:
public facts of the deck, never where any card is; the game gives it, ``Game.card_catalogue``)."""

from __future__ import annotations

from typing import Any

from cardroom.bots.specs import DIFFICULTY, bot_names, resolve_spec
from cardroom.core.errors import InvalidOptions
from cardroom.core.game import Game
from cardroom.core.options import Option
from cardroom.core.registry import game_class, game_names, kit
from cardroom.server.edge.models import GameInfo, OptionInfo
from cardroom.server.edge.seatcounts import seat_counts
from cardroom.server.room.tablerequest import CHEATING_BOTS

GENERIC_RENDERER = "generic"


def renderer_of(name: str) -> str:
    """The browser module that draws a table of the game ``name`` (``web/js/games/<it>.js``): the one its
    kit declares, else the generic renderer (also for a name no game has: the table page says so)."""
    try:
        declared = kit(name).renderer
    except InvalidOptions:
        declared = None
    return declared or GENERIC_RENDERER


def card_catalogue(game: Game) -> dict[str, dict[str, Any]]:
    return game.card_catalogue()


def option_info(option: Option) -> OptionInfo:
    """One option as the lobby shows it: ``offered`` is what its menu lists where ``choices`` is None
    because more is accepted (a deck named by its version, or a deck file's path from the command line)."""
    return OptionInfo(
        name=option.name,
        default=option.default,
        help=option.help,
        choices=None if option.choices is None else list(option.choices),
        offered=None if option.offered is None else list(option.offered),
        assumed=option.assumed,
    )


def game_catalogue() -> list[GameInfo]:
    """Every game people may pick in the lobby (a kit marked unlisted, such as a test's toy, is left
    out; its tables are still made by name)."""
    infos = []
    for name in game_names():
        try:
            if not kit(name).listed:
                continue
            cls: Any = game_class(name)
        except Exception:  # a game package still being written must not take the lobby down
            continue
        infos.append(
            GameInfo(
                name=name,
                title=cls.title,
                presets={k: dict(v) for k, v in cls.presets.items()},
                default_preset=cls.default_preset,
                default_presets={str(n): p for n, p in getattr(cls, "default_presets", {}).items()},
                options=[option_info(o) for o in cls.option_specs],
                difficulties={word: resolve_spec(word) for word in DIFFICULTY},
                players=seat_counts(cls),
                bots=[b for b in bot_names() if b not in CHEATING_BOTS],
                renderer=renderer_of(name),
            )
        )
    return infos
