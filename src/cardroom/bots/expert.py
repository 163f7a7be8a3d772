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

#: The expert's search settings over the kernel search's own. ``cut``: steps off the trees before a
#: playout is scored by the learned value, 8 as measured in Tacocat and two-player Kittens
#: (docs/learned-value.md).
EXPERT_DEFAULTS = {"cut": "8"}
#: Where a game was measured to need other settings (docs/expert.md has the rows played with them):
#: - T.A.C.O.'s value beats an even share by little (points in a taco move a lot before the pool runs
#:   dry), so it needs a longer look first: on the same 200 four-player games, alone against three full
#:   searches, cuts of 4, 8, 24, 48 and 64 steps won 21.0, 27.8, 39.7, 44.2 and 39.5%.
#: - In Tacocat a cut playout is scored by a smooth learned chance rather than a won or lost game, so the
#:   means the tree compares are less noisy and need less exploring than the generic ``c=1.0``: on the
#:   strength row's first 200 games, ``c`` 0.5, 1.0 and 2.0 won 59.0, 55.5 and 54.0%.
#: - In Tacocat the playouts lay duel cards as the plain search lays them (a third of the time its
#:   highest, often a 7 or an 8), not always the highest as the heuristic: on the row's first 400 games
#:   the expert won 65.0% with that and 59.75% without (docs/expert.md). The same model deals the
#:   other's face-down duel card; reading the shown ones by it too (``duels=ismcts-read``) was no stronger.
EXPERT_SETTINGS = {"taco": {"cut": "48"}, "tacocat": {"c": "0.5", "duels": "ismcts"}}


def expert_search(game_name: str) -> dict[str, str]:
    """The expert's search settings in ``game_name`` (its cut, and its exploration where tuned): what
    an oracle needs to search as the expert does."""
    return {**EXPERT_DEFAULTS, **EXPERT_SETTINGS.get(game_name, {})}


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
