"""A deal of the day played out in memory, exactly as the room's replayable bots would answer it: each
bot decision by a freshly made bot (as after a restart) with the generator of its table's seed, step
and seat (:func:`.autoplay.replay_rng`). Used to play the expert through a deal (its duplicate
reference) and to show that the same choices always give the same game."""

from __future__ import annotations

import os
from collections.abc import Callable

from cardroom.bots.specs import make_bot
from cardroom.core.bot import shown
from cardroom.core.game import Game, State
from cardroom.core.outcome import Outcome
from cardroom.core.registry import make
from cardroom.server.room.autoplay import replay_rng
from cardroom.server.room.daily import SEAT, Slot, slot_named
from cardroom.server.room.daily_play import Job, analysis_of, luck_adjusted

EXPERT = "expert:iterations=300"  # $CARDROOM_DAILY_EXPERT: the reference (must count its effort)

Chooser = Callable[[Game, State, int], str]  # the entrant's choice in a state (game, state, step)


def bot_chooser(spec: str, seed: int) -> Chooser:
    """The entrant's seat played by a replayable bot (the expert's reference)."""

    def choose(game: Game, state: State, step: int) -> str:
        bot = make_bot(spec, game)
        return str(bot.choose(game, shown(bot, state, SEAT), replay_rng(seed, step, SEAT)))

    return choose


def play_deal(slot: Slot, seed: int, bots: str, entrant: Chooser) -> tuple[list[tuple[int, str]], Outcome]:
    """The game (seat, action per step) and its outcome: the entrant's seat by ``entrant``, the others
    by the deal's bots. Of several seats to act at once, the lowest acts first."""
    game = make(slot.game, None, **slot.options)
    state, step, moves = game.new_game(seed=seed), 0, []
    while not state.is_over:
        seat = min(state.to_act)
        if seat == SEAT:
            action = entrant(game, state, step)
        else:
            bot = make_bot(bots, game)
            action = str(bot.choose(game, shown(bot, state, seat), replay_rng(seed, step, seat)))
        moves.append((seat, action))
        state, step = state.apply(seat, action), step + 1
    outcome = state.outcome
    assert outcome is not None
    return moves, outcome


def expert_spec() -> str:
    return os.environ.get("CARDROOM_DAILY_EXPERT", EXPERT)


def reference_game(slot_key: str, seed: int, bots: str, expert: str) -> tuple[list[tuple[int, str]], Outcome]:
    """The expert's game in the entrant's seat of one copy, against the same bots (:func:`play_deal`)."""
    return play_deal(slot_named(slot_key), seed, bots, bot_chooser(expert, seed))


def reference_points(slot_key: str, seed: int, bots: str, expert: str) -> float:
    """The expert's points (1 for first place .. 0 for last) in the entrant's seat of one copy, against
    the same bots: deterministic, and slow (seconds), so the room keeps it once played
    (:mod:`.daily_reference`)."""
    players = slot_named(slot_key).players
    _, outcome = reference_game(slot_key, seed, bots, expert)
    return (players - outcome.place(SEAT)) / (players - 1)


def reference_result(slot_key: str, seed: int, bots: str, expert: str) -> tuple[float, float]:
    """The expert's points (as :func:`reference_points`) and its luck-adjusted result: its game
    analysed exactly as an entrant's is for the standings (:func:`.daily_play.analysis_of`, expected
    losses). One game played for both."""
    slot = slot_named(slot_key)
    moves, outcome = reference_game(slot_key, seed, bots, expert)
    points = (slot.players - outcome.place(SEAT)) / (slot.players - 1)
    names = ("Expert", *(f"Bot {k}" for k in range(1, slot.players)))
    job = Job(make(slot.game, None, **slot.options), seed, tuple(moves), SEAT, outcome, None, names)
    return points, luck_adjusted(analysis_of(job), expected=True)
