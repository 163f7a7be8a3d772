"""T.A.C.O.'s log in the page's language (js/tacolog.js): every kind of entry from seeded games of
random moves at two, four and six seats (seats' and spectators' views) is worded in English exactly as
the engine words it, and in German with words of its own; the table page words them through it."""

from __future__ import annotations

import functools

import pytest
from playwright.sync_api import Browser

from tests.i18n.log_entries import TACO_RARE, every_wording
from tests.server.process import ServerProcess


@functools.cache
def _taco_log_entries() -> list[dict[str, object]]:
    return every_wording("taco", [{"players": n} for n in (2, 4, 6)], 4)


# Each entry as tacolog.js words it, and as the table page's log words it with T.A.C.O.'s renderer.
WORDED = """async (entries) => {
  const taco = await import("/static/js/tacolog.js");
  const { logText } = await import("/static/js/logwords.js");
  const renderer = await import("/static/js/games/taco.js");
  const seatName = (s) => `P${s}`;
  return entries.map((e) => [taco.logLine(e, { seatName }), logText(e, { seatName, renderer, named: () => null })]);
}"""


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_taco_log_is_worded_through_the_catalogue(server: ServerProcess, browser: Browser, locale: str) -> None:
    entries = [*_taco_log_entries(), *TACO_RARE]
    assert len({e["kind"] for e in entries}) >= 30
    page = browser.new_page(locale=locale)
    page.goto(server.url + "/static/table.html")
    both: list[list[str | None]] = page.evaluate(WORDED, entries)
    page.close()
    assert [page_words for _, page_words in both] == [ours for ours, _ in both]  # the page words them so
    worded = [ours for ours, _ in both]
    if locale == "en-GB":
        wrong = [(e["text"], ours) for e, ours in zip(entries, worded, strict=True) if ours != e["text"]]
        assert not wrong, "\n".join(map(str, wrong))
    else:
        unworded = [e["text"] for e, ours in zip(entries, worded, strict=True) if not ours or ours == e["text"]]
        assert unworded == []
        assert "P1: „Du bist der Taco-Meister des Universums, P0!“" in worded
