"""The catalogue bound to one language, for a part below the catalogue that words its figures through
whoever prints them (the balance lab's ``Words``: it may not import the catalogue itself)."""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.locale import say, say_n
from cardroom.locale.command_refusals import command_refusal


@dataclass(frozen=True)
class Speaker:
    lang: str

    def say(self, message: str, **params: object) -> str:
        return say(self.lang, message, **params)

    def say_n(self, singular: str, plural: str, count: int, **params: object) -> str:
        return say_n(self.lang, singular, plural, count, **params)

    def refusal(self, text: str) -> str:
        """A refusal the part below wrote in English, read back (:mod:`.command_refusals`)."""
        return command_refusal(text, self.lang)
