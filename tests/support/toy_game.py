"""The tests' toy game under the name the room's tests import it by (``tests.support.toy_game``, also
the ``CARDROOM_GAMES`` path ``toy=tests.support.toy_game:ToyGame``); its rules and options are in
:mod:`tests.support.toy.game`."""

from tests.support.toy.bots import HighestCardBot, registered
from tests.support.toy.game import NAME, ToyGame, register

__all__ = ["NAME", "HighestCardBot", "ToyGame", "register", "registered"]
