"""Playing the games of one deal task: the code that runs inside a worker.

Each bot sees only its own seat's view, except a bot labelled ``cheats`` (the oracle), which is
handed the true state; that is the one place in cardroom a bot gets one. Where several seats are to act
at once, the lowest seat is asked first: the engine's views never show another seat's pending choice,
so the order tells nobody anything.
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass
from typing import Any

from cardroom.arena.config import ArenaConfig
from cardroom.arena.schedule import DealTask
from cardroom.bots.specs import make_bot
from cardroom.core.bot import Bot, ask
from cardroom.core.game import Game, State
from cardroom.core.registry import make


@dataclass(frozen=True)
class GameRecord:
    """The result of one game, and what each seat's decisions cost."""

    matchup: int
    deal: int
    rotation: int
    seats: tuple[int, ...]  # bot index at each seat
    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    reason: str
    steps: int
    decisions: tuple[int, ...]  # per seat
    think_seconds: tuple[float, ...]  # per seat, summed
    worst_seconds: tuple[float, ...]  # per seat, the slowest decision

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["ranking"] = [list(g) for g in self.ranking]
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in data.items()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        return cls(
            matchup=int(data["matchup"]),
            deal=int(data["deal"]),
            rotation=int(data["rotation"]),
            seats=tuple(data["seats"]),
            winners=tuple(data["winners"]),
            ranking=tuple(tuple(g) for g in data["ranking"]),
            reason=str(data["reason"]),
            steps=int(data["steps"]),
            decisions=tuple(data["decisions"]),
            think_seconds=tuple(data["think_seconds"]),
            worst_seconds=tuple(data["worst_seconds"]),
        )

    def outcome_key(self) -> tuple[Any, ...]:
        """Everything but the clock: equal across backends and job counts for the same seed."""
        return (self.matchup, self.deal, self.rotation, self.seats, self.winners, self.ranking, self.steps)


def make_game(config: ArenaConfig) -> Game:
    return make(config.game, preset=config.preset, **config.options)


def play_game(game: Game, bots: list[Bot], seed: int, rngs: list[random.Random]) -> tuple[State, list[list[float]]]:
    """One game from ``seed``; ``bots[seat]`` plays each seat. Returns the end state and decision times."""
    state = game.new_game(seed)
    times: list[list[float]] = [[] for _ in bots]
    while not state.is_over:
        seat = state.to_act[0]
        bot = bots[seat]
        start = time.perf_counter()
        if getattr(bot, "cheats", False):
            text = bot.choose_with_state(game, state, seat, rngs[seat])  # type: ignore[attr-defined]
        else:
            text = ask(bot, state, seat, rngs[seat])
        times[seat].append(time.perf_counter() - start)
        state = state.apply(seat, text)
    return state, times


def run_task(config: ArenaConfig, task: DealTask) -> list[GameRecord]:
    """Every rotation of one deal."""
    game = make_game(config)
    records = []
    for rotation in range(game.players):
        seats = task.matchup.seats(rotation)
        bots = [make_bot(config.bots[b], game, allow_cheats=True) for b in seats]
        rngs = [random.Random(task.bot_seed(rotation, seat)) for seat in range(game.players)]
        state, times = play_game(game, bots, task.game_seed, rngs)
        outcome = state.outcome
        assert outcome is not None
        records.append(
            GameRecord(
                matchup=task.matchup.index,
                deal=task.deal,
                rotation=rotation,
                seats=seats,
                winners=tuple(outcome.winners),
                ranking=tuple(tuple(g) for g in outcome.ranking),
                reason=outcome.reason,
                steps=state.step,
                decisions=tuple(len(t) for t in times),
                think_seconds=tuple(sum(t) for t in times),
                worst_seconds=tuple(max(t, default=0.0) for t in times),
            )
        )
    return records
