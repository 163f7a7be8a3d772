"""Reading an engine's English back and saying it again in another language.

The engines and the games' own wordings write English only (they stay free of any catalogue, so that
records, tests and the kernels agree on every text). Where such a text reaches a person, a front end
words it again from a list of the catalogue's messages, each written as the English it reads ("you
hold no {title}"): the first message whose pattern reads the whole text gives the words, each place
read back worded too (a card by its printed name in that language, a nested sentence by its own
message). A text no message reads is shown as written.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from cardroom.core.registry import kits
from cardroom.locale import ENGLISH, Phrase, Plural, say, say_n


@functools.cache
def _card_names() -> dict[str, str]:
    """Every registered game's cards by code to their printed names (its kit's ``printed_names``).

    Read on first use, not at import: the registry reads ``CARDROOM_GAMES``, which a module of the room
    may not read while it is imported (the tests' fork server relies on it)."""
    return {code: name for kit in kits() for code, name in kit.card_names().items()}


def printed_cards() -> dict[str, Phrase]:
    """The games' cards by printed name, worded as the catalogue names them (in German by the German
    edition's names, as the table page shows them)."""
    return {name: Phrase(name) for name in _card_names().values()}


def coded_cards() -> dict[str, Phrase]:
    """The same cards by code ("see-the-future"), as the games' actions and logs write them."""
    return {code: Phrase(name) for code, name in _card_names().items()}


class Reader:
    """Texts read back by ``wordings`` (the most particular first). ``named`` words a place by a table
    (a place's text -> its phrase); a place listed in ``nested`` is read back by these wordings too;
    a place in ``listed`` is a list ("Defuse, Nope") whose items are worded by its table where it knows
    each of them."""

    def __init__(
        self,
        wordings: tuple[Phrase, ...],
        named: Mapping[str, Mapping[str, Phrase]] | None = None,
        nested: frozenset[str] = frozenset(),
        listed: Mapping[str, Mapping[str, Phrase]] | None = None,
    ) -> None:
        self.wordings = wordings
        self.named = named or {}
        self.nested = nested
        self.listed = listed or {}

    @functools.cached_property
    def patterns(self) -> tuple[tuple[re.Pattern[str], Phrase], ...]:
        """Each wording (both forms of a counted one) as a pattern that reads its places back; a place
        written twice must read the same both times."""
        out = []
        for phrase in self.wordings:
            forms = (phrase.message, phrase.plural) if isinstance(phrase, Plural) else (phrase.message,)
            for form in forms:
                seen: set[str] = set()
                parts = []
                for n, piece in enumerate(re.split(r"\{(\w+)\}", form)):
                    if n % 2 == 0:
                        parts.append(re.escape(piece))
                    else:
                        parts.append(f"(?P={piece})" if piece in seen else f"(?P<{piece}>.+?)")
                        seen.add(piece)
                out.append((re.compile("".join(parts), re.DOTALL), phrase))
        return tuple(out)

    def knows(self, text: str) -> bool:
        return any(pattern.fullmatch(text) for pattern, _ in self.patterns)

    def _place(self, name: str, text: str, lang: str) -> str:
        named = self.named.get(name, {}).get(text)
        if named is not None:
            return named.in_language(lang)
        items, listed = self.listed.get(name), text.split(", ")
        if items is not None and all(item in items for item in listed):
            return ", ".join(items[item].in_language(lang) for item in listed)
        return self.reworded(text, lang) if name in self.nested else text

    def reworded(self, text: str, lang: str) -> str:
        """``text`` in ``lang`` (English: as written; a text no wording reads: as written)."""
        if lang == ENGLISH:
            return text
        for pattern, phrase in self.patterns:
            found = pattern.fullmatch(text)
            if found is None:
                continue
            places = {name: self._place(name, value, lang) for name, value in found.groupdict().items()}
            if isinstance(phrase, Plural):
                return say_n(lang, phrase.message, phrase.plural, int(places.pop("count")), **places)
            return say(lang, phrase.message, **places)
        return text
