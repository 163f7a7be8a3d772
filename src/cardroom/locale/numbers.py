"""Figures in a language's own style: ``50,0 %`` and ``9.004`` in German, ``50.0%`` and ``9,004`` in
English, for the tables a person reads (the arena's, and the balance lab's through the words the
command line hands it: ``lab_words.py``).

A figure is written with the Python format spec it always had (``"+.1f"``, ``",d"``, ``".2g"``):
English keeps exactly what Python writes, so its tables stay as they were; another language gets
Babel's ``format_decimal`` with the pattern that spec means, in that language's symbols and grouping
(CLDR), and a share gets ``format_percent`` with the language's own percent pattern.
"""

from __future__ import annotations

import re
from decimal import Decimal

from babel import Locale
from babel.numbers import format_decimal, format_percent

from cardroom.locale import ENGLISH

SPEC = re.compile(r"(?P<sign>\+?)(?P<group>,?)(?:\.(?P<digits>\d+))?(?P<kind>[dfg]?)")


def pattern(spec: str) -> str:
    """The CLDR number pattern a Python format spec (``[+][,][.N](d|f|g)``) means."""
    found = SPEC.fullmatch(spec)
    if found is None:
        raise ValueError(f"a number's format is [+][,][.N](d|f|g), not {spec!r}")
    digits = int(found["digits"] or 0)
    if found["kind"] == "g":  # significant digits, at least one, trailing zeros dropped, as Python's g
        body = "@" + "#" * (max(digits, 1) - 1) if found["digits"] else "@#####"
    else:
        body = ("#,##0" if found["group"] else "0") + ("." + "0" * digits if digits and found["kind"] != "d" else "")
    return f"+{body};-{body}" if found["sign"] else body


def number(value: float, spec: str, lang: str) -> str:
    """``value`` written as ``format(value, spec)`` writes it, in ``lang``'s style."""
    if lang == ENGLISH:
        return format(value, spec)
    if value == 0 and spec.endswith("g"):
        spec = spec[: -len("g")].split(".")[0] + "d"  # Babel's significant digits write zero as "0,0"
    # The float's exact value, rounded as Python rounds it (Babel would round its shortest repr).
    return format_decimal(Decimal(value), format=pattern(spec), locale=lang)


def percent(share: float, lang: str, digits: int = 1) -> str:
    """A share (0.5) as a percentage with ``digits`` decimals: ``50.0%``, ``50,0 %`` (a no-break space)."""
    if lang == ENGLISH:
        return f"{100 * share:.{digits}f}%"
    shape = Locale.parse(lang).percent_formats[None].pattern.split(";")[0]
    if digits:
        shape = re.sub(r"0(?=[^0#,.]*$)", "0." + "0" * digits, shape, count=1)
    return format_percent(Decimal(share), format=shape, locale=lang)
