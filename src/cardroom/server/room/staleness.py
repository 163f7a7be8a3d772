"""When a choice made on an older view may still be applied.

Every action names the step of the view it was chosen on. :func:`cardroom.server.room.live.still_current`
accepts an older step when everything since only took other seats out of ``to_act`` (passes in a
window, the other card of a simultaneous move). That is too strict for decisions made one card at a
time by several seats at once (a simultaneous replacement): there the other seat's choices leave it
in ``to_act`` and move only counters the chooser can see (how many cards it has decided about). A
choice must never be refused because the *other* seat decided meanwhile; it is stale only if
something the chooser can see changed. So, in addition, an older step is accepted when

- the chooser was asked then and is asked now, and took no action since;
- its legal actions are the same; and
- its view is the same except for the other seats' progress in the decision (the game's
  ``Game.progress_keys``: the step, who is to act, and counters of the game's own).
"""

from __future__ import annotations

from typing import Any

from cardroom.core.game import State
from cardroom.server.room.live import Live


def _without_progress(value: Any, keys: frozenset[str]) -> Any:
    if isinstance(value, dict):
        return {k: _without_progress(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_without_progress(v, keys) for v in value]
    return value


def unaffected(old: State, live: Live, seat: int, step: int) -> bool:
    """Whether a choice ``seat`` made on ``old`` (the state at ``step``) may still be applied now."""
    now = live.state
    if not 0 <= step < live.step or seat not in old.to_act or seat not in now.to_act:
        return False
    if seat in live.actors[step:]:
        return False
    if [str(a) for a in old.legal_actions(seat)] != [str(a) for a in now.legal_actions(seat)]:
        return False
    keys = live.game.progress_keys
    return bool(_without_progress(old.view(seat), keys) == _without_progress(now.view(seat), keys))
