"""The Python side's message catalogue: English as written in the code, German from ``de.po``.

A message is written in English where it is used, through :func:`say` (``say(lang, "Player {n}",
n=2)``) or, where a number decides the words, :func:`say_n` (``say_n(lang, "{count} decision",
"{count} decisions", 3)``). The German entries live in ``de.po``, a gettext catalogue any
translator's tool edits. It is read at run time with Babel's own reader (``read_po``) and turned
into a gettext translation in memory, so ``make run`` and an installed package need no compile step
and there is no ``.mo`` file to fall out of date with its ``.po``. The plural rule is the
catalogue's ``Plural-Forms``, which Babel fills in from its CLDR data for the language.

A message worded later, in a language not known yet where it is written (a refusal raised deep in
the room, worded for the request that gets it), is a :class:`Phrase`; a place of a message may hold
a :class:`Phrase` itself (a noun the sentence names), a :class:`Plural` or a :class:`Listed` list of
names, each worded in the message's language.

The language of a request is chosen by :func:`negotiate` from what the person's browser or terminal
asks for (an ``Accept-Language`` header, a ``lang`` the page keeps, ``LANG``), else English.
"""

from __future__ import annotations

import functools
import gettext
import io
import os
from collections.abc import Mapping
from importlib import resources

from babel import Locale, UnknownLocaleError
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

ENGLISH = "en"
LANGUAGES = (ENGLISH, "de")  # English is the code's own words; the others have a ``<lang>.po`` here


@functools.cache
def catalogue_text(lang: str) -> str:
    """The ``.po`` file of a language, as text (for the tests and translators' tools)."""
    return resources.files(__name__).joinpath(f"{lang}.po").read_text(encoding="utf-8")


@functools.cache
def translation(lang: str) -> gettext.NullTranslations:
    """The gettext translation of ``lang`` (English, or a language the room does not speak: the
    code's own words)."""
    if lang not in LANGUAGES or lang == ENGLISH:
        return NullTranslations()
    catalog = read_po(io.StringIO(catalogue_text(lang)), locale=lang)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(fp=compiled)


class Phrase:
    """A catalogue message with its places, worded when its language is known (``str`` gives English)."""

    def __init__(self, message: str, **params: object) -> None:
        self.message = message
        self.params = params

    def in_language(self, lang: str) -> str:
        return say(lang, self.message, **self.params)

    def __str__(self) -> str:
        return self.in_language(ENGLISH)


class Plural(Phrase):
    """A counted message (its two English forms and the count), worded with the language's plural rule."""

    def __init__(self, singular: str, plural: str, count: int, **params: object) -> None:
        Phrase.__init__(self, singular, **params)
        self.plural = plural
        self.count = count

    def in_language(self, lang: str) -> str:
        return say_n(lang, self.message, self.plural, self.count, **self.params)


class Listed(tuple[str, ...]):
    """Names joined as the language joins a list ("Ada and Bo", "Ada und Bo"): CLDR's list patterns."""


def _worded(lang: str, value: object) -> object:
    if isinstance(value, Phrase):
        return value.in_language(lang)
    if isinstance(value, Listed):
        return format_list(list(value), locale=lang) if value else ""
    return value


def say(lang: str, message: str, **params: object) -> str:
    """``message`` in ``lang`` with its ``{name}`` places filled (a message without places is taken as
    written, braces and all: an engine's text passed on)."""
    text = translation(lang).gettext(message)
    return text.format(**{k: _worded(lang, v) for k, v in params.items()}) if params else text


def say_n(lang: str, singular: str, plural: str, count: int, **params: object) -> str:
    """The form of a counted message that ``count`` takes in ``lang`` (its ``{count}`` filled)."""
    words = {k: _worded(lang, v) for k, v in params.items()}
    return translation(lang).ngettext(singular, plural, count).format(count=count, **words)


def negotiate(asked: str | None) -> str:
    """The room's language for what a person asks for: an ``Accept-Language`` header ("de-DE,de;q=0.9,
    en;q=0.8"), a single tag ("de", "de_DE.UTF-8" as ``LANG`` writes it), or nothing (English)."""
    if not asked:
        return ENGLISH
    weighted = []
    for n, part in enumerate(asked.split(",")):
        tag, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        weighted.append((-weight, n, tag.split(".")[0].replace("_", "-")))
    for _, _, tag in sorted(weighted):
        try:
            language = Locale.parse(tag, sep="-").language if tag and tag != "*" else ""
        except (ValueError, UnknownLocaleError):
            continue
        if language in LANGUAGES:
            return language
    return ENGLISH


def terminal_language(asked: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The terminal's language: ``--lang`` where given, else the first of gettext's variables that is
    set (``LANGUAGE``, a list like "de:en"; ``LC_ALL``; ``LC_MESSAGES``; ``LANG``), else English."""
    if asked:
        return negotiate(asked)
    env = os.environ if env is None else env
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return negotiate(value.split(":")[0])
    return ENGLISH


def in_terminal_language(message: str, **params: object) -> str:
    """``message`` in the terminal's language: for words a command fixes when it starts (its ``--help``),
    conventionally imported as ``_``."""
    return say(terminal_language(), message, **params)
