"""Game-agnostic bots. Every bot sees one seat's view, never the state (the oracle, labelled, excepted)."""

from cardroom.bots.specs import DIFFICULTY, bot_names, make_bot, parse_spec, register_bot, resolve_spec
from cardroom.bots.uniform import RandomBot

__all__ = ["DIFFICULTY", "RandomBot", "bot_names", "make_bot", "parse_spec", "register_bot", "resolve_spec"]
