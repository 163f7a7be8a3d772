"""A one-line position notation: every card and every secret of a state, no history.

    ek2 s=<seed>:<counter> n=<step> t=<current>:<owed>:<attacked> p=<phase> o=<out> u=<undecided>
        h=<hand>/<hand>/... d=<pile> x=<discard> r=<removed> a=<pending> k=<pile knowledge> w=<hand knowledge>

One letter a card, in zone order (a pile top first): k Exploding Kitten, d Defuse, n Nope, a Attack,
s Skip, f Favor, h Shuffle, v See the Future, t Tacocat, c Cattermelon, p Hairy Potato Cat, b Beard Cat,
r Rainbow-Ralphing Cat. Seat lists are comma separated, empty fields are '-'. The pending play is
``kind:actor:target:named:cards:nopes``; pile knowledge is per seat ``pos.card,pos.card`` joined by '/';
hand knowledge per knower, per holder, cards joined by '.' and '/'. It is for tests and bug reports:
paste one line and get the exact position back (``game.load(line)``), minus the log.

Lines written before the ``ek2`` prefix start with ``ek1`` and use Favor ``h`` and Shuffle ``f``, the
other way round from the letters above (and from the docs); they still load, read with that old table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardroom.core.errors import CorruptState
from cardroom.games.kittens import cards as C
from cardroom.games.kittens.pending import Pending

if TYPE_CHECKING:
    from cardroom.games.kittens.state import KittensState

LETTERS = "kdnasfhvtcpbr"
PREFIX = "ek2"
# ek1 lines swapped Favor and Shuffle against the documented letters; kept so that saved lines load.
LEGACY_LETTERS = {"ek1": "kdnashfvtcpbr"}
PREFIXES = (PREFIX, *LEGACY_LETTERS)
assert len(LETTERS) == len(C.SLUGS)
assert all(len(old) == len(C.SLUGS) for old in LEGACY_LETTERS.values())


def _cards(kinds: tuple[int, ...]) -> str:
    return "".join(LETTERS[k] for k in kinds) or "-"


def _seats(seats: tuple[int, ...]) -> str:
    return ",".join(str(s) for s in seats) or "-"


def to_line(s: KittensState) -> str:
    p = s.pending
    pending = "-" if p is None else f"{p.kind}:{p.actor}:{p.target}:{p.named}:{_cards(p.cards)}:{_seats(p.nopes)}"
    pile_known = "/".join(",".join(f"{pos}.{LETTERS[k]}" for pos, k in known) or "-" for known in s.pile_known)
    hand_known = "/".join(".".join(_cards(cards) for cards in row) for row in s.hand_known)
    fields = [
        PREFIX,
        f"s={s.seed}:{s.counter}",
        f"n={s.step}",
        f"t={s.current}:{s.owed}:{int(s.attacked)}",
        f"p={s.phase}",
        f"o={_seats(s.out)}",
        f"u={_seats(s.undecided)}",
        "h=" + "/".join(_cards(h) for h in s.hands),
        f"d={_cards(s.pile)}",
        f"x={_cards(s.discard)}",
        f"r={_cards(s.removed)}",
        f"a={pending}",
        f"k={pile_known}",
        f"w={hand_known}",
    ]
    return " ".join(fields)


def _kinds_in(text: str, letters: str = LETTERS) -> tuple[int, ...]:
    if text == "-":
        return ()
    try:
        return tuple(letters.index(ch) for ch in text)
    except ValueError:
        raise CorruptState(f"{text!r} holds a letter that is no card ({letters})") from None


def _seat_list(text: str) -> list[int]:
    return [] if text == "-" else [int(x) for x in text.split(",")]


def from_line(line: str, options: dict[str, Any], game_name: str) -> dict[str, Any]:
    """The ``to_json`` data a position line describes (with an empty history), for ``from_json``."""
    words = line.split()
    if not words or words[0] not in PREFIXES:
        raise CorruptState(f"a position line starts with {PREFIX!r} (or the older {', '.join(LEGACY_LETTERS)!s})")
    letters = LEGACY_LETTERS.get(words[0], LETTERS)

    def _kinds(text: str) -> tuple[int, ...]:
        return _kinds_in(text, letters)

    try:
        f = dict(w.split("=", 1) for w in words[1:])
        seed, counter = f["s"].split(":")
        current, owed, attacked = f["t"].split(":")
        pending = None
        if f["a"] != "-":
            kind, actor, target, named, cards, nopes = f["a"].split(":")
            pending = Pending(kind, int(actor), _kinds(cards), int(target), int(named), tuple(_seat_list(nopes)))

        def slugs(text: str) -> list[str]:
            return C.slugs(_kinds(text))

        return {
            "game": game_name,
            "options": options,
            "seed": int(seed),
            "counter": int(counter),
            "step": int(f["n"]),
            "hands": [slugs(h) for h in f["h"].split("/")],
            "pile": slugs(f["d"]),
            "discard": slugs(f["x"]),
            "removed": slugs(f["r"]),
            "out": _seat_list(f["o"]),
            "current": int(current),
            "owed": int(owed),
            "attacked": attacked == "1",
            "phase": f["p"],
            "pending": None if pending is None else pending.to_json(),
            "undecided": _seat_list(f["u"]),
            "pile_known": [
                []
                if seat == "-"
                else [[int(e.split(".")[0]), C.SLUGS[_kinds(e.split(".")[1])[0]]] for e in seat.split(",")]
                for seat in f["k"].split("/")
            ],
            "hand_known": [[slugs(c) for c in row.split(".")] for row in f["w"].split("/")],
            "history": [],
        }
    except CorruptState:
        raise
    except (KeyError, ValueError, IndexError) as exc:
        raise CorruptState(f"not an Exploding Kittens position line: {type(exc).__name__} {exc}") from None
