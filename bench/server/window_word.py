"""What the room's reaction-window check costs per state: the old guess from the public view (every
seat's legal list, sometimes a spectator's whole view) against the game's ``State.reaction_window``.

Run: ``.venv/bin/python -m bench.window_word``. The room asks after every stored action. States are
loaded fresh for each block (no legal list cached, as after a real action); the two checks alternate
order by block, and each line gives the median over the blocks.
"""

from __future__ import annotations

import statistics
import time

from tests.core.test_room_words import old_is_reaction_window, walk

from cardroom.core.game import State

BLOCKS = 7
TABLES = (("taco", "standard", 4), ("taco", "standard", 2), ("exploding-kittens", "classic", 4))


def per_state(check: str, base: list[State]) -> float:
    states = [s.game.load(s.to_json()) for s in base]
    started = time.perf_counter()
    if check == "old":
        for state in states:
            old_is_reaction_window(state)
    else:
        for state in states:
            _ = state.reaction_window
    return (time.perf_counter() - started) / len(states) * 1e6


def main() -> None:
    for name, preset, players in TABLES:
        base = [s for seed in range(8) for s in walk(name, preset, players, seed)]
        times: dict[str, list[float]] = {"old": [], "new": []}
        for block in range(BLOCKS):
            for check in ("old", "new") if block % 2 == 0 else ("new", "old"):
                times[check].append(per_state(check, base))
        print(
            f"{name} {preset} {players}p, {len(base)} states: microseconds per state, median of {BLOCKS} blocks: "
            f"old guess {statistics.median(times['old']):.1f}, State.reaction_window {statistics.median(times['new']):.2f}"
        )


if __name__ == "__main__":
    main()
