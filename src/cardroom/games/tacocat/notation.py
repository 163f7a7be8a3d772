"""The one-line position notation, and the JSON form built on it.

A position is written as space-separated fields (see docs/tacocat.md for the full grammar)::

    Y...T...W 1,3,6,7,8/2,4,5,9,12 10,11,... - attack:Y round=1 step=20 seed=7/1

1. the track: ``Y`` and ``W`` are the goals, ``.`` an open space, ``#`` a covered one, ``T`` Tacocat;
2. the hands, YAY's then WOW's, each lowest first (``-`` for none);
3. the draw pile, top card first; 4. the discard pile, lowest first;
5. the phase and its details; then optional ``key=value`` fields.

It holds every secret (hands, draw order, seed), like ``to_json``: it is for saving, tests and
debugging, never for a player. ``to_json`` is this line plus the options and the event history.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardroom.core import events as ev
from cardroom.core.errors import CorruptState
from cardroom.games.tacocat.actions import is_run, is_set
from cardroom.games.tacocat.board import BOTH
from cardroom.games.tacocat.cards import contains, counts_of
from cardroom.games.tacocat.phases import ATTACK, DEFEND, DUEL, OVER, REPLACE
from cardroom.games.tacocat.state import Draft, TacocatState, dealt, draft, freeze, is_done

if TYPE_CHECKING:
    from cardroom.games.tacocat.game import TacocatGame

LETTER = ("Y", "W")
SEAT_OF = {"Y": 0, "W": 1}


# -- writing ----------------------------------------------------------------------------------------


def _cards(cards: tuple[int, ...] | list[int], sep: str = ",") -> str:
    return sep.join(str(v) for v in cards) or "-"


def _track(s: TacocatState) -> str:
    last = s.game.board.goal[1]
    chars = ["Y", *("#" if s.covered >> p & 1 else "." for p in range(1, last)), "W"]
    chars[s.pos] = "T"
    return "".join(chars)


def _answers(answers: tuple[int, ...]) -> str:
    return ".".join(f"d{a}" if a > 0 else f"s{-a}" for a in answers) or "-"


def _phase(s: TacocatState) -> str:
    if s.phase == REPLACE:
        if s.actor == BOTH:
            sides = [f"{_cards(s.marks[x], '.')}/{s.decided[x]}" for x in (0, 1)]
            return f"replace:both:{sides[0]}:{sides[1]}"
        limit = "*" if s.limit < 0 else str(s.limit)
        return f"replace:{LETTER[s.actor]}:{s.swapped}/{limit}"
    if s.phase == DUEL:
        return "duel:" + ":".join(str(p) if p else "-" for p in s.picks)
    if s.phase == DEFEND:
        return f"defend:{LETTER[s.actor]}:{_cards(s.attack, '.')}:{_answers(s.answers)}"
    return f"{s.phase}:{LETTER[s.actor]}"


def write(s: TacocatState) -> str:
    fields = [
        _track(s),
        f"{_cards(s.hands[0])}/{_cards(s.hands[1])}",
        _cards(s.draw),
        _cards([v for v, n in enumerate(s.discard, 1) for _ in range(n)]),
        _phase(s),
        f"round={s.round}",
        f"step={s.step}",
        f"seed={s.seed}/{s.counter}",
    ]
    if s.duel_winner >= 0:
        fields.append(f"duelwin={LETTER[s.duel_winner]}")
    if s.last_duel is not None:
        fields.append(f"lastduel={s.last_duel[0]}.{s.last_duel[1]}")
    if s.last_play is not None:
        who, cards, answers = s.last_play
        fields.append(f"lastplay={LETTER[who]}:{_cards(cards, '.')}:{_answers(answers)}")
    if s.floors != (0, 0):
        fields.append(f"floors={s.floors[0]}.{s.floors[1]}")
    if s.last_round is not None:
        c0, c1, w = s.last_round
        fields.append(f"lastround={c0}.{c1}:{LETTER[w] if w >= 0 else '-'}")
    return " ".join(fields)


def to_json(s: TacocatState) -> dict[str, Any]:
    return {
        "game": "tacocat",
        "options": dict(s.game.options),
        "position": write(s),
        "history": [e.to_json() for e in ev.iterate(s.history)],
    }


# -- reading ----------------------------------------------------------------------------------------


def _int(text: str, what: str, low: int = 0, high: int = 2**64) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise CorruptState(f"{what} must be a whole number from {low} to {high}, not {text[:30]!r}")
    return int(text)


def _card_list(text: str, what: str, sep: str = ",") -> tuple[int, ...]:
    if text in ("-", ""):
        return ()
    return tuple(_int(p, f"a card in {what}", 1, 12) for p in text.split(sep))


def _seat(text: str, what: str) -> int:
    if text not in SEAT_OF:
        raise CorruptState(f"{what} must be Y (YAY) or W (WOW), not {text[:20]!r}")
    return SEAT_OF[text]


def _answer_list(text: str, what: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    out = []
    for part in text.split("."):
        if len(part) < 2 or part[0] not in "ds":
            raise CorruptState(f"{what}: each answer is d<card> (defend) or s<card> (sacrifice), not {part[:20]!r}")
        v = _int(part[1:], f"a card in {what}", 1, 12)
        out.append(v if part[0] == "d" else -v)
    return tuple(out)


def parse(game: TacocatGame, line: str) -> TacocatState:
    if not isinstance(line, str):
        raise CorruptState(f"a Tacocat position is a line of text, not {type(line).__name__}")
    fields = line.split()
    if len(fields) < 5:
        raise CorruptState(
            f"a Tacocat position has at least 5 fields (track, hands, draw pile, discards, phase); got {len(fields)}"
        )
    d = object.__new__(Draft)
    d.game = game
    _read_track(d, fields[0])
    hands = fields[1].split("/")
    if len(hands) != 2:
        raise CorruptState(f"the hands field is YAY's cards / WOW's cards, not {fields[1][:40]!r}")
    d.hands = (
        tuple(sorted(_card_list(hands[0], "YAY's hand"))),
        tuple(sorted(_card_list(hands[1], "WOW's hand"))),
    )
    d.draw = _card_list(fields[2], "the draw pile")
    d.discard = counts_of(_card_list(fields[3], "the discard pile"))
    _read_phase(d, fields[4])
    _read_extras(d, fields[5:])
    d.history = None
    _check(d)
    return freeze(d)


def _read_track(d: Draft, text: str) -> None:
    board = d.game.board
    last = board.goal[1]
    if len(text) != last + 1:
        raise CorruptState(f"the track {text[:30]!r} should have {last + 1} characters: goal, {last - 1} spaces, goal")
    if text.count("T") != 1:
        raise CorruptState(f"the track {text!r} must show Tacocat (T) exactly once")
    d.pos = text.index("T")
    d.covered = 0
    for p, ch in enumerate(text):
        expected = "Y" if p == 0 else "W" if p == last else ".#"
        if ch != "T" and ch not in expected:
            raise CorruptState(f"the track {text!r} has {ch!r} at position {p}; expected one of {expected!r} or T")
        if ch == "#":
            d.covered |= 1 << p


def _read_phase(d: Draft, text: str) -> None:
    parts = text.split(":")
    name = parts[0]
    d.actor, d.limit, d.swapped = BOTH, -1, 0
    d.marks, d.decided, d.picks, d.attack, d.answers = ((), ()), (0, 0), (0, 0), (), ()
    d.phase = name
    try:
        if name == REPLACE and len(parts) == 4 and parts[1] == "both":
            yay = _choice(d, 0, parts[2])
            wow = _choice(d, 1, parts[3])
            d.marks = (yay[0], wow[0])
            d.decided = (yay[1], wow[1])
        elif name == REPLACE and len(parts) == 3:
            d.actor = _seat(parts[1], "the replacing seat")
            swapped, _, limit = parts[2].partition("/")
            d.swapped = _int(swapped, "cards replaced so far", 0, 12)
            d.limit = -1 if limit == "*" else _int(limit, "the replacement limit", 1, 12)
        elif name == DUEL and len(parts) == 3:
            d.picks = tuple(0 if p == "-" else _int(p, "a duel card", 1, 12) for p in parts[1:])  # type: ignore[assignment]
        elif name in (ATTACK, OVER) and len(parts) == 2:
            d.actor = _seat(parts[1], f"the {'attacker' if name == ATTACK else 'winner'}")
        elif name == DEFEND and len(parts) == 4:
            d.actor = _seat(parts[1], "the attacker")
            d.attack = _card_list(parts[2], "the attack", ".")
            d.answers = _answer_list(parts[3], "the answers")
        else:
            raise CorruptState("")
    except CorruptState as exc:
        if str(exc):
            raise
        raise CorruptState(
            f"unreadable phase {text[:40]!r}; phases: replace:Y:0/*, replace:both:-/0:-/0, duel:-:-, "
            "attack:Y, defend:Y:8.9.10:d11, over:Y"
        ) from None


def _choice(d: Draft, seat: int, text: str) -> tuple[tuple[int, ...], int]:
    """One side of ``replace:both``: the cards set aside and how many dealt cards were decided about,
    ``4.5/3``. ``4.5!`` means every card is decided; a bare ``-`` means none yet."""
    who = ("YAY", "WOW")[seat]
    cards, slash, count = text.partition("/")
    if text.endswith("!") and not slash:
        marks = tuple(sorted(_card_list(text[:-1], f"{who}'s replacement choice", ".")))
        return marks, len(d.hands[seat]) + len(marks)
    marks = tuple(sorted(_card_list(cards, f"{who}'s replacement choice", ".")))
    if not slash:
        if marks:
            raise CorruptState(
                f"{who}'s replacement choice {text[:30]!r} must say how many cards were decided about, "
                f"e.g. {cards}/{len(marks)}"
            )
        return marks, 0
    return marks, _int(count, f"how many cards {who} has decided about", 0, 12)


def _read_extras(d: Draft, fields: list[str]) -> None:
    d.round, d.step, d.seed, d.counter = 1, 0, 0, 0
    d.duel_winner, d.last_duel, d.last_play, d.last_round = -1, None, None, None
    d.floors = (0, 0)
    for field in fields:
        key, eq, value = field.partition("=")
        if not eq:
            raise CorruptState(f"extra fields are key=value, not {field[:30]!r}")
        if key == "round":
            d.round = _int(value, "round", 1)
        elif key == "step":
            d.step = _int(value, "step")
        elif key == "seed":
            seed, _, counter = value.partition("/")
            sign = -1 if seed.startswith("-") else 1  # any int seeds a game, negative ones too
            d.seed = sign * _int(seed.removeprefix("-"), "seed", 0, 2**256)
            d.counter = _int(counter or "0", "the shuffle counter")
        elif key == "duelwin":
            d.duel_winner = _seat(value, "duelwin")
        elif key == "lastduel":
            cards = _card_list(value, "lastduel", ".")
            if len(cards) != 2:
                raise CorruptState(f"lastduel is YAY's card.WOW's card, not {value[:20]!r}")
            d.last_duel = (cards[0], cards[1])
        elif key == "lastplay":
            parts = value.split(":")
            if len(parts) != 3:
                raise CorruptState(f"lastplay is seat:attack:answers, not {value[:40]!r}")
            d.last_play = (
                _seat(parts[0], "lastplay's attacker"),
                _card_list(parts[1], "lastplay", "."),
                _answer_list(parts[2], "lastplay"),
            )
        elif key == "floors":
            parts = value.split(".")
            if len(parts) != 2:
                raise CorruptState(f"floors is YAY's.WOW's lowest possible card (0: none known), not {value[:20]!r}")
            d.floors = (_int(parts[0], "a floor", 0, 12), _int(parts[1], "a floor", 0, 12))
        elif key == "lastround":
            cards_text, _, who = value.partition(":")
            cards = _card_list(cards_text, "lastround", ".")
            if len(cards) != 2:
                raise CorruptState(f"lastround is YAY's card.WOW's card:winner, not {value[:20]!r}")
            d.last_round = (cards[0], cards[1], -1 if who == "-" else _seat(who, "lastround's winner"))
        else:
            raise CorruptState(
                f"unknown field {key[:20]!r}; known: round, step, seed, duelwin, lastduel, lastplay, floors, lastround"
            )


def _check(d: Draft) -> None:
    """Refuse positions the rules can never reach in ways that would break the engine."""
    game = d.game
    board = game.board
    held = (*d.hands[0], *d.hands[1], *d.marks[0], *d.marks[1], *d.draw, *(p for p in d.picks if p))
    counts = tuple(a + b for a, b in zip(counts_of(held), d.discard))
    if counts != game.deck:
        diff = {v: c - e for v, (c, e) in enumerate(zip(counts, game.deck), 1) if c != e}
        raise CorruptState(f"the cards do not add up to the deck (value: extra or missing count): {diff}")
    for x in (0, 1):
        if d.floors[x] and any(v < d.floors[x] for v in d.hands[x]):
            raise CorruptState(f"{'YAY' if x == 0 else 'WOW'} holds a card below their floor {d.floors[x]}")
    if d.covered >> d.pos & 1:
        raise CorruptState("Tacocat stands on a covered space")
    if (d.phase == OVER) != board.is_goal(d.pos):
        raise CorruptState("Tacocat is on a goal exactly when the game is over (phase over:Y or over:W)")
    if d.phase == OVER and d.pos != board.goal[d.actor]:
        raise CorruptState("the winner must be the player whose goal Tacocat reached")
    size = [len(d.hands[x]) + len(d.marks[x]) + (1 if d.picks[x] else 0) for x in (0, 1)]
    if d.phase == REPLACE and d.actor != BOTH:
        size[d.actor] += d.swapped  # discarded face up, not drawn again until "done"
    if d.phase == DEFEND:
        if not d.attack or len(d.answers) >= len(d.attack):
            raise CorruptState("while defending, the attack must have cards still to answer")
        if len(d.attack) > 1 and not (is_set(d.attack) or is_run(d.attack)):
            raise CorruptState(f"the attack {d.attack} is neither one card, a set nor a run")
        size[1 - d.actor] -= len(d.attack) - len(d.answers)
    if size[0] != size[1]:
        raise CorruptState(f"hands must be equal in size (counting cards still owed to an attack); they are {size}")
    if d.phase in (ATTACK, DEFEND, DUEL) and size[0] + (len(d.attack) if d.phase == DEFEND else 0) < 2:
        raise CorruptState("with one card each the round is already decided; no more play")
    if d.phase == DUEL and d.picks[0] and d.picks[1]:
        raise CorruptState("both duel cards laid: the duel should already be revealed")
    if d.phase == REPLACE and d.actor == BOTH:
        for x in (0, 1):
            cards = dealt(d, x)
            who = ("YAY", "WOW")[x]
            if d.decided[x] > len(cards):
                raise CorruptState(f"{who} has decided about {d.decided[x]} cards but holds {len(cards)}")
            if not contains(cards[: d.decided[x]], d.marks[x]):
                raise CorruptState(
                    f"{who}'s cards set aside must be among the cards decided about so far: "
                    f"its {d.decided[x]} lowest (decisions go lowest first)"
                )
        if is_done(d, 0) and is_done(d, 1):
            raise CorruptState("both replacement choices done: the duel should already have begun")
    if d.phase == REPLACE and d.limit >= 0 and d.swapped > d.limit:
        raise CorruptState(f"replaced {d.swapped} cards, over the limit of {d.limit}")


def load(game: TacocatGame, data: Mapping[str, Any] | str) -> TacocatState:
    if isinstance(data, str):
        return parse(game, data)
    game._check_json(data)
    if data.get("options") != game.options:
        raise CorruptState(f"this state was saved under options {data.get('options')!r}, not {game.options!r}")
    state = parse(game, data.get("position"))  # type: ignore[arg-type]
    history = data.get("history", [])
    if not isinstance(history, list):
        raise CorruptState("history must be a list of events")
    try:
        events = [ev.Event.from_json(e) for e in history]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise CorruptState(f"an event in the history is unreadable: {exc}") from None
    d = draft(state)
    d.history = ev.from_list(events)
    return freeze(d)
