"""The rules engine: turns, plays, Instant windows, effects and rounds, working on a :class:`Table`.

Work is a stack of small tasks. :meth:`Engine.run` pops automatic tasks (start a turn, draw, resolve
a play) until the top task is a decision; :meth:`Engine.decide` applies one seat's answer to it and
runs on. Each seat's decisions come one at a time with short legal lists.
"""

from __future__ import annotations

from typing import Any

from cardroom.games.taco.effects import EFFECTS
from cardroom.games.taco.hands import TableHands

DECISIONS = frozenset(("main", "bonus", "window", "target", "choose", "discard", "hail", "accent"))
HAND_LIMIT = 7
GIMME_BONUS = 3


def rounds_played(rounds: int) -> str:
    """Why a finished match ended, in words: "1 round played", "3 rounds played"."""
    return f"{rounds} round{'' if rounds == 1 else 's'} played"


def turn_cap(players: int) -> int:
    """A safety net: a round also ends after this many turns, if nobody can empty the pool."""
    return 60 + 20 * players


class Engine(TableHands):
    """Rules applied to one working table; collects the events that happen."""

    def say_card(self, kind: str, text: str, seat: int, card: int, **more: Any) -> None:
        """An event of ``seat``'s about one card, which it names by slug and by id (then ``more``)."""
        self.say(kind, text, seat=seat, card=self.slug(card), id=card, **more)

    def fire(self, card: int, owner: int) -> None:
        spec = self.cards[card]
        EFFECTS[spec.effect].run(self, owner, card, spec.params)

    def place(self, card: int, seat: int) -> None:
        """A card played (or pulled from the discard pile) enters a taco: points, then its effect."""
        spec = self.cards[card]
        taco = self.tb.tacos[seat]
        if spec.type == "shell":
            old = taco[0]
            self.release(old, seat)
            taco[0] = card
            (self.tb.box if self.cards[old].starting else self.tb.discard).append(old)
            self.say_card(
                "shell", f"P{seat}'s {self.name(old)} is replaced by {spec.name}", seat, card, old=self.slug(old)
            )
        else:
            taco.append(card)
        self.gain(card)
        self.say_card(
            "enter",
            f"{spec.name} enters P{seat}'s taco ({self.tb.points[card]:+d})",
            seat,
            card,
            points=self.tb.points[card],
        )
        if spec.type != "poison":
            self.fire(card, seat)

    def move(self, card: int, seat: int) -> None:
        """A card moves to another taco (stolen or swapped) with the points on it."""
        source = self.owner_of(card)
        self.tb.tacos[source].remove(card)
        self.tb.tacos[seat].append(card)

    def revive(self, owner: int, card: int) -> None:
        for found in reversed(self.tb.discard):
            if self.cards[found].is_ingredient:
                self.tb.discard.remove(found)
                self.say_card(
                    "revive", f"{self.name(found)} is pulled from the discard pile into P{owner}'s taco", owner, found
                )
                self.place(found, owner)
                return
        self.say("fizzle", f"{self.name(card)}: no ingredient in the discard pile", card=self.slug(card))

    # -- the flow ---------------------------------------------------------------------------------

    def run(self) -> None:
        tb = self.tb
        while not tb.over:
            if tb.pool <= 0:
                self.end_round("the last taco point was taken")
                continue
            self.update_gimme()
            task = tb.stack[-1]
            if task[0] in DECISIONS:
                if self._still_possible(task):
                    return
                tb.stack.pop()  # its targets vanished meanwhile: the effect fizzles
                self.say("fizzle", f"{self.name(int(task[3]))} has nothing left to act on")
                continue
            tb.stack.pop()
            getattr(self, "_task_" + task[0])(task)

    def _still_possible(self, task: list[Any]) -> bool:
        if task[0] == "target":
            stage = int(task[5])
            return bool(self.targets(int(task[1]), task[2], task[4], -2 if task[2] == "swap" and stage >= 0 else -1))
        if task[0] == "choose":
            return any(self.tb.hands[s] for s in self.seats() if s != int(task[1]))
        return True

    def _task_turn(self, task: list[Any]) -> None:
        tb = self.tb
        seat = int(task[1])
        tb.turn = seat
        tb.turns += 1
        if tb.turns > turn_cap(self.n):
            self.end_round(f"the round reached its limit of {turn_cap(self.n)} turns")
            return
        self.say("turn", f"P{seat}'s turn", seat=seat)
        self.push(["end_turn", seat])
        self.push(["draw_step", seat])
        taco = tb.tacos[seat]
        for card in reversed(taco):
            if self.cards[card].type == "poison":
                self.push(["poison", seat, card])
        if self.game.antics and any(self.cards[c].effect == "taco_master" for c in taco):
            self.push(["hail", seat, [0 if s == seat else -1 for s in self.seats()]])

    def _task_poison(self, task: list[Any]) -> None:
        seat, card = int(task[1]), int(task[2])
        if card in self.tb.tacos[seat]:
            self.fire(card, seat)
            lasts = self.cards[card].params.get("turns")
            if lasts is not None:
                self.age_poison(card, seat, int(lasts))

    def age_poison(self, card: int, seat: int, lasts: int) -> None:
        """A poison with ``turns`` wears off after acting that many times: it goes to the discard pile."""
        tb = self.tb
        tb.ages[card] = tb.ages.get(card, 0) + 1
        if tb.ages[card] >= lasts:
            del tb.ages[card]
            tb.tacos[seat].remove(card)
            tb.discard.append(card)
            self.say(
                "worn_off", f"{self.name(card)} in P{seat}'s taco wears off", card=self.slug(card), id=card, seat=seat
            )

    def _task_draw_step(self, task: list[Any]) -> None:
        seat = int(task[1])
        card = self.draw(seat)
        forced = -1
        if card is not None and self.cards[card].play_immediately:
            forced = card
            self.tb.known[card] = self.everyone()
            self.say_card("forced", f"P{seat} drew {self.name(card)} and must play it immediately", seat, card)
        self.push(["main", seat, forced])

    def _task_end_turn(self, task: list[Any]) -> None:
        seat = int(task[1])
        self.push(["next", seat])
        extra = len(self.tb.hands[seat]) - HAND_LIMIT
        if extra > 0:
            self.push(["discard", seat, extra, "limit"])

    def _task_next(self, task: list[Any]) -> None:
        self.push(["turn", (int(task[1]) + 1) % self.n])

    def _task_resolve(self, task: list[Any]) -> None:
        chain = task[1]
        n = len(chain) - 1
        first, dest, player = (int(x) for x in chain[0])
        if n % 2:
            self.tb.discard.append(first)
            self.say("cancelled", f"{self.name(first)} is cancelled", card=self.slug(first), id=first)
        for k in range(1, n + 1):
            card, _, who = (int(x) for x in chain[k])
            self.tb.discard.append(card)
        for k in range(n, 0, -1):  # the Instants that were not themselves stopped do their extra part
            if (n - k) % 2 == 0:
                card, _, who = (int(x) for x in chain[k])
                self.fire(card, who)
        if n % 2 == 0:
            self.resolve_play(first, dest, player)

    def resolve_play(self, card: int, dest: int, player: int) -> None:
        spec = self.cards[card]
        if spec.type == "action":
            self.tb.discard.append(card)
            self.fire(card, player)
        else:
            self.place(card, dest)

    def _task_enter(self, task: list[Any]) -> None:
        card, seat = int(task[1]), int(task[2])
        if card in self.tb.tacos[seat] and self.cards[card].type != "poison":
            self.fire(card, seat)

    # -- rounds ----------------------------------------------------------------------------------

    def update_gimme(self) -> None:
        if not self.game.gimme_trophy:
            return
        tb = self.tb
        counts = [sum(1 for c in taco if self.cards[c].type == "basic") for taco in tb.tacos]
        best = max(counts)
        if tb.gimme < 0:
            leaders = [s for s in self.seats() if counts[s] == best]
            if best > 0 and len(leaders) == 1:
                tb.gimme = leaders[0]
                self.say("gimme", f"P{tb.gimme} claims the taco trophy (most basic ingredients)", seat=tb.gimme)
        elif best >= counts[tb.gimme] + 1:
            order = [(tb.turn + i) % self.n for i in range(self.n)]
            taker = next(s for s in order if counts[s] == best)
            tb.gimme = taker
            self.say("gimme", f"P{taker} takes the taco trophy (more basic ingredients)", seat=taker)

    def taco_points(self, seat: int) -> int:
        return sum(self.tb.points[c] for c in self.tb.tacos[seat])

    def end_round(self, why: str) -> None:
        tb = self.tb
        scores = [self.taco_points(s) + (GIMME_BONUS if s == tb.gimme else 0) for s in self.seats()]
        tb.round_scores.append(scores)
        for s in self.seats():
            tb.totals[s] += scores[s]
        best = max(scores)
        order = [(tb.first + i) % self.n for i in range(self.n)]
        tb.trophy = next(s for s in order if scores[s] == best)  # ties: first clockwise from the starter
        self.say(
            "round_end",
            f"Round {tb.round} is over ({why}); P{tb.trophy} wins the taco trophy",
            round=tb.round,
            scores=scores,
            totals=list(tb.totals),
            trophy=tb.trophy,
        )
        tb.stack = []
        if tb.round >= self.game.rounds:
            tb.over = True
            tb.reason = rounds_played(self.game.rounds)
            self.say("game_over", "The match is over", totals=list(tb.totals))
            return
        tb.round += 1
        self.setup_round()

    def setup_round(self) -> None:
        """Shells out, deck shuffled, hands dealt (6 to the trophy holder, and to the second player with
        ``second_pick``, who then discards one), one card face up."""
        tb = self.tb
        game = self.game
        deck_ids = game.deck.deck_ids(game.antics)
        starting = game.deck.starting_ids
        tb.points = [0] * len(self.cards)
        tb.tacos = [[starting[s]] for s in self.seats()]
        tb.box = sorted(set(range(len(self.cards))) - set(deck_ids) - set(starting[: self.n]))
        tb.hands = [[] for _ in self.seats()]
        tb.known = {}
        tb.discard = []
        tb.deck = list(deck_ids)
        self.rng().shuffle(tb.deck)
        tb.pool = tb.pool_start
        tb.gimme = -1
        tb.turns = 0
        tb.ages = {}
        tb.first = tb.trophy if tb.trophy >= 0 else self.rng().randrange(self.n)
        self.say(
            "round", f"Round {tb.round} begins; P{tb.first} goes first", round=tb.round, first=tb.first, pool=tb.pool
        )
        picker = self.second_pick_seat()
        for i in range(self.n):
            seat = (tb.first + i) % self.n
            for _ in range(6 if seat in (tb.trophy, picker) else 5):
                self.deal_one(seat)
        if tb.deck:
            tb.discard.append(tb.deck.pop())
            top = tb.discard[-1]
            self.say("flip", f"{self.name(top)} starts the discard pile", card=self.slug(top), id=top)
        self.push(["turn", tb.first])
        if picker >= 0:  # above the first turn: the pick is made before anyone plays
            self.push(["discard", picker, 1, "opening"])

    def second_pick_seat(self) -> int:
        """The seat that is dealt a sixth card and discards one before the first turn (our ``second_pick``
        option: the second player at a 2-player table), or -1."""
        if not self.game.second_pick or self.n != 2:
            return -1
        return (self.tb.first + 1) % self.n

    def deal_one(self, seat: int) -> None:
        tb = self.tb
        while tb.deck:
            card = tb.deck.pop()
            if self.cards[card].play_immediately:
                # A "play immediately" card dealt into a starting hand is discarded and replaced.
                tb.discard.append(card)
                self.say_card(
                    "redeal",
                    f"P{seat} was dealt {self.name(card)} (play immediately): discarded, another card dealt",
                    seat,
                    card,
                )
                continue
            self.to_hand(seat, card)
            self.say("dealt", f"You are dealt {self.name(card)}", [seat], card=self.slug(card), id=card)
            return
