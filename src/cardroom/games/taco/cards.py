"""The deck as data: card specs read from a TOML file and checked before any game starts.

A bad deck file is refused with :class:`DeckError` naming the card and the field, so a player editing
their own deck learns exactly what to fix.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from cardroom.core.errors import InvalidOptions
from cardroom.games.taco.effects import EFFECTS

TYPES = ("shell", "basic", "superstar", "instant", "poison", "action")
INGREDIENTS = ("basic", "superstar")
FOODS = ("meat", "vegetable")
TACO_TYPES = ("shell", "basic", "superstar", "poison")  # cards that go into a taco when played
REQUIRED = ("name", "type", "points", "count", "effect", "text")
OPTIONAL = ("food", "params", "play_immediately", "antics", "starting")


class DeckError(InvalidOptions):
    """A deck file that cannot be played: the message names the card and the field."""


@dataclass(frozen=True)
class CardSpec:
    """One kind of card; a deck holds ``count`` identical copies of it."""

    name: str
    slug: str
    type: str
    points: int
    count: int
    effect: str
    text: str
    food: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    play_immediately: bool = False
    antics: bool = False
    starting: bool = False

    @property
    def is_ingredient(self) -> bool:
        return self.type in INGREDIENTS

    @property
    def goes_in_taco(self) -> bool:
        return self.type in TACO_TYPES


def slugify(name: str) -> str:
    """``"Nacho Card-O"`` -> ``"nacho-card-o"``: the word actions use for a card."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def _card(raw: Any, index: int) -> CardSpec:
    label = f"card #{index + 1}"
    if not isinstance(raw, dict):
        raise DeckError(f"{label}: each card must be a [[card]] table")
    name = raw.get("name")
    if isinstance(name, str) and name.strip():
        label = f"card {name!r}"

    def bad(fieldname: str, why: str) -> DeckError:
        return DeckError(f"deck: {label}, field {fieldname!r}: {why}")

    for key in REQUIRED:
        if key not in raw:
            raise bad(key, "missing")
    unknown = sorted(set(raw) - set(REQUIRED) - set(OPTIONAL))
    if unknown:
        raise bad(unknown[0], f"unknown field; fields are {', '.join(REQUIRED + OPTIONAL)}")
    if not isinstance(name, str) or not name.strip() or not slugify(name):
        raise bad("name", "must be a non-empty name")
    kind = raw["type"]
    if kind not in TYPES:
        raise bad("type", f"unknown type {kind!r}; types are {', '.join(TYPES)}")
    points = raw["points"]
    if not isinstance(points, int) or isinstance(points, bool) or not -9 <= points <= 9:
        raise bad("points", f"must be a whole number from -9 to 9, not {points!r}")
    if points and kind not in ("shell", *INGREDIENTS):
        raise bad("points", f"a {kind} card earns no points; use 0")
    count = raw["count"]
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 99:
        raise bad("count", f"must be a whole number from 1 to 99, not {count!r}")
    text = raw["text"]
    if not isinstance(text, str) or not text.strip():
        raise bad("text", "must be a line of card text")
    food = raw.get("food")
    if kind in INGREDIENTS:
        if food is None:
            raise bad("food", "missing; an ingredient is meat or vegetable")
        if food not in FOODS:
            raise bad("food", f"must be meat or vegetable, not {food!r}")
    elif food is not None:
        raise bad("food", f"only ingredients are meat or vegetable, not a {kind}")
    effect = raw["effect"]
    spec = EFFECTS.get(effect) if isinstance(effect, str) else None
    if spec is None:
        raise bad("effect", f"unknown effect {effect!r}; effects are {', '.join(sorted(EFFECTS))}")
    if kind not in spec.types:
        raise bad("effect", f"{effect!r} is not an effect a {kind} card can have")
    params = raw.get("params", {})
    if not isinstance(params, dict):
        raise bad("params", "must be a table")
    problem = spec.check_params(params)
    if problem:
        raise bad("params", problem)
    flags = {}
    for flag in ("play_immediately", "antics", "starting"):
        value = raw.get(flag, False)
        if not isinstance(value, bool):
            raise bad(flag, "must be true or false")
        flags[flag] = value
    if flags["starting"] and (kind != "shell" or points != 0):
        raise bad("starting", "only a 0-point shell can be the starting shell")
    if flags["play_immediately"] and kind == "instant":
        raise bad("play_immediately", "an instant cannot be forced")
    return CardSpec(
        name=name.strip(),
        slug=slugify(name),
        type=kind,
        points=points,
        count=count,
        effect=effect,
        text=text.strip(),
        food=food,
        params=dict(params),
        **flags,
    )


@dataclass(frozen=True)
class Deck:
    """Every kind of card, and every physical card (its id is its index in ``cards``)."""

    specs: tuple[CardSpec, ...]
    cards: tuple[CardSpec, ...]  # one entry per physical card; deck cards first, starting shells last
    source: str

    def by_slug(self, slug: str) -> CardSpec | None:
        for spec in self.specs:
            if spec.slug == slug:
                return spec
        return None

    @property
    def starting_ids(self) -> tuple[int, ...]:
        return tuple(i for i, c in enumerate(self.cards) if c.starting)

    def deck_ids(self, antics: bool) -> tuple[int, ...]:
        return tuple(i for i, c in enumerate(self.cards) if not c.starting and (antics or not c.antics))


def parse_deck(data: Mapping[str, Any], source: str) -> Deck:
    cards_raw = data.get("card")
    if not isinstance(cards_raw, list) or not cards_raw:
        raise DeckError(f"deck {source}: no [[card]] tables")
    specs = [_card(raw, i) for i, raw in enumerate(cards_raw)]
    seen: dict[str, str] = {}
    for spec in specs:
        if spec.slug in seen:
            raise DeckError(f"deck: card {spec.name!r}, field 'name': same short name as {seen[spec.slug]!r}")
        seen[spec.slug] = spec.name
    starting = [s for s in specs if s.starting]
    if len(starting) != 1:
        raise DeckError(f"deck {source}: needs exactly one card with starting = true (the Crunchy Shell)")
    if starting[0].count < 8:
        raise DeckError(f"deck: card {starting[0].name!r}, field 'count': needs one starting shell per seat, 8")
    ordered = [s for s in specs if not s.starting] + starting
    cards = tuple(s for s in ordered for _ in range(s.count))
    if sum(1 for c in cards if not c.starting and not c.antics) < 20:
        raise DeckError(f"deck {source}: fewer than 20 cards to deal from")
    return Deck(specs=tuple(specs), cards=cards, source=source)


_CACHE: dict[str, Deck] = {}

# The shipped decks by name. New tables get LATEST. "standard" is the name every table used before
# decks had versions, so a saved record that says "standard" replays with the deck it was played with.
VERSIONS = {"v1": "deck_v1.toml", "v2": "deck.toml", "standard": "deck_v1.toml"}
LATEST = "v2"
OFFERED = (LATEST, "v1")  # what a menu offers, newest first ("standard" is v1 under its old name)


def deck_version(where: str) -> str:
    """The version a ``deck`` option names (``"standard"`` is v1), or ``"file"`` for a player's own deck."""
    if where == "standard":
        return "v1"
    return where if where in VERSIONS else "file"


def load_deck(where: str) -> Deck:
    """The deck a ``deck`` option names: a shipped version (``v1``, ``v2``; ``standard`` is v1) or a TOML file."""
    found = _CACHE.get(where)
    if found is not None:
        return found
    try:
        if where in VERSIONS:
            text = resources.files("cardroom.games.taco").joinpath(VERSIONS[where]).read_text(encoding="utf-8")
        else:
            text = Path(where).read_text(encoding="utf-8")
    except OSError as exc:
        raise DeckError(f"cannot read deck file {where!r}: {exc.strerror or exc}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeckError(f"deck file {where!r} is not valid TOML: {exc}") from None
    deck = parse_deck(data, where)
    if where in VERSIONS:  # a player's own file is re-read, so edits take effect
        _CACHE[where] = deck
    return deck
