"""The strength table's rows (``bench/bots/strength.py``): which bots meet, at how many seats, for which target."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from cardroom.bots.expert import expert_search


def expert_oracle(game: str) -> str:
    """The expert's search settings in ``game`` (its playout cut, its exploration where tuned), given to
    its oracle so that the oracle searches with the same playouts."""
    return ",".join(f"{key}={value}" for key, value in expert_search(game).items())


@dataclass(frozen=True)
class Figure:
    key: str
    game: str
    players: int
    # The share the bot must reach; None for a table measured only for the gap to perfect information.
    target: float | None
    oracle: bool = False
    wilson_target: float | None = None
    # The two searches against each other (issue 15): ismcts on the kernel against ismcts-ref.
    fast: bool = False
    # The bot measured alone at a table of more seats: ismcts, or the oracle for its gap closure.
    alone: str = "ismcts"
    # The measured bot, and the bot it meets at the same budget (None: the heuristic, unbudgeted).
    bot: str = "ismcts"
    vs: str | None = None
    # More parameters for the oracle (the expert's cut, so its oracle plays the same playouts).
    oracle_params: str = ""


FIGURES = {
    "tacocat": Figure("tacocat", "tacocat", 2, 0.60, oracle=True, wilson_target=0.55),
    "kittens2": Figure("kittens2", "exploding-kittens", 2, 0.58, oracle=True),
    "kittens4": Figure("kittens4", "exploding-kittens", 4, 0.31),
    "kittens4-oracle": Figure("kittens4-oracle", "exploding-kittens", 4, 0.31, alone="oracle"),
    "taco4": Figure("taco4", "taco", 4, 0.32),
    "taco4-oracle": Figure("taco4-oracle", "taco", 4, 0.32, alone="oracle"),
    "fast-tacocat": Figure("fast-tacocat", "tacocat", 2, 0.60, fast=True),
    "fast-kittens2": Figure("fast-kittens2", "exploding-kittens", 2, 0.55, fast=True),
    "fast-kittens4": Figure("fast-kittens4", "exploding-kittens", 4, 0.31, fast=True),
    "fast-taco4": Figure("fast-taco4", "taco", 4, 0.32, fast=True),
    # The expert (issue 29) against today's kernel ismcts at the same budget.
    "expert-tacocat": Figure("expert-tacocat", "tacocat", 2, 0.60, wilson_target=0.55, bot="expert", vs="ismcts"),
    "expert-kittens2": Figure(
        "expert-kittens2", "exploding-kittens", 2, 0.60, wilson_target=0.55, bot="expert", vs="ismcts"
    ),
    "expert-kittens4": Figure("expert-kittens4", "exploding-kittens", 4, 0.35, alone="expert", vs="ismcts"),
    "expert-taco4": Figure("expert-taco4", "taco", 4, 0.35, alone="expert", vs="ismcts"),
    # ... and against the heuristic, with the oracle given the expert's playouts (the gap to perfect
    # information that remains).
    "expert-tacocat-heuristic": Figure(
        "expert-tacocat-heuristic",
        "tacocat",
        2,
        None,
        oracle=True,
        bot="expert",
        oracle_params=expert_oracle("tacocat"),
    ),
    "expert-kittens2-heuristic": Figure(
        "expert-kittens2-heuristic",
        "exploding-kittens",
        2,
        None,
        oracle=True,
        bot="expert",
        oracle_params=expert_oracle("exploding-kittens"),
    ),
    "expert-kittens4-heuristic": Figure("expert-kittens4-heuristic", "exploding-kittens", 4, None, alone="expert"),
    "expert-kittens4-oracle": Figure(
        "expert-kittens4-oracle",
        "exploding-kittens",
        4,
        None,
        alone="oracle",
        oracle_params=expert_oracle("exploding-kittens"),
    ),
    "expert-taco4-heuristic": Figure("expert-taco4-heuristic", "taco", 4, None, alone="expert"),
    "expert-taco4-oracle": Figure(
        "expert-taco4-oracle", "taco", 4, None, alone="oracle", oracle_params=expert_oracle("taco")
    ),
}


def budget(args: argparse.Namespace) -> str:
    text = f"iterations={args.iterations}" if args.iterations else f"ms={args.ms:g}"
    return text + (f",{args.params}" if args.params else "")


def lineup(fig: Figure, args: argparse.Namespace) -> list[str]:
    search = f"{fig.bot}:{budget(args)}"
    extra = f",{fig.oracle_params}" if fig.oracle_params else ""
    oracle = [f"oracle:{budget(args)}{extra}"] if fig.oracle and not args.no_oracle else []
    if fig.fast:  # two seats: ismcts-ref is the baseline; more: ismcts alone against ismcts-ref
        return [f"ismcts-ref:{budget(args)}", search] if fig.players == 2 else [search, f"ismcts-ref:{budget(args)}"]
    alone = f"{fig.alone}:{budget(args)}" + (extra if fig.alone == "oracle" else "")
    if fig.vs is not None:  # against a budgeted bot: the baseline first at two seats, else the bot alone
        baseline = f"{fig.vs}:{budget(args)}"
        return [baseline, search] if fig.players == 2 else [alone, baseline]
    # Two seats: the heuristic first, against each search (--challenger): ismcts vs oracle is not
    # needed for any figure. More seats: the measured bot first, alone against three heuristics.
    if fig.players == 2:
        return ["heuristic", search, *oracle]
    return [alone, "heuristic"]


def needs_kernel(fig: Figure) -> bool:
    """Whether the row means nothing without the game's compiled kernel (its two searches would be one)."""
    return fig.fast or fig.bot == "expert" or fig.alone == "expert" or bool(fig.oracle_params)
