"""Passwords, hashed with argon2id (argon2-cffi, RFC 9106's low-memory profile).

A login must not tell whether a name exists: a wrong password and an unknown name get the same
answer, and also take the same time, because :func:`check` verifies against a real hash of a
throwaway password when the account is missing (a hash is the costly part; skipping it would
answer an unknown name sooner).
"""

from __future__ import annotations

from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from cardroom.locale import ENGLISH, Phrase, Plural

HASHER = PasswordHasher()  # argon2id, time cost 3, 64 MiB, 4 lanes: the library's RFC 9106 low-memory default
MIN_LENGTH = 8
MAX_LENGTH = 256  # longer costs the hash time for nothing; refused with a reason


class PasswordRefused(ValueError):
    """A password that may not be set, with the reason a person reads (a catalogue phrase, worded in
    the asker's language by whoever answers)."""

    def __init__(self, phrase: Phrase) -> None:
        super().__init__(phrase.in_language(ENGLISH))
        self.phrase = phrase


def hash_new(password: str) -> str:
    """The stored form of a new password; :class:`PasswordRefused` says what is wrong with it."""
    if len(password) < MIN_LENGTH:
        raise PasswordRefused(
            Plural(
                "a password needs at least {count} character",
                "a password needs at least {count} characters",
                MIN_LENGTH,
            )
        )
    if len(password) > MAX_LENGTH:
        raise PasswordRefused(
            Plural(
                "a password may have at most {count} character",
                "a password may have at most {count} characters",
                MAX_LENGTH,
            )
        )
    return HASHER.hash(password)


@lru_cache(maxsize=1)
def _decoy() -> str:
    return HASHER.hash("no account has this password")


def check(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches ``stored`` (``None``: no such account, checked against a decoy
    so that the answer takes as long)."""
    try:
        matched = HASHER.verify(stored or _decoy(), password[:MAX_LENGTH])
    except (VerificationError, InvalidHashError):
        return False
    return matched and stored is not None


def needs_rehash(stored: str) -> bool:
    """Whether a stored hash was made with weaker settings than today's (rehash it at the next login)."""
    return HASHER.check_needs_rehash(stored)
