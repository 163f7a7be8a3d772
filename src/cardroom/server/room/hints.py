"""Hints ("What would the bot do?"): who may ask, and the answer, from the asking seat's view alone.

A seat may ask at a table where every other seat is a bot (a casual game against the computer), or
at any table whose creator turned hints on for everyone when creating it (``"hints": true``). That
choice is made once, is shown to every seat and spectator (the table's summary carries ``hints``,
which the lobby list and the table page display) and cannot be changed later: nobody at a table
with people gets help the others do not know about.

The answer ranks the seat's legal actions by win chance with the analysis's evaluation
(``cardroom.analysis.evaluate``) on the seat's view, ``live.state.view(seat)``, and nothing else: the
imagined worlds are dealt from what the seat could not see, never from the true hidden cards. It is
seeded by the table, seat and step, so the same decision always gets the same hint, and it is kept
for the next ask.
"""

from __future__ import annotations

import asyncio
import random
from collections import OrderedDict
from typing import Any

from cardroom.analysis import Precision, evaluate
from cardroom.analysis.engines import rollouts_for
from cardroom.bots.policy import make_policy
from cardroom.core.game import Game, State
from cardroom.locale import Phrase
from cardroom.server.room.live import Live

# The compiled kernel affords a hint as precise as the analysis (+-5 points) in well under a
# second; the reference engine gets a coarser one (+-10 points, at most 48 worlds) in a second or two.
PRECISION = {"kernel": Precision(half_width=0.05, min_worlds=256, max_worlds=2048),
             "reference": Precision(half_width=0.1, min_worlds=16, max_worlds=48)}  # fmt: skip
KEEP = 2000  # answers kept, newest last
_answers: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
_busy: asyncio.Semaphore | None = None  # one hint computed at a time: they share the server's cores

OFF = Phrase(
    "hints are off at this table: its creator did not turn them on for everyone, and hints are "
    "otherwise offered only where every other seat is a bot"
)


def refusal(live: Live, seat: int) -> Phrase | None:
    """Why ``seat`` may not ask for a hint here (``None``: it may)."""
    if live.hints_for_everyone:
        return None
    if all(s.kind == "bot" for s in live.row.seats if s.seat != seat):
        return None
    return OFF


def _rank(game: Game, state: State, seat: int, table_id: str) -> dict[str, Any]:
    view = state.view(seat)  # the asking seat's view: the only input
    legal: list[str] = view["legal_actions"]
    policy = make_policy(game, "heuristic")
    bot_choice = policy.move_from_view(view, random.Random(0))
    if len(legal) == 1:
        return {"step": view["step"], "bot": bot_choice, "actions": [{"action": legal[0], "win": None}]}
    engine = rollouts_for(game, "auto", policy)
    # The seed comes from the table, seat and step alone: the same decision always gets the same hint.
    rng = random.Random(f"hint:{table_id}:{seat}:{view['step']}")
    est = evaluate(game, view, bot_choice, policy, rng, PRECISION[engine.name], engine=engine)
    return {
        "step": view["step"],
        "bot": bot_choice,
        "engine": engine.name,
        "worlds": est.worlds,
        "actions": [{"action": v.action, "win": round(v.win, 3)} for v in est.values],
    }


async def answer(live: Live, seat: int, table_id: str) -> dict[str, Any]:
    """The hint for ``seat``'s current decision (the caller checked :func:`refusal` and that it acts)."""
    global _busy
    # The state asked about, taken now: where seats decide at once, another seat's move may change the
    # table's state while this hint waits or is worked out, and the answer must be the one its key names.
    state = live.state
    key = (table_id, seat, state.step)
    found = _answers.get(key)
    if found is not None:
        return found
    _busy = _busy or asyncio.Semaphore(1)
    async with _busy:
        ranked = _answers.get(key)  # another request may have ranked it while this one waited
        if ranked is None:
            ranked = await asyncio.to_thread(_rank, live.game, state, seat, table_id)
    _answers[key] = ranked
    while len(_answers) > KEEP:
        _answers.popitem(last=False)
    return ranked
