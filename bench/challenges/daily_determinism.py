"""The deal of the day's determinism at length (issue 54): one deal played again and again with the
same choices, each bot decision by a freshly made bot (as after a restart) with the generator the room
gives a replayable bot (its table's seed, step and seat), must give one and the same game every time.

The entrant's seat plays either the first legal action or a replayable bot of its own (the expert by
default: the duplicate score's reference), so the entrant's choices also depend on the cards.
Prints the number of distinct games (1 is the aim), the game's length, and the time per replay.

    python bench/challenges/daily_determinism.py                                  # 1,000 replays of each slot
    python bench/challenges/daily_determinism.py --replays 100 --slot taco-2 --bots ismcts:iterations=100
"""

from __future__ import annotations

import argparse
import sys
import time

from cardroom.server.room.daily import deal_seed, slot_named, slots
from cardroom.server.room.daily_replay import bot_chooser, play_deal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replays", type=int, default=1000)
    parser.add_argument("--slot", action="append", help="a slot's key (default: every slot)")
    parser.add_argument("--bots", default="ismcts:iterations=30", help="the deal's bots (must count their effort)")
    parser.add_argument("--entrant", default="ismcts:iterations=30", help="the entrant's seat's replayable bot")
    parser.add_argument("--day", default="2026-11-29")
    args = parser.parse_args()
    chosen = [slot_named(k) for k in args.slot] if args.slot else list(slots())
    for slot in chosen:
        seed = deal_seed("the bench's secret", args.day, slot.key, 0)
        entrant = bot_chooser(args.entrant, seed)
        play_deal(slot, seed, args.bots, entrant)  # load the compiled searches once, outside the clock
        began = time.perf_counter()
        games = set()
        for n in range(1, args.replays + 1):
            games.add(tuple(play_deal(slot, seed, args.bots, entrant)[0]))
            if n % 100 == 0:  # progress on a long run
                print(f"  {slot.key}: {n} replays, {time.perf_counter() - began:.0f} s", file=sys.stderr)
        seconds = time.perf_counter() - began
        length = len(next(iter(games)))
        print(
            f"{slot.key:22} {args.replays} replays: {len(games)} distinct game{'s' if len(games) != 1 else ''}, "
            f"{length} moves, {1000 * seconds / args.replays:.1f} ms per replay"
        )


if __name__ == "__main__":
    main()
