"""How long every bot at a table takes per decision, so that its answer time says nothing hidden.

The room and the terminal both pace their bots by this one rule.

A bot that searches stops early when it has one move (it must pass) and uses its whole budget when it
has several (it holds a Nope): timed from outside, that told people what it held. So a table has one
*pace*, the same for every bot decision at it: at least the server's least bot delay and at least the
longest thinking budget of any bot seated there, plus a margin for the search's own overrun. Each bot
decision is delivered exactly one pace after the state it answers; a bot still thinking then plays a
random legal move instead (also at that moment), so even an overloaded machine shows nothing.
"""

from __future__ import annotations

from cardroom.bots.specs import declared_budget

# A search may overrun its budget before it notices the clock, the more so on a busy machine: on two
# cores shared by several loads, 1 s searches of expert:cut=8 at two tables took up to 1.23 s with a
# thread each (the room's, server/room/autoplay.py), which a quarter of margin (1.25 s) barely covers.
MARGIN_SHARE = 0.5
MARGIN_LEAST = 0.1  # seconds


def thinking_seconds(spec: str, cap: float) -> float:
    """The longest a bot of this spec may think, in seconds, from the budget the bot itself declares
    (:func:`cardroom.bots.specs.declared_budget`): its ``ms`` (1000 for a search given none), the
    server's hard ``cap`` when it counts iterations only (their time is unknown), 0 if it does not search."""
    budget = declared_budget(spec)
    if budget is None:
        return 0.0
    if budget.ms is None:
        return cap
    return min(cap, max(0.0, budget.ms / 1000))


def table_pace(bot_specs: list[str], least: float, cap: float) -> float:
    """Seconds between a state and any bot's answer to it, the same for every bot at the table."""
    longest = max((thinking_seconds(s, cap) for s in bot_specs), default=0.0)
    if longest <= 0:
        return least
    return max(least, longest + max(MARGIN_LEAST, MARGIN_SHARE * longest))
