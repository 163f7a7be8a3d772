"""Game-agnostic machinery: the Game/State contract, actions, errors, outcomes, events, randomness.

The whole contract in one session (Tacocat, but every game answers the same names):

>>> import cardroom, random
>>> game = cardroom.make("tacocat", preset="official")
>>> state = game.new_game(seed=7)
>>> state.to_act                      # both players replace cards at once on the centre space
(0, 1)
>>> [str(a) for a in state.legal_actions(0)]   # one decision per card, lowest first
['discard 1', 'keep 1']
>>> for seat in (0, 1):               # keep every card: seven decisions each, whatever is chosen
...     for card in state.view(seat)["hand"]:       # the hand is sorted: lowest first
...         state = state.apply(seat, f"keep {card}")
>>> state.step, state.to_act          # now the duel: both choose a card face down
(14, (0, 1))
>>> view = state.view(0)
>>> len(view["hand"]), view["opponent_hand_size"]
(7, 7)
>>> sorted(view) == sorted(game.sample(view, random.Random(1)).view(0))
True
>>> game.load(state.to_json()) == state
True
"""

from cardroom.core.action import Action, Form, Grammar, action
from cardroom.core.bot import Bot
from cardroom.core.errors import CardroomError, CorruptState, IllegalAction, InvalidAction, InvalidOptions
from cardroom.core.events import Event
from cardroom.core.game import Game, State, View
from cardroom.core.options import Option
from cardroom.core.outcome import Outcome
from cardroom.core.registry import game_class, game_names, make, register

__all__ = [
    "Action",
    "Bot",
    "CardroomError",
    "CorruptState",
    "Event",
    "Form",
    "Game",
    "Grammar",
    "IllegalAction",
    "InvalidAction",
    "InvalidOptions",
    "Option",
    "Outcome",
    "State",
    "View",
    "action",
    "game_class",
    "game_names",
    "make",
    "register",
]
