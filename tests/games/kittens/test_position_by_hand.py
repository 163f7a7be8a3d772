"""A position typed by hand from docs/kittens.md loads the cards the docs' letter table names."""

from __future__ import annotations

from pathlib import Path

import cardroom
from cardroom.games.kittens import cards as C

DOCS = Path(__file__).resolve().parents[3] / "docs" / "kittens.md"
# Typed from the letter table in the docs: f Favor, h Shuffle, k Kitten, d Defuse, ...
TYPED = (
    "ek2 s=7:0 n=0 t=0:1:0 p=turn o=- u=- h=dffff/dhhhh "
    "d=knnnnnaaaassssvvvvvttttccccppppbbbbrrrr x=- r=kkkdddd a=- k=-/- w=-.-/-.-"
)


def test_the_docs_show_this_line() -> None:
    assert TYPED in DOCS.read_text(encoding="utf-8")


def test_f_is_favor_and_h_is_shuffle() -> None:
    state = cardroom.make("exploding-kittens", players=2).load(TYPED)
    assert sorted(C.slugs(state.hands[0])) == ["defuse", "favor", "favor", "favor", "favor"]
    assert sorted(C.slugs(state.hands[1])) == ["defuse", "shuffle", "shuffle", "shuffle", "shuffle"]
    assert C.slugs(state.pile)[0] == "exploding-kitten"
    legal = [str(a) for a in state.legal_actions(0)]
    assert "favor 1" in legal
    assert not any("shuffle" in a for a in legal)
    assert state.position() == TYPED


def test_old_ek1_lines_still_load_with_their_own_letters() -> None:
    # Written before the fix, this line gave seat 0 four Favors: ek1 had h for Favor and f for Shuffle.
    old = TYPED.replace("ek2", "ek1").replace("h=dffff/dhhhh", "h=dhhhh/dffff")
    state = cardroom.make("exploding-kittens", players=2).load(old)
    assert C.slugs(state.hands[0]).count("favor") == 4
    assert C.slugs(state.hands[1]).count("shuffle") == 4
    assert state.position() == TYPED  # saved again, it is written in the current notation
