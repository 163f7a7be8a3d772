"""`cardroom balance`'s face: its options and their help in the terminal's language, and the words (and
the figures' style) the balance lab prints and writes into its HTML report, handed to it (the lab
itself, :mod:`cardroom.balance.cli`, reads no catalogue)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cardroom.balance.cli import CONTEXT_SETTINGS
from cardroom.balance.cli import balance as run_balance
from cardroom.locale import in_terminal_language as _  # the help texts in the terminal's language
from cardroom.locale import terminal_language
from cardroom.locale.lab_words import LabSpeaker

__all__ = ["BALANCE_HELP", "CONTEXT_SETTINGS", "balance"]

BALANCE_HELP = _(
    "Play GAME many times with fixed bots on duplicate deals and report what the games say about its design.\n\n"
    "First the share of games or rounds ended by a safety limit (red when not zero), then length, seat "
    "advantage by turn order with Wilson intervals, the skill gap (--skill-games), and for a deck that "
    "is data (T.A.C.O.) each card's value, effect counts, the pool over time and stalled rounds."
)


def balance(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=_("a game name (see `cardroom games`)"))],
    bots: Annotated[list[str], typer.Option(help=_("bot specs; one spec plays every seat, several rotate seats"))] = [],  # noqa: B006 - Typer reads list defaults this way
    games: Annotated[int, typer.Option(help=_("games to play (for each side of --compare)"))] = 200,
    players: Annotated[int | None, typer.Option(help=_("number of seats, for games that take 2 or more"))] = None,
    deck: Annotated[str | None, typer.Option(help=_("a deck file or version, for games whose deck is data"))] = None,
    preset: Annotated[str | None, typer.Option(help=_("a preset of the game"))] = None,
    option: Annotated[list[str], typer.Option("--option", "-o", help=_("override one option: KEY=VALUE"))] = [],  # noqa: B006
    compare: Annotated[
        tuple[str, str] | None,
        typer.Option(help=_("two decks (versions or files) or option sets (KEY=VALUE,KEY=VALUE) side by side")),
    ] = None,
    skill_games: Annotated[int, typer.Option(help=_("games a matchup for the skill gap matrix (0: skip it)"))] = 0,
    skill_bots: Annotated[
        str, typer.Option(help=_("bots of the skill gap matrix, space-separated"))
    ] = "random heuristic ismcts:iterations=100",
    jobs: Annotated[int, typer.Option(help=_("worker processes (or Ray CPUs)"))] = 1,
    seed: Annotated[int, typer.Option(help=_("the run's seed: every deal and bot seed derives from it"))] = 0,
    backend: Annotated[str, typer.Option(help=_("local (processes) or ray"))] = "local",
    blocks: Annotated[
        int,
        typer.Option(
            help=_(
                "independent seed blocks the games are split into; each is reported, pooled, and tested for agreement"
            )
        ),
    ] = 4,
    paired_games: Annotated[
        int,
        typer.Option(
            help=_(
                "deals for each card's paired values (the same deal replayed "
                "with the card as a blank, and with one more copy); 0: skip"
            )
        ),
    ] = 0,
    engine: Annotated[
        str,
        typer.Option(
            help=_(
                "auto (the compiled kernel where the game and bot have one), kernel "
                "(refuse otherwise) or reference (the rules engine)"
            )
        ),
    ] = "auto",
    out: Annotated[Path | None, typer.Option(help=_("folder for balance.json, report.html and the PNG plots"))] = None,
) -> None:
    run_balance(
        ctx.args, game, bots, games, players, deck, preset, option, compare, skill_games, skill_bots, jobs, seed,
        backend, blocks, paired_games, engine, out, LabSpeaker(terminal_language()),
    )  # fmt: skip
