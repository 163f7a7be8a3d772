"""The table page in two languages: one catalogue per language (web/i18n/<lang>.json) with the same
messages and places, no word written into the page outside it,
and the page in German laid out with every choice on screen at 1280x800 and 390x844, with no serious
accessibility violation."""

from __future__ import annotations

import functools
import json
import re

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]  # the package ships no types
from playwright.sync_api import Browser, Page

from tests.i18n.log_entries import every_wording
from tests.server.process import ROOT, ServerProcess
from tests.web.literals import loose_words, shown_literals
from tests.web.player import wait_for_table
from tests.web.widths import LAPTOP_AND_PHONE, resized

WEB = ROOT / "src" / "cardroom" / "web"
PLACE = re.compile(r"\{(\w+)\}")
# The table page's scripts: all their words come from the catalogue.
SCRIPTS = [
    "table.js",
    "share.js",
    "api.js",
    "waiting.js",
    "chat.js",
    "chat-tools.js",
    "account.js",
    "person.js",
    "people.js",
    "lobby.js",
    "moretime.js",
    "i18n.js",
    "logwords.js",
    "tacolog.js",
    "keys.js",
    "speech.js",
    "clock.js",
    "seat.js",
    "cards.js",
    "focus.js",
    "bar.js",
    "outcome.js",
    "alerts.js",
    "hints.js",
    "analysis.js",
    "games/generic.js",
    "games/kittens.js",
    "games/taco.js",
    "games/tacocat.js",
]


def _catalogue(lang: str) -> dict[str, object]:
    found: dict[str, object] = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    return found


def _forms(message: object) -> dict[str, str]:
    return message if isinstance(message, dict) else {"": str(message)}


def test_the_catalogues_have_the_same_messages_and_places() -> None:
    english, german = _catalogue("en"), _catalogue("de")
    assert set(english) == set(german), set(english) ^ set(german)
    for key, message in english.items():
        ours, theirs = _forms(message), _forms(german[key])
        assert set(ours) == set(theirs), key  # German and English both have "one" and "other"
        # German may leave out a value English needs (English's article "a"/"an" before a number),
        # never use one English does not give.
        english_places = set().union(*(PLACE.findall(text) for text in ours.values()))
        german_places = set().union(*(PLACE.findall(text) for text in theirs.values()))
        assert german_places <= english_places, key
        if isinstance(message, dict):
            assert set(message) == {"one", "other"}, key


def test_no_word_is_written_outside_the_catalogue() -> None:
    written = {name: shown_literals((WEB / "js" / name).read_text(encoding="utf-8")) for name in SCRIPTS}
    assert {name: found for name, found in written.items() if found} == {}


def test_the_reader_sees_words_where_they_are_written() -> None:
    # A reader that found nothing would pass anything: these are words, and these are not.
    shown = """
    el("p", {}, "Your turn", t("key.ok"), ` · ${n} left`);
    box.textContent = ready ? "Ready to play" : t("x");
    showMessage(`No such table`);
    const NOTE = "This link was already used.";
    card({ label: "face-down card", before: t("y") });
    function f() { return "two words"; }
    """
    assert [text for _, text in shown_literals(shown)] == [
        "Your turn",
        " ·  left",
        "Ready to play",
        "No such table",
        "This link was already used.",
        "face-down card",
        "two words",
    ]
    quiet = """
    import { el } from "./api.js";
    el("div", { class: "seat-chip acting", "data-seat": s }, t("seat.you"));
    if (phase === "window") x.startsWith("The server cannot be reached");
    const re = /"not a string"/g; return "pass";
    const kind = typeof v === "string" ? "text" : "json";
    """
    assert shown_literals(quiet) == []


def test_the_table_page_has_no_word_outside_the_catalogue() -> None:
    assert loose_words((WEB / "table.html").read_text(encoding="utf-8")) == []


def _german_table(
    browser: Browser, server: ServerProcess, width: int, height: int, game: str = "exploding-kittens"
) -> Page:
    players = 2 if game == "tacocat" else 3
    table = httpx.post(
        server.url + "/api/tables",
        json={
            "game": game,
            "options": {} if game == "tacocat" else {"players": players},
            "seats": [{"kind": "me", "name": "Ada"}] + [{"kind": "bot", "bot": "easy"}] * (players - 1),
        },
    ).json()
    page = browser.new_page(viewport={"width": width, "height": height}, locale="de-DE")
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    page.wait_for_selector("#board *")
    return page


# Measured in one turn of the page's own script: the table re-renders as the bots play, and an element
# found in one call and measured in the next may already be gone.
OFF_SCREEN = """([width, height]) => {
  const out = [];
  for (const selector of ["#choices button", "#more-time-box", "#concede", "#lang", "#keys-help"]) {
    document.querySelectorAll(selector).forEach((element, i) => {
      if (element.getClientRects().length === 0) return; // not shown
      element.scrollIntoView({ block: "nearest", inline: "nearest" });
      const box = element.getBoundingClientRect();
      if (box.x < 0 || box.y < 0 || box.right > width + 0.5 || box.bottom > height + 0.5) {
        out.push(`${selector}[${i}] ${JSON.stringify(element.innerText)} at ${JSON.stringify(box)}`);
      }
    });
  }
  return out;
}"""


def _off_screen(page: Page, width: int, height: int) -> list[str]:
    """Every choice, and the controls of the seat, whose box is not wholly inside the viewport."""
    found: list[str] = page.evaluate(OFF_SCREEN, [width, height])
    return found


def _serious(page: Page) -> list[str]:
    return [
        f"{v['id']}: {[n['target'] for n in v['nodes']][:5]}"
        for v in Axe().run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("game", ["exploding-kittens", "taco", "tacocat"])
def test_the_table_in_german_keeps_every_choice_on_screen(server: ServerProcess, browser: Browser, game: str) -> None:
    """At 1280x800, then at 390x844 on the same page, resized."""
    page = _german_table(browser, server, 1280, 800, game)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#more-time-box").inner_text().startswith("Mehr Zeit für mich")
    assert page.locator("#log-box summary").inner_text() == "Verlauf"
    assert page.locator("#lang").input_value() == "de"
    page.wait_for_selector("#choices button")
    found: dict[int, dict[str, list[str]]] = {}
    for width, height in resized(page):
        found[width] = {"off screen": _off_screen(page, width, height), "serious": _serious(page)}
    assert found == {width: {"off screen": [], "serious": []} for width in LAPTOP_AND_PHONE}, found
    page.close()


def test_the_menu_changes_the_language_and_is_remembered(server: ServerProcess, browser: Browser) -> None:
    page = _german_table(browser, server, 1280, 800)
    page.select_option("#lang", "en")
    page.wait_for_selector("#log-box summary:has-text('Log')")
    page.reload()
    wait_for_table(page)
    assert page.locator("#more-time-box").inner_text().startswith("More time for me")
    assert page.evaluate("document.documentElement.lang") == "en"
    page.close()


def test_german_cards_carry_their_printed_names(server: ServerProcess, browser: Browser) -> None:
    page = _german_table(browser, server, 1280, 800)
    names = page.locator("#board .hand button.card, #board .card").all_inner_texts()
    assert any("Entschärfung" in name for name in names), names
    page.close()


@functools.cache  # both languages' tests word the same entries
def _kittens_log_entries() -> list[dict[str, object]]:
    """Every kind of entry of Exploding Kittens' log at two, three and five seats, under both presets."""
    settings = [{"players": n, "preset": p} for n, p in ((2, "classic"), (5, "current"), (3, "classic"))]
    return every_wording("exploding-kittens", settings, 25)


# The engine names a play a Nope answers by its code ("P1's see-the-future is cancelled"); the page by
# the card's printed name, or the combination's words.
PLAYS = {
    "see-the-future": "See the Future",
    "shuffle": "Shuffle",
    "favor": "Favor",
    "skip": "Skip",
    "attack": "Attack",
    "pair": "pair",
    "triple": "three of a kind",
    "five": "five-different combo",
}


def _printed(engine: str) -> str:
    return re.sub(r"'s ([a-z-]+)( is| does| on)", lambda m: f"'s {PLAYS.get(m[1], m[1])}{m[2]}", engine)


WORDED = """async (entries) => {
  const kittens = await import("/static/js/games/kittens.js");
  const seatName = (s) => `P${s}`;
  return entries.map((e) => [kittens.logLine(e, { seatName }), kittens.named(e.text)]);
}"""


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_kittens_log_is_worded_from_its_fields(server: ServerProcess, browser: Browser, locale: str) -> None:
    """In English the page's words for each entry are the engine's (as the page showed them before, a
    play named by its printed name); in German every entry has words of its own (none falls back to
    the engine's English)."""
    entries = _kittens_log_entries()
    assert len({e["kind"] for e in entries}) >= 20
    page = browser.new_page(locale=locale)
    page.goto(server.url + "/static/table.html")
    worded: list[list[str | None]] = page.evaluate(WORDED, entries)
    page.close()
    if locale == "en-GB":
        wrong = [
            (e["text"], ours)
            for e, (ours, engine) in zip(entries, worded, strict=True)
            if ours != _printed(str(engine))
        ]
        assert not wrong, "\n".join(map(str, wrong))
    else:
        assert [e["text"] for e, (ours, _) in zip(entries, worded, strict=True) if not ours] == []


@functools.cache
def _tacocat_log_entries() -> list[dict[str, object]]:
    """Every kind of entry of Tacocat's log under its rule options."""
    return every_wording("tacocat", ({}, {"ties": "duel-winner"}, {"ties": "redeal"}), 15)


TACOCAT_WORDED = """async (entries) => {
  const tacocat = await import("/static/js/games/tacocat.js");
  const ctx = { seatName: (s) => ["Ada", "Bo"][s] };
  return entries.map((e) => [tacocat.logLine(e, ctx), tacocat.named(e.text, ctx)]);
}"""


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_tacocat_log_is_worded_from_its_fields(server: ServerProcess, browser: Browser, locale: str) -> None:
    entries = _tacocat_log_entries()
    assert len({e["kind"] for e in entries}) >= 20
    page = browser.new_page(locale=locale)
    page.goto(server.url + "/static/table.html")
    worded: list[list[str | None]] = page.evaluate(TACOCAT_WORDED, entries)
    page.close()
    if locale == "en-GB":
        wrong = [(e["text"], ours, engine) for e, (ours, engine) in zip(entries, worded, strict=True) if ours != engine]
        assert not wrong, "\n".join(map(str, wrong))
    else:
        assert [e["text"] for e, (ours, _) in zip(entries, worded, strict=True) if not ours] == []
