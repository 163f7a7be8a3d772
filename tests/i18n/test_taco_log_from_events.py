"""T.A.C.O.'s terminal log takes its words from the engines' event wordings the analysis reads
(``cardroom.locale.events``): every entry of seeded random games is worded exactly as the analysis
words the same event, and a screen's recent event (kept without its kind) is read by the most
particular wording (a hand discarded is not read as one card discarded called "their hand")."""

from __future__ import annotations

from cardroom.cli.screens.taco_log import log_line, recent_line
from cardroom.core.seatnames import name_seats
from cardroom.locale.events import event_in
from tests.i18n.log_entries import TACO_RARE, every_wording

NAMES = ["Ada", "Bo", "Cy", "Di"]


def test_the_terminal_log_says_what_the_analysis_says() -> None:
    entries = [*every_wording("taco", [{"players": n} for n in (2, 4)], 3), *TACO_RARE]
    assert len({e["kind"] for e in entries}) >= 25
    for entry in entries:
        german = log_line(entry, NAMES, "de")
        assert german is not None and german == event_in(name_seats(str(entry["text"]), NAMES), "de"), entry
        assert log_line(entry, NAMES, "en") is None  # English: the engine's own words
    assert log_line({"kind": "draw", "text": "P1 hums a tune"}, NAMES, "de") is None  # no wording reads it


def test_a_recent_hand_discarded_is_read_as_a_hand() -> None:
    assert recent_line("P1 discards their hand (no cards)", NAMES, "de") == "Bo wirft die Hand ab (keine Karten)"
    assert recent_line("P1 discards their hand (Rice, Onion)", NAMES, "de") == "Bo wirft die Hand ab (Rice, Onion)"
    assert recent_line("P1 discards their hand (Rice, Onion)", NAMES, "en") == "Bo discards their hand (Rice, Onion)"
    assert recent_line("P1 discards Rice", NAMES, "de") == "Bo wirft Rice ab"
