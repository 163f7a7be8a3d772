"""ISMCTS on a game's compiled kernel: the same search as ``ismcts-ref``, fifty times the playouts.

A game offers a kernel by naming its module in ``game.kernel`` (as it names its heuristic bot;
``cardroom.core.compiled_registry``). The ``ismcts`` spec uses it whenever the kernel is compiled
(Numba installed and not switched off) and supports the game's options; ``ismcts-ref`` always runs
the reference search. Like every fair bot it receives only the view: the kernel starts from
``game.sample(view)`` and re-deals the unseen cards for each world.

While a server loads the kernels in the background (a cold cache compiles them for about a minute),
the bot's decisions search on the reference engine instead: weaker, but a search, never a random move.

``ismcts:infer=MODEL`` (a game whose kit names an ``evidence`` reader) also reads the seat's
log (``reads_log``) and keeps the worlds it imagines by how likely each makes the others' observed
choices under MODEL's play (``heuristic`` or ``ismcts``; ``off``, the default, is today's search): see
docs/inference.md. The evidence is read from public facts and the seat's own cards, on the decision's clock.

``ismcts:duels=MODEL`` (a game whose kit names ``opponent_models``: Tacocat's lay the playouts' duel
cards, and deal the other player's face-down duel card, as the compiled search was measured to lay
them, not as the heuristic does; ``ismcts-read`` also reads the duel cards the other has shown that way,
with ``infer``, measured no stronger) models the other seats in the playouts by that model;
``heuristic``, the default, is today's search.

``ismcts:cut=N`` stops each playout N steps off the trees and scores it with the learned value shipped
with the game's package (``core/learned_value.py``): shorter playouts, more of them, less noise; docs/learned-value.md.

The ``oracle`` spec runs on the kernel too (:class:`KernelOracleBot`): the same playouts from the true
state (it cheats; only the arena seats it), so a fair kernel search and its oracle compare like with like.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardroom.bots.budget import now
from cardroom.bots.ismcts import ISMCTSBot, SearchSettings
from cardroom.bots.oracle import OracleBot
from cardroom.bots.search import SearchStats
from cardroom.core.compiled_registry import compiled_kernel_of, kernel_path, ready, warm
from cardroom.core.errors import InvalidOptions
from cardroom.core.game import Game, State
from cardroom.core.kit import Evidence
from cardroom.core.registry import kit_of, kits

if TYPE_CHECKING:  # the protocol's module imports numpy, which a bot or the room's hints need not
    from cardroom.core.compiled_protocol import CompiledKernel

INFER = ("off", "heuristic", "ismcts")  # the opponent models ``infer`` takes
MAX_CUT = 64  # steps off the trees a playout may be cut after (0: played to the end)
KERNEL_ONLY = ("infer", "cut", "duels")  # options of the kernel search alone (the shared settings do not take them)


class _OnKernel:
    """What the fair kernel search and the kernel oracle share: the searcher and one timed call."""

    settings: SearchSettings
    last: SearchStats
    name: str
    cut: int = 0  # playouts cut after this many steps off the trees and scored by ``weights`` (0: never)
    weights: Any = None
    duels: str = "heuristic"

    def _start(self, game: Game, kernel: CompiledKernel, cut: tuple[int, Any] = (0, None),
               duels: str = "heuristic") -> None:  # fmt: skip
        self.kernel = kernel
        self.cut, self.weights = cut
        self.duels = duels
        self.searcher = self._new_searcher(game)
        if self.cut:
            self.name += f",cut={self.cut}"
        if duels != "heuristic":
            self.name += f",duels={duels}"

    def _new_searcher(self, game: Game) -> Any:
        """A searcher whose playouts model the other seats as ``duels`` asks (the game's opponent model)."""
        models = kit_of(game).opponent_models
        return self.kernel.searcher(game, models.index(self.duels) if self.duels in models else 0)

    def _settings(self, start: float) -> Any:
        s = self.settings
        settings = self.kernel.Settings(
            iterations=s.budget.iterations, deadline=s.budget.deadline(start), exploration=s.exploration,
            bias=s.bias, paired=s.root == "paired", z=s.z, spread=s.spread, playout=s.playout,
        )  # fmt: skip
        return replace(settings, cut=self.cut, weights=self.weights) if self.cut else settings

    def _searcher_for(self, game: Game) -> Any:
        if self.searcher.game is not game:
            self.searcher = self._new_searcher(game)
        warm(self.kernel)  # before the clock: a first decision's budget is not spent loading code
        return self.searcher

    def _checked(self, game: Game, result: Any, legal: list[str], start: float) -> str:
        self.last = SearchStats(result.iterations, 0, now() - start, result.nodes, result.root, result.dealt,
                                result.rejected, result.capped)  # fmt: skip
        if result.action not in legal:  # the differential tests make this a can't-happen; say so if it does
            raise RuntimeError(f"the {game.name} kernel chose {result.action!r}, not in the legal actions: "
                               "a kernel bug (the ismcts-ref bot runs the reference search)")  # fmt: skip
        return str(result.action)


class FastISMCTSBot(_OnKernel, ISMCTSBot):
    """``ISMCTSBot`` with its search run by the game's kernel; same settings, same statistics."""

    def __init__(self, game: Game, settings: SearchSettings, kernel: CompiledKernel, infer: str = "off",
                 cut: tuple[int, Any] = (0, None), duels: str = "heuristic") -> None:  # fmt: skip
        ISMCTSBot.__init__(self, game, settings)
        self._start(game, kernel, cut, duels)
        self.infer = infer
        self.evidence: Evidence | None = None if infer == "off" else evidence_of(game)
        self.reads_log = self.evidence is not None
        if self.evidence is not None:
            self.name += f",infer={infer}"

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        legal: list[str] = list(view["legal_actions"])
        if not legal:
            raise ValueError(f"seat {view.get('seat')} has no legal action in this view: it is not to act")
        self.last = SearchStats()
        if len(legal) == 1:
            return legal[0]
        searcher = self._searcher_for(game)
        # Read from the view and its log (public facts and the seat's own cards) once the clock runs, so
        # the reading is part of the budget and the answer comes when the plain search's would.
        start = now()
        evidence = None if self.evidence is None else self.evidence(view, self.infer)
        settings = self._settings(start)
        if evidence is not None:
            settings = replace(settings, evidence=evidence)
        return self._checked(game, searcher.search(view, rng, settings), legal, start)


class KernelOracleBot(_OnKernel, OracleBot):
    """The oracle on the kernel: the fair kernel search's playouts from the true state (cheats)."""

    def __init__(self, game: Game, settings: SearchSettings, kernel: CompiledKernel, cut: tuple[int, Any] = (0, None),
                 duels: str = "heuristic") -> None:  # fmt: skip
        OracleBot.__init__(self, game, settings)
        self._start(game, kernel, cut, duels)

    def choose_with_state(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        legal = [str(a) for a in state.legal_actions(seat)]
        self.last = SearchStats()
        if len(legal) == 1:
            return legal[0]
        searcher = self._searcher_for(game)
        start = now()
        return self._checked(game, searcher.search_state(state, seat, rng, self._settings(start)), legal, start)


class LoadingKernelBot(ISMCTSBot):
    """The ``ismcts`` bot of a server whose kernel for this game is still loading in the background.

    Until the loader has the kernel, every decision is the reference search: weaker, but a search, and
    within the decision's time (the kernel module is not imported meanwhile: see
    ``compiled_registry.ready``). From the first decision after, it is the kernel's search.
    """

    def __init__(self, game: Game, params: dict[str, str], path: str) -> None:
        ISMCTSBot.__init__(self, game, SearchSettings(search_params(params), "ismcts", game.name))
        self._params = params
        self.reads_log = params.get("infer", "off") != "off"
        self._path = path
        self._loaded: ISMCTSBot | None = None

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        if self._loaded is None and ready(self._path):
            self._loaded = make_fast_ismcts(game, self._params)
        if self._loaded is None:
            return ISMCTSBot.choose(self, game, view, rng)
        answer = self._loaded.choose(game, view, rng)
        self.last = self._loaded.last
        return answer


def make_fast_ismcts(game: Game, params: dict[str, str]) -> ISMCTSBot:
    """The kernel's ISMCTS when the game has a compiled kernel, else the reference search (and, while a
    server still loads the kernel in the background, the reference search until it is loaded)."""
    from cardroom.bots.ismcts import make_ismcts

    infer = params.get("infer", "off")
    if infer not in INFER:
        raise InvalidOptions(f"ismcts: infer must be one of {', '.join(INFER)}")
    if infer != "off" and evidence_of(game) is None:
        raise InvalidOptions(f"ismcts: infer reads no evidence in {game.name} ({offered_in(lambda k: k.evidence)})")
    cut = cut_of(game, params, "ismcts")
    duels = duels_of(game, params, "ismcts")
    path = kernel_path(game)
    if path is not None and not ready(path):
        return LoadingKernelBot(game, params, path)
    kernel = compiled_kernel_of(game)
    if kernel is None:
        if infer != "off" or cut[0] or duels != "heuristic":
            raise InvalidOptions("ismcts: infer, cut and duels need the game's compiled kernel (Numba)")
        return make_ismcts(game, search_params(params))
    return FastISMCTSBot(game, SearchSettings(search_params(params), "ismcts", game.name), kernel, infer, cut, duels)


def search_params(params: dict[str, str]) -> dict[str, str]:
    """A spec's parameters but the kernel search's own (the searches' shared settings do not take them)."""
    return {k: v for k, v in params.items() if k not in KERNEL_ONLY}


def cut_of(game: Game, params: dict[str, str], bot: str) -> tuple[int, Any]:
    """The spec's ``cut`` (0 when absent) and, for a cut, the learned value's weights for the game."""
    text = params.get("cut", "0")
    if not (text.isdigit() and int(text) <= MAX_CUT):
        raise InvalidOptions(f"{bot}: cut must be a whole number of steps from 0 (play to the end) to {MAX_CUT}")
    if int(text) == 0:
        return 0, None
    from cardroom.core.learned_value import LearnedValueError, weights_for

    try:
        return int(text), weights_for(game.name)
    except LearnedValueError as exc:
        raise InvalidOptions(f"{bot}: cut needs the learned value of {game.name}: {exc}") from None


def duels_of(game: Game, params: dict[str, str], bot: str) -> str:
    """The spec's ``duels`` (``heuristic`` when absent): one of the game's opponent models (its kit's
    ``opponent_models``: how the playouts model the other seats)."""
    duels = params.get("duels", "heuristic")
    known = ("heuristic", *dict.fromkeys(m for k in kits() for m in k.opponent_models if m != "heuristic"))
    if duels not in known:
        raise InvalidOptions(f"{bot}: duels must be one of {', '.join(known)}")
    if duels != "heuristic" and duels not in kit_of(game).opponent_models:
        raise InvalidOptions(f"{bot}: duels is a setting of the games with opponent models "
                             f"({offered_in(lambda k: k.opponent_models)}), not of {game.name}")  # fmt: skip
    return duels


def offered_in(has: Any) -> str:
    """ "offered in tacocat and ..." for the games whose kit ``has`` a part."""
    names = [k.name for k in kits() if has(k)]
    return "offered in " + (" and ".join(names) if names else "no game")


def evidence_of(game: Game) -> Evidence | None:
    """The game's reader of the others' observed choices (its kit's ``evidence``), if it has one."""
    return kit_of(game).evidence_reader()


def make_kernel_oracle(game: Game, params: dict[str, str]) -> OracleBot:
    """The oracle on the game's compiled kernel, else the reference oracle."""
    from cardroom.bots.oracle import make_oracle

    if "infer" in params:
        raise InvalidOptions("oracle: infer is for fair searches (the oracle sees every card)")
    cut = cut_of(game, params, "oracle")
    duels = duels_of(game, params, "oracle")
    kernel = compiled_kernel_of(game)
    if kernel is None:
        if cut[0] or duels != "heuristic":
            raise InvalidOptions("oracle: cut and duels need the game's compiled kernel (Numba)")
        return make_oracle(game, search_params(params))
    return KernelOracleBot(game, SearchSettings(search_params(params), "oracle", game.name), kernel, cut, duels)


def make_reference_ismcts(game: Game, params: dict[str, str]) -> ISMCTSBot:
    """The reference search, by name, for comparison with the kernel's."""
    from cardroom.bots.ismcts import make_ismcts

    bot = make_ismcts(game, params)
    bot.name = "ismcts-ref" + bot.name.removeprefix("ismcts")
    return bot
