"""OpenSpiel observers: the observation (one seat's view now) and the information state (its history).

The observation is the seat's view, ``view(seat)``, encoded as the game's tensor and written as its
canonical JSON. The information state adds perfect recall within a stated bound: everything the seat
observed, in order. Its tensor is the observation, then the history's length, then one slot of four
numbers per entry of ``observation_history`` (the deal, then every decision of any seat):

    actor      (seat + 1) / players, 0 for the deal
    action     (index + 1) / actions when the seat itself decided, else 0
    seen       the two 16-bit halves of a digest of the seat's view right after, each over 65,536

The slots are sized for the game's ``max_game_length`` plus the deal, a bound about ten times the longest
game we measured; a game that ran past it would keep its first slots only (the length still counts on).
Two histories of a seat that differ in any own action or anything it saw differ in some slot, unless
two distinct views share a 32-bit digest (about one chance in four billion per pair of views). Other
seats' actions are not written as actions: what a seat learns of them is exactly how its view changed,
so a hidden choice (a face-down card, a secret position) stays hidden.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import numpy as np
import pyspiel

from cardroom.rl.interface import Interface

SLOT = 4  # actor, own action, digest high half, digest low half


def view_digest(view: Any) -> int:
    """A 32-bit digest of a view's canonical JSON."""
    return zlib.crc32(json.dumps(view, sort_keys=True, separators=(",", ":")).encode())


class ViewObserver:
    """OpenSpiel's observer protocol over one seat's view: a tensor (the encoding) and a string (the JSON).

    With ``private_info`` NOTHING (a public observer) it reads the spectator's view ``view(None)``.
    """

    def __init__(self, interface: Interface, iig_obs_type: Any) -> None:
        self.interface = interface
        self.public_only = iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(interface.encoder.size, np.float32)
        self.dict = interface.encoder._split(self.tensor)

    def _view(self, state: Any, player: int) -> dict[str, Any] | None:
        inner = state.cardroom_state
        if inner is None:
            return None
        view: dict[str, Any] = inner.view(None if self.public_only else player)
        return view

    def set_from(self, state: Any, player: int) -> None:
        view = self._view(state, player)
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.interface.encode_view(view)

    def string_from(self, state: Any, player: int) -> str:
        view = self._view(state, player)
        return "(before the deal)" if view is None else json.dumps(view, sort_keys=True, separators=(",", ":"))


class RecallObserver(ViewObserver):
    """The information state: the seat's view now, then its whole observation history (module doc)."""

    def __init__(self, interface: Interface, iig_obs_type: Any, slots: int) -> None:
        super().__init__(interface, iig_obs_type)
        self.view_size = interface.encoder.size
        self.slots = slots
        self.tensor = np.zeros(self.view_size + 1 + SLOT * slots, np.float32)
        self.dict = {
            "observation": self.tensor[: self.view_size],
            "length": self.tensor[self.view_size : self.view_size + 1],
            "history": self.tensor[self.view_size + 1 :].reshape(slots, SLOT),
        }

    def set_from(self, state: Any, player: int) -> None:
        self.tensor.fill(0.0)
        view = self._view(state, player)
        if view is None:
            return
        self.tensor[: self.view_size] = self.interface.encode_view(view)
        history = state.observation_history(player)
        self.tensor[self.view_size] = len(history) / self.slots
        players, actions = self.interface.players, len(self.interface.actions)
        rows = self.dict["history"]
        for row, (actor, action, digest) in zip(rows, history):
            row[0] = (actor + 1) / players
            row[1] = (action + 1) / actions if action >= 0 else 0.0
            row[2] = (digest >> 16) / 65536.0
            row[3] = (digest & 0xFFFF) / 65536.0

    def string_from(self, state: Any, player: int) -> str:
        base = super().string_from(state, player)
        if state.cardroom_state is None:
            return base
        seen = " ".join(f"{actor}:{action}:{digest:08x}" for actor, action, digest in state.observation_history(player))
        return f"{base} | seen: {seen}"
