"""A tiny game with every shape of decision the search must handle, so the bot tests do not wait on
(or break with) any one real game.

"Sneaky high card", 2 to 4 seats. Everyone is dealt four cards; the rest form a face-down deck. Each of
three rounds: every seat plays a card face down at once (a simultaneous decision, choices hidden until
all have chosen); the highest card scores a point and its owner draws the top card of the deck (a
hidden draw). Then a reaction window asks every seat at once to ``pass`` or ``burn`` (discard its
lowest card face down, allowed while it holds more cards than rounds remain). Most points wins.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from cardroom.core import rng as rngmod
from cardroom.core.action import Action, Form, Grammar, action
from cardroom.core.game import Game, State, View
from cardroom.core.options import Option
from cardroom.core.outcome import Outcome

HAND = 4
ROUNDS = 3

Hands = tuple[tuple[int, ...], ...]


class SneakyState(State):
    __slots__ = ("burned", "deck", "game", "hands", "history", "pending", "phase", "played", "scores", "seed", "step")

    def __init__(
        self,
        game: SneakyGame,
        seed: int,
        hands: Hands,
        deck: tuple[int, ...],
        burned: Hands,
        pending: tuple[Any, ...],
        phase: str,
        scores: tuple[int, ...],
        played: Hands,
        step: int,
    ) -> None:
        self.game, self.seed, self.hands, self.deck, self.burned = game, seed, hands, deck, burned
        self.pending, self.phase, self.scores, self.played = pending, phase, scores, played
        self.step, self.history = step, None

    @property
    def to_act(self) -> tuple[int, ...]:
        if len(self.played) >= ROUNDS and self.phase == "play":
            return ()
        return tuple(s for s, p in enumerate(self.pending) if p is None)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act:
            return ()
        if self.phase == "play":
            return tuple(sorted(action("play", v) for v in set(self.hands[seat])))
        left = ROUNDS - len(self.played)
        burn = (action("burn"),) if len(self.hands[seat]) > left else ()
        return tuple(sorted((action("pass"), *burn)))

    def _why_illegal(self, seat: int, act: Action) -> str:
        return "not allowed now"

    def _apply(self, seat: int, act: Action) -> State:
        hands = [list(h) for h in self.hands]
        burned = [list(b) for b in self.burned]
        pending = list(self.pending)
        deck, scores, played, phase = self.deck, self.scores, self.played, self.phase
        if act.verb == "play":
            hands[seat].remove(int(act.args[0]))
            pending[seat] = int(act.args[0])
        elif act.verb == "burn":
            low = min(hands[seat])
            hands[seat].remove(low)
            burned[seat].append(low)
            pending[seat] = "burn"
        else:
            pending[seat] = "pass"
        if all(p is not None for p in pending):
            if phase == "play":
                cards = tuple(int(p) for p in pending)
                best = max(cards)
                winner = cards.index(best)
                scores = tuple(s + (i == winner) for i, s in enumerate(scores))
                hands[winner].append(deck[0])
                deck = deck[1:]
                played = (*played, cards)
                phase = "react" if len(played) < ROUNDS else "play"
            else:
                phase = "play"
            pending = [None] * len(pending)
        return SneakyState(
            self.game,
            self.seed,
            tuple(tuple(sorted(h)) for h in hands),
            deck,
            tuple(tuple(sorted(b)) for b in burned),
            tuple(pending),
            phase,
            scores,
            played,
            self.step + 1,
        )

    @property
    def outcome(self) -> Outcome | None:
        if len(self.played) < ROUNDS or self.phase != "play":
            return None
        best = max(self.scores)
        winners = tuple(s for s, v in enumerate(self.scores) if v == best)
        losers = tuple(s for s in range(self.game.players) if s not in winners)
        return Outcome(winners, (winners, losers) if losers else (winners,), "most points")

    def _view(self, seat: int | None) -> View:
        mine = seat is not None
        return {
            "phase": self.phase,
            "hand": list(self.hands[seat]) if mine else [],
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "burned": list(self.burned[seat]) if mine else [],
            "burned_counts": [len(b) for b in self.burned],
            "scores": list(self.scores),
            "played": [list(r) for r in self.played],
            "my_choice": self.pending[seat] if mine else None,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "seed": self.seed,
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "burned": [list(b) for b in self.burned],
            "pending": list(self.pending),
            "phase": self.phase,
            "scores": list(self.scores),
            "played": [list(r) for r in self.played],
            "step": self.step,
        }

    def census(self) -> Mapping[str, int]:
        cards = [c for h in self.hands for c in h] + list(self.deck) + [c for b in self.burned for c in b]
        cards += [c for r in self.played for c in r] + [p for p in self.pending if isinstance(p, int)]
        return {"cards": len(cards), "sum": sum(cards)}

    def shuffle_unknown(self, seat: int | None, rng: random.Random) -> State:
        if seat is None:
            return self
        return self.game.sample(self.view(seat), rng)


class SneakyGame(Game):
    name = "sneaky-high-card"
    title = "Sneaky high card (test game)"
    option_specs = (Option("players", 2, "seats", choices=(2, 3, 4)),)
    presets: Mapping[str, Mapping[str, Any]] = {"two": {"players": 2}, "four": {"players": 4}}
    default_preset = "two"
    grammar = Grammar([Form("play", ("N",), "play N"), Form("burn", (), "burn"), Form("pass", (), "pass")])
    heuristic_bot = "tests.support.sneaky_game:HighestCardBot"

    @property
    def players(self) -> int:
        return int(self.options["players"])

    def cards(self) -> list[int]:
        return list(range(1, (HAND + 1) * self.players + ROUNDS + 2))

    def new_game(self, seed: int | None = None) -> State:
        seed = rngmod.fresh_seed() if seed is None else seed
        deck = self.cards()
        rngmod.derive(seed, 0).shuffle(deck)
        n = self.players
        hands = tuple(tuple(sorted(deck[i * HAND : (i + 1) * HAND])) for i in range(n))
        return SneakyState(self, seed, hands, tuple(deck[n * HAND :]), ((),) * n, (None,) * n, "play", (0,) * n, (), 0)

    def load(self, data: Mapping[str, Any] | str) -> State:
        assert not isinstance(data, str)
        return SneakyState(
            self,
            data["seed"],
            tuple(tuple(h) for h in data["hands"]),
            tuple(data["deck"]),
            tuple(tuple(b) for b in data["burned"]),
            tuple(data["pending"]),
            data["phase"],
            tuple(data["scores"]),
            tuple(tuple(r) for r in data["played"]),
            data["step"],
        )

    def sample(self, view: View, rng: random.Random) -> State:
        seat = int(view["seat"])
        known = list(view["hand"]) + list(view["burned"]) + [c for r in view["played"] for c in r]
        if isinstance(view["my_choice"], int):
            known.append(view["my_choice"])
        unseen = [c for c in self.cards() if c not in known]
        rng.shuffle(unseen)

        def take(k: int) -> list[int]:
            nonlocal unseen
            got, unseen = unseen[:k], unseen[k:]
            return got

        hands, burned, pending = [], [], []
        for s in range(self.players):
            if s == seat:
                hands.append(tuple(view["hand"]))
                burned.append(tuple(view["burned"]))
                pending.append(view["my_choice"])
                continue
            hands.append(tuple(sorted(take(view["hand_sizes"][s]))))
            burned.append(tuple(sorted(take(view["burned_counts"][s]))))
            chose = s not in view["to_act"] and not view["is_over"]
            if not chose:
                pending.append(None)
            elif view["phase"] == "play":
                pending.append(take(1)[0])
            else:
                # Whether it burned is hidden, but its counts already show it: a reaction is public.
                pending.append("pass")
        deck = tuple(take(view["deck_size"]))
        return SneakyState(
            self,
            rngmod.seed_from(rng),
            tuple(hands),
            deck,
            tuple(burned),
            tuple(pending),
            view["phase"],
            tuple(view["scores"]),
            tuple(tuple(r) for r in view["played"]),
            int(view["step"]),
        )

    def action_space(self) -> tuple[Action, ...]:
        return tuple(sorted([action("burn"), action("pass"), *(action("play", v) for v in self.cards())]))


class HighestCardBot:
    """The toy game's 'heuristic': its highest card, never burns."""

    name = "heuristic"

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        legal = view["legal_actions"]
        return "pass" if "pass" in legal else str(legal[-1])


@contextmanager
def registered() -> Iterator[None]:
    """The toy game in the registry for the duration (the arena makes games by name)."""
    import cardroom
    from cardroom.core.registry import _REGISTERED

    cardroom.register(SneakyGame.name, SneakyGame)
    try:
        yield
    finally:
        _REGISTERED.pop(SneakyGame.name, None)
