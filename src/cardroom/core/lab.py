"""What the balance lab asks of a game: a probe that records one game's facts, and optionally the
compiled steps that play its games faster (``core/kit.py``: a kit's ``lab`` names its details).

A probe watches every state of a game (``step``) and then reads the finished game (``finish``). The
generic facts come from the contract alone (actions, outcome) and the shared event kinds ``turn`` and
``round_end``; a safety limit is any round or game whose stated reason names a limit. A game whose
facts say more (T.A.C.O.'s rounds, pool and effects) subclasses :class:`Probe` in its own package.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from cardroom.core import events as ev
from cardroom.core.game import Game, State


def is_limit(reason: str) -> bool:
    return "limit" in reason.lower()


class Probe:
    """Generic facts: length in actions, turns and rounds; who moved first; limits; the result."""

    def __init__(self, game: Game, start: State) -> None:
        self.game = game
        self.first = start.to_act[0] if start.to_act else 0

    def step(self, state: State) -> None:
        return None

    def finish(self, state: State) -> dict[str, Any]:
        outcome = state.outcome
        assert outcome is not None
        events = list(ev.iterate(state.history)) if hasattr(state, "history") else []
        turns = sum(1 for e in events if e.kind == "turn")
        round_ends = [e for e in events if e.kind == "round_end"]
        limited_rounds = sum(1 for e in round_ends if is_limit(e.text))
        return {
            "actions": state.step,
            "turns": turns or None,
            "rounds": max(1, len(round_ends)),
            "limited_rounds": limited_rounds,
            "limited": bool(limited_rounds) or is_limit(outcome.reason),
            "reason": outcome.reason,
            "first": self.first,
            "winners": list(outcome.winners),
            "scores": None if outcome.scores is None else list(outcome.scores),
        }


class LabKernel(Protocol):
    """A game's compiled steps driven game by game, with the facts a probe would record."""

    @property
    def cfg(self) -> Any:
        """The game's options array (a paired run changes a copy)."""
        ...

    def play(self, game: Game, seed: int, index: int, cfg: Any = None,
             dealt: list[list[int]] | None = None) -> dict[str, Any]:  # fmt: skip
        """Game ``index`` of the kernel run seeded ``seed`` (as ``cardroom.fast.simulate`` plays it), as
        the lab's facts; ``cfg`` replaces the options array; ``dealt`` receives the hands as dealt."""
        ...


@dataclass(frozen=True)
class LabDetails:
    """The lab's details of one game; the defaults are every game's generic ones."""

    probe: Callable[[Game, State], Probe] = Probe
    #: (game, the one bot spec in every seat) -> the compiled steps, or None (play the reference).
    kernel: Callable[[Game, tuple[str, ...]], LabKernel | None] | None = None
    #: A deck version's name (or a file's path) -> the deck file's text, for games dealt from data decks.
    deck_text: Callable[[str], str] | None = None
