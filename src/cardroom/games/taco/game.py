"""T.A.C.O. (Taunt. Attack. Conquer. Obsess.): options, action grammar, new games, loading, sampling."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cardroom.core import events as ev
from cardroom.core.action import Action, Form, Grammar, action
from cardroom.core.errors import CorruptState
from cardroom.core.game import Game, View
from cardroom.core.options import Option
from cardroom.core.rng import fresh_seed, seed_from
from cardroom.core.spoken import Spoken
from cardroom.games.taco import antics
from cardroom.games.taco.cards import LATEST, OFFERED, VERSIONS, Deck, load_deck
from cardroom.games.taco.engine import Engine
from cardroom.games.taco.state import TacoState
from cardroom.games.taco.table import Table

PLAYERS_DEFAULT = 4

# The rulebook's recommended pool of taco points for each number of players.
POOL_BY_PLAYERS = {2: 24, 3: 34, 4: 40, 5: 48, 6: 54, 7: 60, 8: 64}


def _check_pool(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 500:
        return "must be None (by player count) or a whole number from 1 to 500"
    return None


def _check_deck(value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return "must be 'v2' (the current deck), 'v1' (the first deck; 'standard' is its old name) or the path of a deck file"
    return None


# ``play`` and ``target`` both name a card and a seat. Until issue 13 their texts put them in opposite
# orders (``play CARD SEAT``, ``target SEAT CARD``); now both write the card first. A card is a word and
# a seat a number, so the other order is still read without ambiguity: a person may type either, and
# records saved before the change (which store ``target SEAT CARD`` texts) load and replay unchanged.
CARD_SEAT_VERBS = frozenset(("play", "target"))


def other_order(text: str) -> str | None:
    """The canonical text (card, then seat) if ``text`` gives the seat first; else None."""
    words = text.strip().lower().split()
    if len(words) != 3 or words[0] not in CARD_SEAT_VERBS or not words[1].isdigit() or words[2].isdigit():
        return None
    return f"{words[0]} {words[2]} {words[1]}"


class TacoGrammar(Grammar):
    """T.A.C.O.'s forms; ``play`` and ``target`` take the card and the seat in either order."""

    def parse(self, text: str | Action) -> Action:
        if isinstance(text, str):
            text = other_order(text) or text
        return super().parse(text)

    def describe(self) -> str:
        return super().describe() + " (play and target also read the seat before the card)"


GRAMMAR = TacoGrammar(
    [
        Form("play", ("W", "N"), "play CARD SEAT", "play a card from your hand into SEAT's taco"),
        Form("use", ("W",), "use CARD", "play an action card from your hand"),
        Form("instant", ("W",), "instant CARD", "stop the last card played with an Instant"),
        Form("pass", (), "pass", "let the last card stand / skip a bonus play"),
        Form("end", (), "end", "end your turn without playing a card"),
        Form("target", ("W", "N"), "target CARD SEAT", "pick CARD in SEAT's taco for an effect"),
        Form("choose", ("N",), "choose SEAT", "pick a player for an effect"),
        Form("discard", ("W",), "discard CARD", "discard a card from your hand"),
        Form("hail", (), "hail", "antics: hail the Taco Master of the universe"),
        Form("accent", (), "accent", "antics: keep speaking in your accent"),
    ]
)


class TacoGame(Game):
    name = "taco"
    title = "T.A.C.O."
    grammar = GRAMMAR
    heuristic_bot = "cardroom.games.taco.bot:HeuristicBot"
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", PLAYERS_DEFAULT, "number of players, 2 to 8", choices=tuple(range(2, 9))),
        Option(
            "pool",
            None,
            "taco points in the pool; None uses the rulebook's number for the player count",
            check=_check_pool,
        ),
        Option("rounds", 1, "rounds in a match; scores are totalled over the rounds", choices=tuple(range(1, 11))),
        Option("gimme_trophy", False, "the 'Gimme that trophy!' variant", choices=(False, True)),
        Option("antics", False, "play with the antics cards (off: 'dial back the antics')", choices=(False, True)),
        Option(
            "second_pick",
            False,
            "a fair start for two (our own rule, not from the rulebook): the player who goes "
            "second is dealt 6 cards and discards 1 of their choice before the first turn, which makes up "
            "for moving second; on by default at 2 players, no effect at 3 or more",
            choices=(False, True),
        ),
        Option(
            "deck",
            LATEST,
            "our own deck design by version, 'v2' (new tables) or 'v1' (the first deck, "
            "which older records name 'standard'), or the path of your own deck file",
            check=_check_deck,
            offered=OFFERED,
        ),
    )
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "standard": {},
        "match": {"rounds": 3},
        "gimme": {"rounds": 3, "gimme_trophy": True},
        "v3": {"second_pick": True},  # deck v2 with our rule that makes the 2-player table fair
    }
    default_preset = "standard"
    # The preset a game gets by player count when none is named: two players get the fair start (v3).
    # A record or stored table names its preset, so one made before this default keeps "standard".
    default_presets: ClassVar[Mapping[int, str]] = {2: "v3"}
    # Any other deck value is a file's path: a room taking options from the network takes only these.
    network_values: ClassVar[Mapping[str, frozenset[Any]]] = {"deck": frozenset(VERSIONS)}
    progress_keys: ClassVar[frozenset[str]] = Game.progress_keys | {"hand_sizes"}
    deck: Deck
    rounds: int
    antics: bool
    gimme_trophy: bool
    second_pick: bool
    pool_start: int

    def __init__(self, preset: str | None = None, **options: Any) -> None:
        if preset is None:
            players = options.get("players", PLAYERS_DEFAULT)
            if isinstance(players, int):  # anything else is refused by the options' own check
                preset = self.default_presets.get(players)
        super().__init__(preset, **options)

    def _setup(self) -> None:
        self._players = int(self.options["players"])
        self.deck = load_deck(str(self.options["deck"]))
        self.rounds = int(self.options["rounds"])
        self.antics = bool(self.options["antics"])
        self.gimme_trophy = bool(self.options["gimme_trophy"])
        self.second_pick = bool(self.options["second_pick"])
        pool = self.options["pool"]
        self.pool_start = POOL_BY_PLAYERS[self.players] if pool is None else int(pool)
        self._space: tuple[Action, ...] | None = None

    def card_catalogue(self) -> dict[str, dict[str, Any]]:
        """Every kind of card in this match's deck file, with its food."""
        return {
            spec.slug: {
                "name": spec.name,
                "type": spec.type,
                "points": spec.points,
                "text": spec.text,
                "food": spec.food,
            }
            for spec in self.deck.specs
        }

    def spoken_actions(self) -> Mapping[str, Spoken]:
        """The antics' hail and accent, with the antics cards in play (see :mod:`.antics`)."""
        return antics.spoken_actions(self.antics)

    @property
    def players(self) -> int:
        return self._players

    def new_game(self, seed: int | None = None) -> TacoState:
        tb = Table.__new__(Table)
        tb.seed = fresh_seed() if seed is None else int(seed)
        tb.counter = 0
        tb.round = 1
        tb.first = tb.turn = tb.turns = 0
        tb.pool = tb.pool_start = self.pool_start
        tb.deck, tb.discard, tb.box = [], [], []
        tb.hands = [[] for _ in range(self.players)]
        tb.tacos = [[] for _ in range(self.players)]
        tb.points = [0] * len(self.deck.cards)
        tb.known = {}
        tb.totals = [0] * self.players
        tb.round_scores = []
        tb.trophy = tb.gimme = -1
        tb.stack = []
        tb.ages = {}
        tb.over = False
        tb.reason = ""
        eng = Engine(self, tb)
        eng.setup_round()
        eng.run()
        return TacoState(self, tb, 0, ev.from_list(eng.events))

    def load(self, data: Mapping[str, Any] | str) -> TacoState:
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError:
                raise CorruptState("a taco state is the JSON of State.to_json()") from None
        if not isinstance(data, Mapping):
            raise CorruptState("a taco state is the JSON object of State.to_json()")
        self._check_json(data)
        try:
            tb = Table.from_json(dict(data["table"]))
            history = ev.from_list([ev.Event.from_json(e) for e in data["history"]])
            state = TacoState(self, tb, int(data["step"]), history)
            if data.get("conceded"):  # empty chairs (see concede.py)
                from cardroom.games.taco.concede import ConcededTacoState  # it builds on TacoState

                return ConcededTacoState(state, tuple(int(s) for s in data["conceded"]))
            return state
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptState(f"bad taco state: {exc}") from None

    def sample(self, view: View, rng: random.Random) -> TacoState:
        seat = int(view["seat"])
        n = self.players
        tb = Table.__new__(Table)
        tb.seed = seed_from(rng)
        tb.counter = 0
        for name in ("round", "first", "turn", "turns", "pool", "pool_start", "trophy", "gimme", "reason"):
            setattr(tb, name, view[name])
        tb.totals = list(view["totals"])
        tb.round_scores = [list(r) for r in view["round_scores"]]
        tb.over = bool(view["is_over"])
        tb.points = [0] * len(self.deck.cards)
        tb.tacos = []
        for taco in view["tacos"]:
            tb.tacos.append([int(c["id"]) for c in taco])
            for c in taco:
                tb.points[int(c["id"])] = int(c["points"])
        tb.discard = [int(c["id"]) for c in view["discard"]]
        tb.box = [int(c) for c in view["box"]]
        tb.stack = json.loads(json.dumps(view["stack"]))
        seen = {*tb.discard, *tb.box}
        for taco in tb.tacos:
            seen.update(taco)
        for task in tb.stack:
            if task[0] in ("window", "resolve"):
                seen.update(int(e[0]) for e in task[1])
        own = [int(c["id"]) for c in view["hand"]]
        seen.update(own)
        tb.hands = [[] for _ in range(n)]
        tb.hands[seat] = sorted(own)
        tb.known = {}
        tb.ages = {int(c): int(a) for c, a in view.get("ages", [])}
        for card, holder, _slug in view["known"]:
            tb.hands[int(holder)].append(int(card))
            tb.known[int(card)] = 1 << seat
            seen.add(int(card))
        unknown = [c for c in range(len(self.deck.cards)) if c not in seen]
        rng.shuffle(unknown)
        for holder in range(n):
            if holder != seat:
                need = int(view["hand_sizes"][holder]) - len(tb.hands[holder])
                tb.hands[holder] = sorted(tb.hands[holder] + unknown[:need])
                del unknown[:need]
        tb.deck = unknown
        history = ev.from_list([ev.Event("recent", text, {}) for text in view["recent"]])
        state = TacoState(self, tb, int(view["step"]), history)
        if view.get("conceded"):  # the empty chairs stay empty in every imagined world
            from cardroom.games.taco.concede import ConcededTacoState  # it builds on TacoState

            return ConcededTacoState(state, tuple(int(s) for s in view["conceded"]))
        return state

    def action_space(self) -> tuple[Action, ...]:
        if self._space is None:
            seats = range(self.players)
            out = {action("pass"), action("end"), action("hail"), action("accent")}
            out.update(action("choose", s) for s in seats)
            for spec in self.deck.specs:
                out.add(action("discard", spec.slug))
                out.update(action("target", spec.slug, s) for s in seats if spec.goes_in_taco)
                if spec.goes_in_taco:
                    out.update(action("play", spec.slug, s) for s in seats)
                elif spec.type == "action":
                    out.add(action("use", spec.slug))
                else:
                    out.add(action("instant", spec.slug))
            self._space = tuple(sorted(out))
        return self._space
