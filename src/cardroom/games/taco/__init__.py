"""T.A.C.O. (Taunt. Attack. Conquer. Obsess.): build tacos, steal ingredients, empty the pool.

The rulebook gives no card list, so the deck (``deck.toml``) is our own design, kept as data.
"""

from cardroom.games.taco.game import TacoGame

__all__ = ["TacoGame"]
