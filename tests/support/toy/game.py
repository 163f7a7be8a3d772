"""Toy: one small card game with variants, for tests that need a game without any real game's details.

Cards are numbered 1 to ``cards``; each seat is dealt ``hand`` of them (hidden) and the rest stay face
down as the deck. Most points wins; seats with equal points share the place.

Turns (``turns``):

- ``seat`` (the default): the seats take turns in seat order, skipping a seat with no card left. On its
  turn a seat plays a card face up. A card that stands scores its value for its player.
- ``together``: every seat plays a card face down at once (a simultaneous decision: nobody sees a
  choice until all have chosen); then they are turned up. The highest card takes the round: if it
  stands, its player scores one point and draws the top card of the deck (a hidden draw).

The game ends when no seat can play any more: every hand is empty (with ``together``, as soon as one
is), or, where ``rounds`` is not 0, every seat has played that many times.

After each play a reaction window asks seats at once what they do about it (``reaction``). The quiet
answer (``quiet``: ``pass`` or ``allow``) lets it stand; it is what a seat that says nothing answers.

- ``nope`` (the default): every seat, the player included, is asked, and may nope while it holds a
  Nope token (one each). A nope opens the window again for everyone; a play noped an odd number of
  times is cancelled. With ``nopes="dealt"`` the tokens (Nopes, or vetoes below) are hidden instead, and
  dealt afresh (each seat holds one with probability 1/2, from the game's seed) every time a window
  opens: whether a seat can nope is then a hidden fact drawn anew at each window, unrelated to how far
  the game has gone.
- ``veto``: every other seat is asked, and may veto once a game. A veto cancels the play at once and
  its player must sigh: a spoken action, said in the chat as "alas".
- ``burn``: every seat is asked, and may burn (discard its lowest card face down) while it holds more
  cards than it has turns left (so only where ``rounds`` is set). No burn window follows the last round.

With ``concede`` on, a seat at a table of three or more may concede: its cards are discarded face
down, its answer in an open window counts as the quiet one, and it ranks below every seat that stayed;
when one seat is left, the game ends.

Presets, each a shape some tests need: ``standard`` (the room's tests: 9 cards, 2 each, turns by seat,
Nopes), ``veto`` (a game the server has never heard of, played through ``CARDROOM_GAMES``: 3 seats,
12 cards, 3 each, vetoes, ``allow``, concession), ``sneaky`` and ``sneaky-four`` (sneaky high card, for
the bots, the RL adapters and the arena: 2 or 4 seats, 14 or 24 cards, 4 each, 3 rounds played
together, a burn window).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import cardroom
from cardroom.core import Action, Form, Game, Grammar, InvalidOptions, Option, State, action
from cardroom.core.rng import derive, fresh_seed, seed_from
from cardroom.core.spoken import Spoken
from tests.support.toy.state import ToyState
from tests.support.toy.table import TOKEN_VIEWS, Table

NAME = "toy"
SIGH = Spoken("sigh", 'sigh in the chat: say "alas"', "alas")
HIGH_CARD = {"players": 2, "cards": 14, "hand": 4, "rounds": 3, "turns": "together", "reaction": "burn"}


def _whole(low: int, high: int) -> Any:
    def check(value: Any) -> str | None:
        ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
        return None if ok else f"a whole number from {low} to {high}"

    return check


class ToyGame(Game):
    """The toy game (the rules are the module's docstring); presets name the shapes tests need."""

    name = NAME
    title = "Toy"
    option_specs = (
        Option("players", 2, "seats", choices=(2, 3, 4, 5)),
        Option("cards", 9, "cards in the deck, numbered from 1", check=_whole(2, 60)),
        Option("hand", 2, "cards dealt to each seat", check=_whole(1, 10)),
        Option("rounds", 0, "plays per seat before the game ends (0: until the hands run out)", check=_whole(0, 20)),
        Option("turns", "seat", "one seat plays at a time, or every seat at once", choices=("seat", "together")),
        Option("reaction", "nope", "what seats may do in the window after a play", choices=("nope", "veto", "burn")),
        Option("quiet", "pass", "the window's answer that lets a play stand", choices=("pass", "allow")),
        Option(
            "nopes", "tokens", "one public Nope each, or hidden ones dealt at every window", choices=("tokens", "dealt")
        ),
        Option("concede", False, "whether a seat may concede at a table of three or more", choices=(False, True)),
    )
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "standard": {},
        "veto": {"players": 3, "cards": 12, "hand": 3, "reaction": "veto", "quiet": "allow", "concede": True},
        "sneaky": HIGH_CARD,
        "sneaky-four": {**HIGH_CARD, "players": 4, "cards": 24},
    }
    default_preset = "standard"
    grammar = Grammar(
        [Form("play", ("N",), "play N")]
        + [Form(word, (), word) for word in ("pass", "allow", "nope", "veto", "burn", "sigh")]
    )

    def _setup(self) -> None:
        needed = self.players * int(self.options["hand"])
        if needed > int(self.options["cards"]):
            raise InvalidOptions(f"{self.players} seats of {self.options['hand']} cards need {needed} cards or more")

    @property
    def players(self) -> int:
        return int(self.options["players"])

    @property
    def heuristic_bot(self) -> str:
        """Rounds played together have a heuristic (the highest card); otherwise bots play at random."""
        if self.options["turns"] == "together":
            return "tests.support.toy.bots:HighestCardBot"
        return "cardroom.bots.uniform:RandomBot"

    def spoken_actions(self) -> Mapping[str, Spoken]:
        return {"sigh": SIGH} if self.options["reaction"] == "veto" else {}

    def new_game(self, seed: int | None = None) -> State:
        seed = fresh_seed() if seed is None else seed
        deck = list(range(1, int(self.options["cards"]) + 1))
        derive(seed, 0).shuffle(deck)
        n, size = self.players, int(self.options["hand"])
        hands = [sorted(deck[size * i : size * i + size]) for i in range(n)]
        table = Table.fresh(self.options, hands, deck[n * size :])
        if self.options["nopes"] == "dealt":
            table.seed = seed
        return ToyState(self, 0, None, table)

    def load(self, data: Mapping[str, Any] | str) -> State:
        if isinstance(data, str):
            raise NotImplementedError("the toy game has no position notation")
        self._check_json(data)
        return ToyState(self, int(data["step"]), None, Table.from_json(data["table"], self.options))

    def sample(self, view: dict[str, Any], rng: random.Random) -> State:
        """A state this view could come from: the cards it does not show dealt at random."""
        seat, n, together = int(view["seat"]), self.players, self.options["turns"] == "together"
        known = [*view["hand"], *view.get("burned", []), *view.get("played", [])]
        known += [c for trick in view.get("tricks", []) for c in trick if c is not None]
        if isinstance(view.get("my_choice"), int):
            known.append(view["my_choice"])
        unseen = [c for c in range(1, int(self.options["cards"]) + 1) if c not in known]
        rng.shuffle(unseen)

        def take(k: int) -> list[int]:
            nonlocal unseen
            got, unseen = unseen[:k], unseen[k:]
            return got

        window = view["pending"] is not None and view.get("sighing") is None
        choosing = together and view["pending"] is None and view.get("sighing") is None and not view["is_over"]
        counts = view.get("burned_counts", [0] * n)
        table = Table.fresh(self.options, [[] for _ in range(n)], [])
        for s in range(n):
            mine = s == seat
            table.hands[s] = sorted(view["hand"] if mine else take(view["hand_sizes"][s]))
            table.burned[s] = sorted(view.get("burned", []) if mine else take(counts[s]))
            if choosing and s not in view["to_act"] and s not in view.get("gone", []):
                table.chosen[s] = view["my_choice"] if mine else take(1)[0]
        table.deck = unseen
        tokens = view.get(TOKEN_VIEWS.get(str(self.options["reaction"]), ""), table.tokens)
        table.tokens = [rng.randrange(2) if t is None else t for t in tokens]
        table.played, table.tricks = list(view.get("played", [])), [list(t) for t in view.get("tricks", [])]
        table.pending, table.scores, table.over = view["pending"], list(view["scores"]), bool(view["is_over"])
        table.owner = view.get("owner", view.get("turn")) if view["pending"] is not None else None
        table.turn, table.noped, table.sighing = view.get("turn", 0), view.get("noped", 0), view.get("sighing")
        table.asked = list(view["to_act"]) if window else []
        table.gone, table.taken = list(view.get("gone", [])), list(view.get("taken", table.taken))
        if self.options["nopes"] == "dealt":
            table.seed = seed_from(rng)
        return ToyState(self, int(view["step"]), None, table)

    def action_space(self) -> tuple[Action, ...]:
        verbs = [
            self.options["quiet"],
            self.options["reaction"],
            *(["sigh"] if self.options["reaction"] == "veto" else []),
        ]
        plays = [action("play", c) for c in range(1, int(self.options["cards"]) + 1)]
        return tuple(sorted([*(action(v) for v in verbs), *plays]))


def register() -> None:
    """The toy game in the registry under its name (the room's tests make its tables by name)."""
    cardroom.register(NAME, ToyGame)
