"""A malformed request's answer (422, ``{"detail": "malformed request: ..."}``) in the request's language.

The request schema (pydantic, through FastAPI) finds what is wrong with a body or a query; its own
messages are English only. Each problem is worded here from its kind and its limits instead (what
was wrong and what is allowed), through the message catalogue, with the field's place kept as the
client wrote it ("body.seats.0.kind"). A kind not worded here keeps pydantic's English as its detail.
The request's body is never echoed back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from babel.lists import format_list
from babel.numbers import format_decimal

from cardroom.locale import Phrase, Plural, say

# Kinds of problem that need no limit to say what is allowed (pydantic's error types).
PLAIN: Mapping[str, Phrase] = {
    "missing": Phrase("this field is required"),
    "extra_forbidden": Phrase("this field is not one the request takes"),
    "int_type": Phrase("must be a whole number"),
    "int_parsing": Phrase("must be a whole number"),
    "int_from_float": Phrase("must be a whole number"),
    "float_type": Phrase("must be a number"),
    "float_parsing": Phrase("must be a number"),
    "finite_number": Phrase("must be a number"),
    "string_type": Phrase("must be text"),
    "bool_type": Phrase("must be true or false"),
    "bool_parsing": Phrase("must be true or false"),
    "dict_type": Phrase("must be a JSON object"),
    "model_type": Phrase("must be a JSON object"),
    "model_attributes_type": Phrase("must be a JSON object"),
    "list_type": Phrase("must be a list"),
    "json_invalid": Phrase("the body is not valid JSON"),
    "json_type": Phrase("the body is not valid JSON"),
    "none_required": Phrase("must be empty (null)"),
}

LIST_SEPARATORS = re.compile(r", | or ")
# A number's bound: the key pydantic gives it under and the words that say it ({limit} filled later).
BOUNDS: Mapping[str, tuple[str, Phrase]] = {
    "greater_than_equal": ("ge", Phrase("must be at least {limit}")),
    "greater_than": ("gt", Phrase("must be more than {limit}")),
    "less_than_equal": ("le", Phrase("must be at most {limit}")),
    "less_than": ("lt", Phrase("must be less than {limit}")),
}


def _limited(kind: str, ctx: Mapping[str, Any], lang: str) -> Phrase | None:
    """A problem whose words name its limit: a length, a bound, the values allowed."""
    if kind == "string_too_long":
        return Plural(
            "may be at most {count} character long", "may be at most {count} characters long", ctx["max_length"]
        )
    if kind == "string_too_short":
        return Plural(
            "must be at least {count} character long", "must be at least {count} characters long", ctx["min_length"]
        )
    if kind == "too_long":
        return Plural("may hold at most {count} entry", "may hold at most {count} entries", ctx["max_length"])
    if kind == "too_short":
        return Plural("must hold at least {count} entry", "must hold at least {count} entries", ctx["min_length"])
    if kind in BOUNDS:
        key, words = BOUNDS[kind]
        return Phrase(words.message, limit=format_decimal(ctx[key], locale=lang))
    if kind in ("literal_error", "enum"):
        # pydantic gives the values as one English text ("'me', 'bot' or 'invite'"): joined again as
        # the language joins a choice.
        values = [v for v in LIST_SEPARATORS.split(str(ctx["expected"])) if v]
        return Phrase("must be one of {expected}", expected=format_list(values, style="or", locale=lang))
    if kind == "string_pattern_mismatch":
        return Phrase("must match the pattern {pattern}", pattern=ctx["pattern"])
    return None


def _problem(lang: str, error: Mapping[str, Any]) -> str:
    kind, ctx = str(error.get("type", "")), error.get("ctx") or {}
    where = ".".join(str(p) for p in error.get("loc", ()))
    try:
        phrase = PLAIN.get(kind) or _limited(kind, ctx, lang)
    except KeyError:  # a limit pydantic did not give: its own words below
        phrase = None
    what = phrase.in_language(lang) if phrase is not None else str(error.get("msg", "invalid"))
    return f"{where}: {what}" if where else what


def malformed_detail(lang: str, errors: Sequence[Mapping[str, Any]]) -> str:
    """The detail of a malformed request's answer: every problem with its place, in ``lang``."""
    return say(lang, "malformed request: {problems}", problems="; ".join(_problem(lang, e) for e in errors))
