"""The catalogue and the figures' style bound to one language, for the balance lab's tables, report and
plots and the arena's plots (their ``Words``, ``core/words.py``: the lab may not import the catalogue,
so the command line hands this in, to the lab and the arena alike)."""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.locale.numbers import number, percent
from cardroom.locale.speaker import Speaker


@dataclass(frozen=True)
class LabSpeaker(Speaker):
    def number(self, value: float, spec: str) -> str:
        """``format(value, spec)`` in the language's style (``9.004``, ``+1,2``)."""
        return number(value, spec, self.lang)

    def percent(self, share: float, digits: int = 1) -> str:
        """A share with ``digits`` decimals: ``50.0%``, ``50,0 %``."""
        return percent(share, self.lang, digits)
