"""Which games an arena run plays, and every seed they use.

Matchups: with two seats, every pair of bots; with more, every bot alone against a full table of each
other bot ("one against the field"), which is the question "does A beat B's?" asked at that table size.

Duplicate deals: each deal (one seed) is played once per seat rotation, so each bot of a matchup sits
in every seat with the same cards and luck cancels out. Deal seeds are shared by all matchups.

Every seed is derived from the run's seed, the matchup, the deal and the rotation, never from the
order in which games happen to finish, so any backend and any number of jobs play the same games.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any labels, stable across processes and machines."""
    text = "/".join(str(p) for p in parts)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


@dataclass(frozen=True, slots=True)
class Matchup:
    """Bots (indexes into the run's bot list) in seat order before rotation."""

    index: int
    lineup: tuple[int, ...]

    def seats(self, rotation: int) -> tuple[int, ...]:
        """The bot index sitting at each seat in rotation ``rotation``."""
        n = len(self.lineup)
        return tuple(self.lineup[(seat + rotation) % n] for seat in range(n))


@dataclass(frozen=True, slots=True)
class DealTask:
    """One deal of one matchup, played in every rotation: the unit of work sent to a worker."""

    matchup: Matchup
    deal: int
    run_seed: int

    @property
    def game_seed(self) -> int:
        return derive_seed(self.run_seed, "deal", self.deal)

    def bot_seed(self, rotation: int, seat: int) -> int:
        return derive_seed(self.run_seed, "bot", self.matchup.index, self.deal, rotation, seat)


def matchups(bots: int, players: int, challenger: bool = False) -> list[Matchup]:
    """Every matchup, or with ``challenger`` only those of bot 0 (alone) against each other bot."""
    lineups: list[tuple[int, ...]] = []
    if players == 2:
        lineups = [(a, b) for a in range(bots) for b in range(a + 1, bots)]
    else:
        lineups = [(a, *([b] * (players - 1))) for a in range(bots) for b in range(bots) if a != b]
    if challenger:
        lineups = [lineup for lineup in lineups if lineup[0] == 0]
    return [Matchup(i, lineup) for i, lineup in enumerate(lineups)]


def deals_per_matchup(games: int, players: int) -> int:
    return -(-games // players)


def schedule(bots: int, players: int, games: int, seed: int, challenger: bool = False) -> list[DealTask]:
    """Every deal task of a run, in the canonical order results are reported in."""
    deals = deals_per_matchup(games, players)
    return [DealTask(m, d, seed) for m in matchups(bots, players, challenger) for d in range(deals)]
