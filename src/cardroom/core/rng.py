"""Seeded randomness that lives in the state.

A state carries a secret seed and a counter. Every random draw (a shuffle, a random steal) takes a
generator derived from both and then bumps the counter, so the same seed and actions always give the
same game, and two states never share a stream. Nothing here touches the global ``random`` module.
"""

from __future__ import annotations

import hashlib
import random
import secrets


def derive(seed: int, counter: int) -> random.Random:
    """A fresh generator for draw number ``counter`` of the game seeded with ``seed``."""
    digest = hashlib.blake2b(f"{seed}:{counter}".encode(), digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))


def fresh_seed() -> int:
    """A new secret seed, for games started without one."""
    return secrets.randbits(63)


def seed_from(rng: random.Random) -> int:
    """A seed for a new state drawn from a caller's generator (used when sampling hidden cards)."""
    return rng.getrandbits(63)
