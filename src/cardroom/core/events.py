"""Events: what happened, each marked with who may see it.

A state keeps its history as a linked chain of events (each state shares its parent's chain), so
appending is O(1) and states stay immutable. ``audience=None`` means public: every seat and spectators.
A private fact (the card you drew) is a separate event whose audience is that seat alone, usually next
to a public twin ("P0 draws a card").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened, and who may see it. Immutable. A named tuple, not a frozen dataclass:
    every engine step makes a few, and a tuple is made in half the time."""

    kind: str
    text: str
    data: Mapping[str, Any]
    audience: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "data": dict(self.data),
            "audience": None if self.audience is None else sorted(self.audience),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        audience = data.get("audience")
        return cls(
            kind=str(data["kind"]),
            text=str(data["text"]),
            data=dict(data.get("data", {})),
            audience=None if audience is None else frozenset(int(s) for s in audience),
        )

    def public(self) -> dict[str, Any]:
        """The form a viewer receives: no audience list (that would say who else was told)."""
        return {"kind": self.kind, "text": self.text, **self.data}


# A chain is None (empty) or (event, previous chain, length).
Chain = tuple[Event, "Chain", int] | None

# The chain of a state that keeps no log: appending to it leaves it as it is, and it reads as empty.
# ``game.sample`` starts its imagined states with it, so a search's playouts (which never read a log)
# do not grow one. Its marker event has an empty audience: nobody could see it even if it were read.
OFF: Chain = (Event("no-log", "this state keeps no event log", {}, frozenset()), None, 0)


def append(chain: Chain, event: Event) -> Chain:
    if chain is OFF:
        return OFF
    return (event, chain, 1 + (chain[2] if chain else 0))


def extend(chain: Chain, events: list[Event]) -> Chain:
    if chain is OFF:
        return OFF
    for event in events:
        chain = (event, chain, 1 + (chain[2] if chain else 0))
    return chain


def length(chain: Chain) -> int:
    return chain[2] if chain else 0


def iterate(chain: Chain) -> Iterator[Event]:
    """Oldest first."""
    items: list[Event] = []
    while chain is not None and chain is not OFF:
        items.append(chain[0])
        chain = chain[1]
    items.reverse()
    return iter(items)


def from_list(events: list[Event]) -> Chain:
    return extend(None, events)
