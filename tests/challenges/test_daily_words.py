"""The deal of the day's page speaks through the browser's catalogues (docs/i18n.md): no word written by
daily.js or standing in daily.html's body outside a catalogue key, and every key the page names is in
both catalogues (English and German)."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

from tests.web.literals import loose_words, shown_literals

WEB = Path(str(resources.files("cardroom") / "web"))


def test_no_word_of_the_page_is_outside_the_catalogue() -> None:
    assert shown_literals((WEB / "js" / "daily.js").read_text(encoding="utf-8")) == []
    assert loose_words("<body" + (WEB / "daily.html").read_text(encoding="utf-8").partition("<body")[2]) == []


def test_every_key_the_page_names_is_in_both_catalogues() -> None:
    script = (WEB / "js" / "daily.js").read_text(encoding="utf-8")
    html = (WEB / "daily.html").read_text(encoding="utf-8")
    named = set(re.findall(r'"(daily\.[a-z_.]+)"', script)) | set(re.findall(r'data-i18n="(daily\.[a-z_.]+)"', html))
    named |= {f"daily.ordinal.{form}" for form in ("one", "two", "few", "other")}  # chosen by Intl.PluralRules
    assert len(named) > 30
    for lang in ("en", "de"):
        catalogue = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        assert sorted(named - set(catalogue)) == [], lang
