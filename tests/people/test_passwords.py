"""Passwords: argon2id hashes, and a login that answers an unknown name as it answers a wrong password."""

from __future__ import annotations

import time

import pytest

from cardroom.people.passwords import MIN_LENGTH, PasswordRefused, check, hash_new, needs_rehash


def test_a_password_is_stored_as_an_argon2id_hash_and_checked() -> None:
    stored = hash_new("correct horse")
    assert stored.startswith("$argon2id$") and "correct horse" not in stored
    assert hash_new("correct horse") != stored  # salted
    assert check(stored, "correct horse")
    assert not check(stored, "correct hors")
    assert not needs_rehash(stored)


def test_short_and_huge_passwords_are_refused_with_the_rule() -> None:
    with pytest.raises(PasswordRefused, match=f"at least {MIN_LENGTH} characters"):
        hash_new("short")
    with pytest.raises(PasswordRefused, match="at most 256 characters"):
        hash_new("x" * 10_000)


def test_an_unknown_name_costs_a_hash_like_a_wrong_password() -> None:
    stored = hash_new("correct horse")
    check(None, "warm up")  # the decoy is made once

    def seconds(target: str | None) -> float:
        start = time.perf_counter()
        assert not check(target, "wrong guess")
        return time.perf_counter() - start

    wrong, unknown = seconds(stored), seconds(None)
    # Both verify one argon2id hash (tens of ms); a skipped hash would answer in microseconds.
    assert unknown > wrong / 4, (unknown, wrong)
