"""Actions and their text grammar."""

from __future__ import annotations

import pytest

from cardroom.core.action import Action, Form, Grammar, action
from cardroom.core.errors import InvalidAction

GRAMMAR = Grammar(
    [
        Form("attack", ("N+",), "attack N [N ...]"),
        Form("defend", ("N",), "defend N"),
        Form("sacrifice", (), "sacrifice"),
        Form("pair", ("W", "N"), "pair CARD SEAT"),
    ],
    aliases={"sac": "sacrifice"},
)


def test_text_round_trips() -> None:
    for text in ("attack 8 9 10", "defend 11", "sacrifice", "pair beard-cat 2"):
        parsed = GRAMMAR.parse(text)
        assert str(parsed) == text
        assert GRAMMAR.parse(str(parsed)) == parsed


def test_parse_normalises_case_space_and_aliases() -> None:
    assert GRAMMAR.parse("  ATTACK  7   7 ") == action("attack", 7, 7)
    assert GRAMMAR.parse("sac") == action("sacrifice")


def test_actions_sort_numerically_not_as_text() -> None:
    acts = [action("defend", 10), action("defend", 9), action("attack", 8, 9, 10), action("attack", 8)]
    assert [str(a) for a in sorted(acts)] == ["attack 8", "attack 8 9 10", "defend 9", "defend 10"]


def test_interned_actions_are_shared_and_equal_to_fresh_ones() -> None:
    assert action("defend", 3) is action("defend", 3)
    assert action("defend", 3) == Action("defend", (3,))
    assert hash(action("defend", 3)) == hash(Action("defend", (3,)))


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty action"),
        ("fly", "unknown action 'fly'"),
        ("defend", "wrong number of arguments"),
        ("defend 3 4", "wrong number of arguments"),
        ("defend x", "needs whole numbers"),
        ("attack", "wrong number of arguments"),
        ("pair 3 3", None),
        ("defend 1234567", "needs whole numbers"),
    ],
)
def test_bad_text_raises_invalid_action_listing_forms(text: str, fragment: str | None) -> None:
    if fragment is None:
        # "3" is a valid word, so this parses; words are not restricted to letters.
        assert GRAMMAR.parse(text) == action("pair", "3", 3)
        return
    with pytest.raises(InvalidAction) as info:
        GRAMMAR.parse(text)
    assert fragment in str(info.value)
    assert isinstance(info.value, ValueError)


def test_unknown_verb_message_lists_every_form() -> None:
    with pytest.raises(InvalidAction) as info:
        GRAMMAR.parse("jump 3")
    for usage in ("attack N [N ...]", "defend N", "sacrifice", "pair CARD SEAT"):
        assert usage in str(info.value)


def test_non_text_is_invalid() -> None:
    with pytest.raises(InvalidAction):
        GRAMMAR.parse(42)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [42, ["keep", 1], {"verb": "keep"}, None])
def test_a_state_refuses_non_text_without_changing(bad: object) -> None:
    """Through State.apply (and its parse cache) too: a list or dict from a malformed request is an
    InvalidAction, not a crash."""
    import cardroom

    state = cardroom.make("tacocat").new_game(1)
    before = state.to_json()
    with pytest.raises(InvalidAction, match="must be text"):
        state.apply(0, bad)  # type: ignore[arg-type]
    assert state.to_json() == before
