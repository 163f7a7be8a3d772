"""Each card's value by paired replays on the kernel: the same deal played twice, once as dealt and once
with one physical card changed, so everything else (the shuffle, the other hands, the seat, the bots'
random numbers until the card matters) is the same in both games.

- **card vs blank**: in each game where a copy of the card was dealt, that copy becomes a blank (a
  0-point vegetable with no effect) and the game is replayed; the value is the holder's result as dealt
  minus their result with the blank.
- **one more copy**: one card of a seat's dealt hand (the seat rotates with the game; the card is its
  highest-numbered one that is not this card) is played once as a blank and once as another copy of
  this card; the value is the difference.

Results are the holder's win share (ties split) and point margin (their score minus the table's mean),
each with a normal 95% interval over the paired differences. A card that can never sit in a dealt hand
(played at once when dealt) has no such figure: ``None``, shown as n/a.

How a physical card is changed: the game is made with a deck that also holds one blank card kept out of
play (an antics card, with the antics off), so the kernel's options array knows a blank; a replay then
points one card id at the blank's (or the card's) spec in a copy of that array. This reads the kernel's
options layout (``C_CARD_SPEC``), which is the codec's, and needs a deck that is data (T.A.C.O.).
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardroom.arena.stats import Z95
from cardroom.balance.blocks import block_seed
from cardroom.balance.kernel_run import kernel_driver
from cardroom.core.errors import InvalidOptions
from cardroom.core.game import Game
from cardroom.core.registry import kit_of, make

BLANK = """
[[card]]
name = "Paired Replay Blank"
type = "basic"
points = 0
count = 1
food = "vegetable"
effect = "none"
antics = true
text = "The balance lab's neutral card: no points, no effect. Never dealt (kept out with the antics)."
"""


def deck_text(game: Game, where: str) -> str:
    """The text of ``game``'s deck version ``where`` (or of the deck file at that path)."""
    read = kit_of(game).lab_details().deck_text
    if read is None:
        raise InvalidOptions(f"paired card values need a game dealt from a deck file; {game.title} is not")
    return read(where)


def with_blank(game: Game, folder: Path) -> Game:
    """The same game with the blank in its deck file (out of play), so its kernel array has a blank spec."""
    if game.options.get("antics"):
        raise InvalidOptions("paired card values need the antics off (the blank is kept out of play as one)")
    path = folder / "deck_with_blank.toml"
    path.write_text(deck_text(game, str(game.options["deck"])) + BLANK, encoding="utf-8")
    return make(game.name, **{**game.options, "deck": str(path)})


def _outcome(facts: dict[str, Any], seat: int) -> tuple[float, float]:
    winners, scores = facts["winners"], facts["scores"]
    win = 1.0 / len(winners) if seat in winners else 0.0
    return win, scores[seat] - sum(scores) / len(scores)


MIN_PAIRS = 10  # fewer pairs than this give a mean but no interval worth printing (n/a)


def _interval(diffs: list[tuple[float, float]]) -> dict[str, Any] | None:
    """The mean paired difference and its normal 95% interval (none below :data:`MIN_PAIRS` pairs)."""
    if not diffs:
        return None
    out: dict[str, Any] = {"seats": len(diffs)}
    for i, key in enumerate(("win", "points")):
        xs = [d[i] for d in diffs]
        m = sum(xs) / len(xs)
        enough = len(xs) >= MIN_PAIRS
        se = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs)) if enough else math.inf
        out["win_effect" if key == "win" else "points_effect"] = m
        out[key + "95"] = [m - Z95 * se, m + Z95 * se]
    return out


class Replays:
    """The base games of one seed block and the means to replay any of them with one card changed."""

    def __init__(self, game: Game, driver: Any, seed: int, games: int) -> None:  # the kernel's lab driver
        self.game, self.d, self.seed = game, driver, seed
        deck = game.deck  # type: ignore[attr-defined]
        self.spec_index = {spec.slug: i for i, spec in enumerate(deck.specs)}
        self.card_slug = [c.slug for c in deck.cards]
        self.blank = self.spec_index["paired-replay-blank"]
        self.base: list[tuple[dict[str, Any], list[list[int]]]] = []
        for i in range(games):
            dealt: list[list[int]] = []
            self.base.append((driver.play(game, seed, i, dealt=dealt), dealt))

    def replay(self, index: int, card: int, spec: int) -> dict[str, Any]:
        cfg = self.d.cfg.copy()
        cfg[self.d.k.C_CARD_SPEC + card] = spec
        return self.d.play(self.game, self.seed, index, cfg=cfg)  # type: ignore[no-any-return]

    def card_vs_blank(self, slug: str) -> list[tuple[float, float]]:
        diffs = []
        for i, (facts, dealt) in enumerate(self.base):
            held = [(c, seat) for seat, hand in enumerate(dealt) for c in hand if self.card_slug[c] == slug]
            if not held:
                continue
            card, seat = min(held)
            base, blank = _outcome(facts, seat), _outcome(self.replay(i, card, self.blank), seat)
            diffs.append((base[0] - blank[0], base[1] - blank[1]))
        return diffs

    def one_more_copy(self, slug: str) -> list[tuple[float, float]] | None:
        spec = self.game.deck.by_slug(slug)  # type: ignore[attr-defined]
        if spec is None or spec.play_immediately or (spec.antics and not self.game.antics):  # type: ignore[attr-defined]
            return None  # replaced when dealt, or not in this game: never held
        diffs = []
        n = self.game.players
        for i, (_facts, dealt) in enumerate(self.base):
            seat = i % n
            others = [c for c in dealt[seat] if self.card_slug[c] != slug]
            if not others:
                continue
            card = max(others)
            more = _outcome(self.replay(i, card, self.spec_index[slug]), seat)
            blank = _outcome(self.replay(i, card, self.blank), seat)
            diffs.append((more[0] - blank[0], more[1] - blank[1]))
        return diffs


def paired_values(
    game: Game, bot: str, seed: int, games: int, blocks: int = 1, progress: Callable[[int], None] | None = None
) -> dict[str, dict[str, Any]]:
    """``{card: {"blank": figure or None, "extra": figure or None}}`` over ``games`` deals in ``blocks``
    seed blocks (the lab's own block seeds); raises when the kernel cannot play the game."""
    report = progress or (lambda _n: None)
    with tempfile.TemporaryDirectory() as folder:
        augmented = with_blank(game, Path(folder))
        driver = kernel_driver(augmented, (bot,))
        if driver is None:
            raise InvalidOptions(
                "paired card values are played on the compiled kernel: T.A.C.O. with one "
                "heuristic or random bot in every seat"
            )
        per_block = [games // blocks + (1 if b < games % blocks else 0) for b in range(blocks)]
        runs = [Replays(augmented, driver, block_seed(seed, b), m) for b, m in enumerate(per_block)]
        slugs = [s.slug for s in game.deck.specs if not s.starting]  # type: ignore[attr-defined]
        out: dict[str, dict[str, Any]] = {}
        for slug in slugs:
            out[slug] = {
                "blank": _pool([r.card_vs_blank(slug) for r in runs]),
                "extra": _pool([r.one_more_copy(slug) for r in runs]),
            }
            report(1)
        return out


def _pool(parts: list[list[tuple[float, float]] | None]) -> dict[str, Any] | None:
    """Every block's pairs together (the blocks are independent deals of one design)."""
    if all(p is None for p in parts):
        return None
    return _interval([d for p in parts if p is not None for d in p])
