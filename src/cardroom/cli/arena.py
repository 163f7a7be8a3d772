"""`cardroom arena`: bots against bots on duplicate deals, with a progress bar, tables and plots.

Kept light: matplotlib and Ray are imported only when --out or --backend ray asks for them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from cardroom.cli.options import cli_options
from cardroom.core.errors import CardroomError
from cardroom.locale import in_terminal_language as _  # its words in the terminal's language
from cardroom.locale import terminal_language
from cardroom.locale.command_refusals import command_refusal
from cardroom.locale.lab_words import LabSpeaker
from cardroom.locale.numbers import number

if TYPE_CHECKING:
    from cardroom.arena.run import ArenaResult

# `--bots A B C` takes several values after one flag: Click gives the first to --bots and the rest as
# extra arguments, which the command collects (see `arena`). The wiring passes these settings.
CONTEXT_SETTINGS = {"allow_extra_args": True}

ARENA_HELP = _(
    "Play every pairing of BOTS (or each bot alone against a table of another) on duplicate deals.\n\n"
    "Results repeat exactly for the same --seed on any backend and any --jobs when every search bot "
    "has an iteration budget (ismcts:iterations=N); ms budgets follow the clock and do not repeat."
)
ARENA_MERGE_HELP = _(
    "Merge arena runs that differ only in --seed into one result, and print its table.\n\n"
    "A long measurement can be played as several runs (--seed 1, --seed 2, ...), at different times or "
    "on different machines; merged, the win rates, intervals and ratings are those of all the games."
)


class GamesPerSecond(ProgressColumn):
    """Games finished over the time since the bar started.

    Rich's own speed is a rate over its recent updates; Ray (and a process pool) hand results back in
    bursts after a slow start, so that rate can be a hundred times the real one. Whole-run average it is.
    """

    def render(self, task: Task) -> Text:
        elapsed = task.finished_time if task.finished else task.elapsed
        if not elapsed or not task.completed:
            return Text(_("– games/s"))
        return Text(_("{rate} games/s", rate=number(task.completed / elapsed, ".2f", terminal_language())))


def arena(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=_("a game name (see `cardroom games`)"))],
    bots: Annotated[
        list[str],
        typer.Option(help=_("bot specs: --bots random heuristic ismcts:iterations=500 oracle:ms=200")),
    ],
    preset: Annotated[str | None, typer.Option(help=_("a preset of the game"))] = None,
    players: Annotated[int | None, typer.Option(help=_("number of seats, for games that take 2 or more"))] = None,
    games: Annotated[int, typer.Option(help=_("games per matchup (rounded up to whole duplicate sets)"))] = 100,
    jobs: Annotated[int, typer.Option(help=_("worker processes (or Ray CPUs for a local Ray)"))] = 1,
    seed: Annotated[int, typer.Option(help=_("the run's seed: every deal and bot seed derives from it"))] = 0,
    backend: Annotated[str, typer.Option(help=_("local (processes) or ray"))] = "local",
    address: Annotated[str | None, typer.Option(help=_("an existing Ray cluster (default: start a local one)"))] = None,
    out: Annotated[Path | None, typer.Option(help=_("folder for arena.json and the PNG plots"))] = None,
    option: Annotated[list[str], typer.Option("--option", "-o", help=_("override one option: KEY=VALUE"))] = [],  # noqa: B006
    challenger: Annotated[
        bool, typer.Option(help=_("only the first bot against each other bot (alone against a table of it)"))
    ] = False,
) -> None:
    from cardroom.arena.config import ArenaConfig
    from cardroom.arena.report import print_report
    from cardroom.arena.run import run_arena, total_games

    console = Console()
    _can_plot(out, "arena", console)
    specs = [spec for item in [*bots, *ctx.args] for spec in item.split()]
    stray = [s for s in specs if s.startswith("-")]
    if stray:
        console.print(_("[red]error:[/red] unknown option {name}", name=stray[0]), highlight=False)
        raise typer.Exit(2)
    try:
        config = ArenaConfig(
            game=game,
            bots=tuple(specs),
            games=games,
            preset=preset,
            options=cli_options(option, players),
            seed=seed,
            jobs=jobs,
            backend=backend,
            address=address,
            challenger=challenger,
        )
        total = total_games(config)
        columns = (
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            GamesPerSecond(),
            TimeElapsedColumn(),
            TextColumn(_("left")),
            TimeRemainingColumn(),
        )
        with Progress(*columns, console=console) as bar:
            task = bar.add_task(_("{game} arena", game=game), total=total)
            result = run_arena(config, progress=lambda n: bar.advance(task, n))
    except (CardroomError, ValueError, RuntimeError) as exc:
        _refuse(console, str(exc))
    print_report(result.summary, console)
    if not result.reproducible:
        console.print(_("[dim]ms budgets follow the clock: this run will not repeat exactly.[/dim]"))
    _write(result, out, console)


def arena_merge(
    runs: Annotated[list[Path], typer.Argument(help=_("arena.json files written by `cardroom arena --out`"))],
    out: Annotated[Path | None, typer.Option(help=_("folder for the merged arena.json and its plots"))] = None,
) -> None:
    from cardroom.arena.merge import load_result, merge
    from cardroom.arena.report import print_report

    console = Console()
    _can_plot(out, "arena-merge", console)
    try:
        result = merge([load_result(path) for path in runs])
    except CardroomError as exc:
        _refuse(console, str(exc))
    seeds = ", ".join(str(s) for s in result.seeds)
    console.print(
        _("{runs} runs, seeds {seeds}: {games} games", runs=len(runs), seeds=seeds, games=len(result.records)),
        highlight=False,
    )
    print_report(result.summary, console)
    _write(result, out, console)


def _refuse(console: Console, text: str) -> NoReturn:
    """An error line in the terminal's language (a refusal from below the catalogue read back)."""
    prefix = _("error:")
    console.print(f"[red]{prefix}[/red] {command_refusal(text, terminal_language())}", highlight=False)
    raise typer.Exit(2)


def _can_plot(out: Path | None, command: str, console: Console) -> None:
    """Refuse ``--out`` before a run, not after it, when the plots' library is not installed: a long
    arena run must not end in an error that could have been said at its start."""
    import importlib.util

    if out is None:
        return
    try:
        if importlib.util.find_spec("matplotlib") is not None:
            return
    except ImportError:  # a finder that refuses it outright: not installed either
        pass
    from rich.markup import escape

    from cardroom.cli.extras import missing_extra_message

    message = missing_extra_message(command, "matplotlib", terminal_language()) or _(
        "--out needs matplotlib for its plots"
    )
    prefix = _("error:")
    console.print(f"[red]{prefix}[/red] {escape(message)}", highlight=False)
    raise typer.Exit(2)


def _write(result: ArenaResult, out: Path | None, console: Console) -> None:
    """``--out``: the JSON and the plots (worded in the terminal's language, as `cardroom balance`
    words its report), each path printed."""
    from cardroom.arena.run import write_results

    if out is not None:
        for path in write_results(result, out, LabSpeaker(terminal_language())):
            console.print(_("wrote {path}", path=path), highlight=False)
