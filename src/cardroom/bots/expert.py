"""The ``expert`` bot: the strongest we offer, the kernel's ISMCTS with what it has learned.

Its playouts stop a few steps off the trees (:func:`expert_search`) and are scored by the learned value shipped
with the package (docs/learned-value.md), so a decision's budget buys more and less noisy playouts;
where the game has an ``evidence`` reader (Exploding Kittens) it also keeps the worlds it imagines by
how likely each makes the others' Nope-window passes under the search's own play (docs/inference.md).
Any of these may be given in the spec instead (``expert:ms=1000,cut=4``). Its budget and pace are the
``ismcts`` bot's: the same ``ms=``, the same table-wide delay in the room, so its answer time says
nothing the plain search's would not.

Without a compiled kernel (Numba missing or switched off) there is nothing to cut or weigh: the bot is
then the reference search, as ``ismcts`` is.
"""

from __future__ import annotations

from cardroom.bots.fast_ismcts import evidence_of, make_fast_ismcts, search_params
from cardroom.bots.ismcts import ISMCTSBot
from cardroom.core.compiled_registry import compiled_kernel_of, kernel_path, ready
from cardroom.core.game import Game
from cardroom.core.registry import tuning

#: The expert's search settings over the kernel search's own. ``cut``: steps off the trees before a
#: playout is scored by the learned value, 8 as measured in Tacocat and two-player Kittens
#: (docs/learned-value.md).
EXPERT_DEFAULTS = {"cut": "8"}


def expert_search(game_name: str) -> dict[str, str]:
    """The expert's search settings in ``game_name`` (its cut, and its exploration where tuned: its kit's
    ``tuning.expert``, measured as docs/expert.md says): what an oracle needs to search as the expert does."""
    return {**EXPERT_DEFAULTS, **tuning(game_name).expert}


def make_expert(game: Game, params: dict[str, str]) -> ISMCTSBot:
    """The expert for ``game``: its defaults under the spec's own parameters."""
    path = kernel_path(game)
    loading = path is not None and not ready(path)  # a server's background load: the kernel will come
    if not loading and compiled_kernel_of(game) is None:
        bot = make_fast_ismcts(game, search_params(params))
    else:
        defaults = {
            **expert_search(game.name),
            **({"infer": "ismcts"} if evidence_of(game) is not None else {}),
        }
        bot = make_fast_ismcts(game, {**defaults, **params})
    bot.name = "expert" + bot.name.removeprefix("ismcts")
    return bot
